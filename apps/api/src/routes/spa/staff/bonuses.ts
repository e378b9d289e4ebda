import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bonusHistoryResponseSchema,
  idempotencyHeadersSchema,
  staffBonusCampaignsResponseSchema,
  staffBonusExpiryResponseSchema,
  staffBonusOfferBodySchema,
  staffBonusOfferResponseSchema,
  staffBonusPlayerParamsSchema,
} from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';

/** /spa/staff/bonuses: campaigns, offering one to a player, a player's bonuses, and the expiry sweep on demand. */
const staffBonusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bonuses/campaigns',
    {
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
      schema: {
        operationId: 'staffOfferBonus',
        tags: ['staff'],
        summary: 'Offers a campaign to a player; the same Idempotency-Key offers once',
        headers: idempotencyHeadersSchema,
        body: staffBonusOfferBodySchema,
        response: { 200: staffBonusOfferResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // POST /spa/staff/bonuses/offers - offer a campaign to a player
      return app.services.bonuses.offer(request.body.login, request.body.campaign, request.headers['idempotency-key']);
    },
  );

  app.get(
    '/bonuses/players/:login',
    {
      schema: {
        operationId: 'staffPlayerBonuses',
        tags: ['staff'],
        summary: "A player's bonuses, newest first",
        params: staffBonusPlayerParamsSchema,
        response: { 200: bonusHistoryResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // GET /spa/staff/bonuses/players/{login} - a player's bonuses
      return app.services.bonuses.userBonuses(request.params.login);
    },
  );

  app.post(
    '/bonuses/expire',
    {
      schema: {
        operationId: 'staffExpireBonuses',
        tags: ['staff'],
        summary: 'Runs the expiry sweep now: offers and bonuses past their time expire',
        response: { 200: staffBonusExpiryResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      // POST /spa/staff/bonuses/expire - the expiry sweep
      return app.services.bonuses.expireDue();
    },
  );
};

export default staffBonusRoutes;
