import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  bonusAcceptResponseSchema,
  bonusesResponseSchema,
  bonusForfeitResponseSchema,
  bonusHistoryQuerySchema,
  bonusHistoryResponseSchema,
  bonusIdParamsSchema,
  bonusPickResponseSchema,
  bonusRejectResponseSchema,
  idempotencyHeadersSchema,
  localeHeadersSchema,
} from '@playhouse/shared';
import { answerNoStore } from '../../../lib/route-hooks';
import { errorResponses } from '../../../lib/route-schemas';
import { signedInUser } from '../../../plugins/auth';

/**
 * /spa/users/bonuses: the player's offers and the bonus being wagered, and the answers to an offer. The writes carry
 * an Idempotency-Key like every money-moving call; their effect is keyed by the bonus itself (a repeat answers the
 * state it reached), so any retry of the same step gets the same answer.
 */
const bonusRoutes: FastifyPluginAsyncZod = async (app) => {
  answerNoStore(app);

  /** The answers to one offer or to the active bonus: the player's own, and carrying an Idempotency-Key. */
  const bonusStep = <Response extends z.ZodType>(
    operationId: string,
    summary: string,
    response: Response,
    refusals: (400 | 401 | 403 | 404 | 409)[],
  ) => ({
    preHandler: app.requireUser,
    schema: {
      operationId,
      tags: ['bonuses'],
      summary,
      headers: idempotencyHeadersSchema,
      params: bonusIdParamsSchema,
      response: { 200: response, ...errorResponses(...refusals) },
    },
  });

  app.get(
    '/bonuses',
    {
      preHandler: app.requireUser,
      config: { localized: true },
      schema: {
        operationId: 'getBonuses',
        tags: ['bonuses'],
        summary: "The player's open bonus offers and the bonus being wagered with its progress",
        headers: localeHeadersSchema,
        response: { 200: bonusesResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      // GET /spa/users/bonuses - offers and the active bonus
      const user = signedInUser(request);
      // No bonus offers reach a player on a break (time-out, self-exclusion, closure): none are even made.
      if (!(await app.services.protection.guard.bonusesAllowed(app.db, user.id))) return { offers: [], active: null };
      return app.services.bonuses.overview(user, request.localeContext.locale);
    },
  );

  app.get(
    '/bonuses/history',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'getBonusHistory',
        tags: ['bonuses'],
        summary: "The player's bonuses, newest first, whatever became of them",
        querystring: bonusHistoryQuerySchema,
        response: { 200: bonusHistoryResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      // GET /spa/users/bonuses/history - one page of bonuses
      return app.services.bonuses.history(signedInUser(request).id, request.query);
    },
  );

  app.post(
    '/bonuses/pick/:id',
    bonusStep(
      'pickBonusCoin',
      'Coins: the server picks the amount at random among the coins; a repeat answers the same amount',
      bonusPickResponseSchema,
      [400, 401, 404, 409],
    ),
    async (request) => {
      // POST /spa/users/bonuses/pick/{id} - fix a coins offer's amount
      return app.services.bonuses.pick(signedInUser(request).id, request.params.id);
    },
  );

  app.post(
    '/bonuses/get/:id',
    bonusStep(
      'acceptBonus',
      'Accepts an offer: its amount goes to the bonus balance and wagering starts',
      bonusAcceptResponseSchema,
      [400, 401, 403, 404, 409],
    ),
    async (request) => {
      // POST /spa/users/bonuses/get/{id} - accept
      const user = signedInUser(request);
      await app.services.protection.restrictions.assertFree(app.db, user.id);
      return app.services.bonuses.accept(user.id, request.params.id);
    },
  );

  app.post(
    '/bonuses/reject/:id',
    bonusStep('rejectBonus', 'Declines an offer', bonusRejectResponseSchema, [400, 401, 404, 409]),
    async (request) => {
      // POST /spa/users/bonuses/reject/{id} - decline
      return app.services.bonuses.reject(signedInUser(request).id, request.params.id);
    },
  );

  app.post(
    '/bonuses/forfeit/:id',
    bonusStep(
      'forfeitBonus',
      'Gives up the bonus being wagered: its remaining bonus money is removed',
      bonusForfeitResponseSchema,
      [400, 401, 404, 409],
    ),
    async (request) => {
      // POST /spa/users/bonuses/forfeit/{id} - forfeit
      return app.services.bonuses.forfeit(signedInUser(request).id, request.params.id);
    },
  );
};

export default bonusRoutes;
