import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { campaignLimitBodySchema, campaignLimitsResponseSchema, staffRequestAcceptedSchema } from '@playhouse/shared';
import { randomUUID } from 'node:crypto';
import { errorResponses } from '../../../lib/route-schemas';
import { staffActor } from '../../../plugins/auth';
import { requestRoutes } from './request-routes';

/**
 * /spa/staff/settings: the settings that widen what one person may do alone (the adjustment threshold is under
 * /settings/money, the campaign limits here). Every change is a request a second admin approves
 * (/spa/staff/settings/requests).
 */
const staffSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { limits } = app.services.marketing;

  app.get(
    '/settings/campaign-limits',
    {
      config: { permission: 'settings.money' },
      schema: {
        operationId: 'staffCampaignLimits',
        tags: ['staff'],
        summary:
          'Per currency, what no campaign passes: largest amount per player, smallest wager, largest sum a bonus ' +
          'converts to main money',
        response: { 200: campaignLimitsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      // GET /spa/staff/settings/campaign-limits - the limits
      reply.header('cache-control', 'no-store');
      return { limits: await limits.list() };
    },
  );

  app.put(
    '/settings/campaign-limits',
    {
      config: { permission: 'settings.money' },
      schema: {
        operationId: 'staffSetCampaignLimits',
        tags: ['staff'],
        summary: "Asks for one currency's campaign limits; a second admin's approval sets them",
        body: campaignLimitBodySchema,
        response: { 202: staffRequestAcceptedSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // PUT /spa/staff/settings/campaign-limits - an admin asks for new limits
      const asked = await app.services.staff.requests.ask(
        staffActor(request),
        'campaign_limits',
        null,
        limits.requestPayload(request.body),
        `campaign-limits:${randomUUID()}`,
      );
      return reply.code(202).send({ request: asked });
    },
  );

  requestRoutes(app, {
    path: '/settings/requests',
    kinds: ['adjustment_threshold', 'campaign_limits'],
    read: 'settings.money',
    decide: 'settings.money',
    operation: 'staffSettingsRequest',
    what: 'the adjustment threshold and the campaign limits',
  });
};

export default staffSettingsRoutes;
