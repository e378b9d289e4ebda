import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  campaignLimitsResponseSchema,
  staffRequestAcceptedSchema,
  campaignActionParamsSchema,
  campaignCreateBodySchema,
  campaignListQuerySchema,
  campaignPageSchema,
  campaignParamsSchema,
  campaignResponseSchema,
  campaignUpdateBodySchema,
  promoCodeCreateBodySchema,
  pageWindow,
  promoCodeSchema,
} from '@playhouse/shared';
import { sendCsv } from '../../../lib/csv';
import { answerNoStore } from '../../../lib/route-hooks';
import { errorResponses } from '../../../lib/route-schemas';
import { staffActor } from '../../../plugins/auth';
import { requestRoutes } from './request-routes';

/**
 * /spa/staff/campaigns: bonus campaigns as marketing runs them (list, read, create, edit, pause, resume, end) and
 * their promo codes. Offering a campaign to a chosen player is /spa/staff/bonuses/offers (four eyes).
 */
const staffCampaignRoutes: FastifyPluginAsyncZod = async (app) => {
  const { campaigns, limits } = app.services.marketing;

  answerNoStore(app);

  app.get(
    '/campaigns/limits',
    {
      config: { permission: 'bonuses.read' },
      schema: {
        operationId: 'staffCampaignLimitsForMarketing',
        tags: ['staff'],
        summary: "The admins' limits per currency that no campaign passes (what the campaign form checks against)",
        response: { 200: campaignLimitsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      // GET /spa/staff/campaigns/limits - the limits, for the campaign form
      return { limits: await limits.list() };
    },
  );

  // A campaign, an edit of a live one and a promo code go live when a second marketing member approves them.
  requestRoutes(app, {
    path: '/campaigns/requests',
    kinds: ['campaign_publish', 'campaign_edit', 'promo_code'],
    read: 'bonuses.read',
    decide: 'campaigns.approve',
    operation: 'staffCampaignRequest',
    what: 'campaigns, their edits and promo codes',
  });

  app.get(
    '/campaigns',
    {
      config: { permission: 'bonuses.read' },
      schema: {
        operationId: 'staffCampaigns',
        tags: ['staff'],
        summary: 'Bonus campaigns, one page (or all as CSV), filtered by status, trigger or a search in slug and name',
        querystring: campaignListQuerySchema,
        response: { 200: campaignPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/campaigns - a page of campaigns
      const page = await campaigns.list(request.query, pageWindow(request.query));
      if (request.query.format !== 'csv') return page;
      return sendCsv(
        reply,
        'campaigns.csv',
        [
          { key: 'id', header: 'id' },
          { key: 'slug', header: 'slug' },
          { key: 'name', header: 'name' },
          { key: 'kind', header: 'kind' },
          { key: 'trigger', header: 'trigger' },
          { key: 'status', header: 'status' },
          { key: 'wager', header: 'wager' },
          { key: 'offers', header: 'offers' },
          { key: 'createdAt', header: 'created' },
          { key: 'updatedAt', header: 'updated' },
        ],
        page.items,
      );
    },
  );

  app.get(
    '/campaigns/:id',
    {
      config: { permission: 'bonuses.read' },
      schema: {
        operationId: 'staffCampaign',
        tags: ['staff'],
        summary: 'One campaign: its terms, status, promo codes and how many offers it made',
        params: campaignParamsSchema,
        response: { 200: campaignResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // GET /spa/staff/campaigns/{id} - one campaign
      return { campaign: await campaigns.detail(request.params.id) };
    },
  );

  app.post(
    '/campaigns',
    {
      config: { permission: 'campaigns.manage' },
      schema: {
        operationId: 'staffCreateCampaign',
        tags: ['staff'],
        summary:
          "Creates a campaign within the admins' limits; it offers nothing until a second marketing member " +
          'approves it (/spa/staff/campaigns/requests); audited',
        body: campaignCreateBodySchema,
        response: { 201: campaignResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      // POST /spa/staff/campaigns - create a campaign
      const campaign = await campaigns.create(staffActor(request), request.body);
      return reply.code(201).send({ campaign });
    },
  );

  app.put(
    '/campaigns/:id',
    {
      config: { permission: 'campaigns.manage' },
      schema: {
        operationId: 'staffUpdateCampaign',
        tags: ['staff'],
        summary:
          "Changes a campaign's terms for the offers it makes from now on (bonuses already offered or granted keep " +
          "theirs). A live campaign's edit is a request a second marketing member approves (202), the live terms " +
          'running meanwhile; one not yet approved changes at once (200); audited with before and after',
        params: campaignParamsSchema,
        body: campaignUpdateBodySchema,
        response: {
          200: campaignResponseSchema,
          202: staffRequestAcceptedSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      // PUT /spa/staff/campaigns/{id} - edit a campaign
      const changed = await campaigns.update(staffActor(request), request.params.id, request.body);
      if ('campaign' in changed) return changed;
      const asked = await app.services.staff.requests.get('campaign_edit', changed.requestId);
      return reply.code(202).send({ request: asked });
    },
  );

  app.post(
    '/campaigns/:id/:action',
    {
      config: { permission: 'campaigns.manage' },
      schema: {
        operationId: 'staffCampaignAction',
        tags: ['staff'],
        summary:
          'pause (no new offers), resume, or end a campaign for good (its unanswered offers are withdrawn; running ' +
          'bonuses go on); audited',
        params: campaignActionParamsSchema,
        response: { 200: campaignResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      // POST /spa/staff/campaigns/{id}/{pause|resume|end}
      const { id, action } = request.params;
      return { campaign: await campaigns.act(staffActor(request), id, action) };
    },
  );

  app.post(
    '/campaigns/:id/promo-codes',
    {
      config: { permission: 'campaigns.manage' },
      schema: {
        operationId: 'staffCreatePromoCode',
        tags: ['staff'],
        summary:
          'Adds a promo code to a promo-code campaign (unique, case-insensitive); it redeems once a second ' +
          'marketing member approves it; audited',
        params: campaignParamsSchema,
        body: promoCodeCreateBodySchema,
        response: { 201: promoCodeSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      // POST /spa/staff/campaigns/{id}/promo-codes - a new promo code
      const code = await campaigns.addPromoCode(staffActor(request), request.params.id, request.body);
      return reply.code(201).send(code);
    },
  );
};

export default staffCampaignRoutes;
