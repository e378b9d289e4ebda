import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bonusHistoryResponseSchema,
  idempotencyHeadersSchema,
  staffBonusCampaignsResponseSchema,
  staffBonusExpiryResponseSchema,
  staffBonusOfferBodySchema,
  staffBonusPlayerParamsSchema,
  staffReasonBodySchema,
  staffRequestParamsSchema,
  staffRequestResponseSchema,
  staffRequestsQuerySchema,
  staffRequestsResponseSchema,
} from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { staffActor } from '../../../plugins/auth';

/**
 * /spa/staff/bonuses: campaigns, offering one to a player (asked for by one staff member, approved by another), a
 * player's bonuses, and the expiry sweep on demand.
 */
const staffBonusRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requests } = app.services.staff;

  app.get(
    '/bonuses/campaigns',
    {
      config: { permission: 'bonuses.read' },
      schema: {
        operationId: 'staffListBonusCampaigns',
        tags: ['staff'],
        summary: 'Every bonus campaign with its terms',
        response: { 200: staffBonusCampaignsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      // GET /spa/staff/bonuses/campaigns - campaigns and their terms
      return { campaigns: await app.services.bonuses.campaigns() };
    },
  );

  app.post(
    '/bonuses/offers',
    {
      config: { permission: 'bonuses.offer.request' },
      schema: {
        operationId: 'staffRequestBonusOffer',
        tags: ['staff'],
        summary:
          'Asks for a campaign to be offered to a player; it is offered when a second staff member approves. The ' +
          'same Idempotency-Key asks once',
        headers: idempotencyHeadersSchema,
        body: staffBonusOfferBodySchema,
        response: { 201: staffRequestResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      // POST /spa/staff/bonuses/offers - ask for a bonus offer (four eyes)
      const offer = await requests.requestBonusOffer(
        staffActor(request),
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.code(201).send({ request: offer });
    },
  );

  app.get(
    '/bonuses/offers',
    {
      config: { permission: 'bonuses.read' },
      schema: {
        operationId: 'staffListBonusOfferRequests',
        tags: ['staff'],
        summary: 'Bonus offer requests, newest first, optionally by status',
        querystring: staffRequestsQuerySchema,
        response: { 200: staffRequestsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/bonuses/offers - the bonus offer requests
      reply.header('cache-control', 'no-store');
      return requests.list('bonus_offer', request.query);
    },
  );

  app.post(
    '/bonuses/offers/:id/approve',
    {
      config: { permission: 'bonuses.offer.approve', freshSecondFactor: true },
      schema: {
        operationId: 'staffApproveBonusOffer',
        tags: ['staff'],
        summary: 'Approves a bonus offer request and offers the campaign: never by the staff member who asked',
        params: staffRequestParamsSchema,
        response: { 200: staffRequestResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      // POST /spa/staff/bonuses/offers/{id}/approve - the second pair of eyes offers it
      return { request: await requests.approve('bonus_offer', request.params.id, staffActor(request)) };
    },
  );

  app.post(
    '/bonuses/offers/:id/reject',
    {
      config: { permission: 'bonuses.offer.approve' },
      schema: {
        operationId: 'staffRejectBonusOffer',
        tags: ['staff'],
        summary: 'Rejects (or, by the one who asked, withdraws) a bonus offer request, with a reason',
        params: staffRequestParamsSchema,
        body: staffReasonBodySchema,
        response: { 200: staffRequestResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      // POST /spa/staff/bonuses/offers/{id}/reject - nothing is offered
      return {
        request: await requests.reject('bonus_offer', request.params.id, staffActor(request), request.body.reason),
      };
    },
  );

  app.get(
    '/bonuses/players/:login',
    {
      config: { permission: 'bonuses.read' },
      schema: {
        operationId: 'staffPlayerBonuses',
        tags: ['staff'],
        summary: "A player's bonuses, newest first (the view is audited)",
        params: staffBonusPlayerParamsSchema,
        response: { 200: bonusHistoryResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/bonuses/players/{login} - a player's bonuses
      reply.header('cache-control', 'no-store');
      const history = await app.services.bonuses.userBonuses(request.params.login);
      await app.services.staff.audit.viewed(staffActor(request), 'bonuses', null, { login: request.params.login });
      return history;
    },
  );

  app.post(
    '/bonuses/expire',
    {
      config: { permission: 'bonuses.expire' },
      schema: {
        operationId: 'staffExpireBonuses',
        tags: ['staff'],
        summary: 'Runs the expiry sweep now: offers and bonuses past their time expire (what the job does each minute)',
        response: { 200: staffBonusExpiryResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      // POST /spa/staff/bonuses/expire - the expiry sweep
      const swept = await app.services.bonuses.expireDue();
      await app.services.staff.audit.record(staffActor(request), 'bonus_expiry_sweep', { userId: null, after: swept });
      return swept;
    },
  );
};

export default staffBonusRoutes;
