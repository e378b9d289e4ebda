import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cashOutBodySchema,
  cashOutOffersResponseSchema,
  cashOutResponseSchema,
  cashOutTargetBodySchema,
  cashOutTargetResponseSchema,
  idempotencyHeadersSchema,
  localeHeadersSchema,
} from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { signedInUser } from '../../../plugins/auth';

/**
 * /spa/sports/cash-out: the cash-out prices of the player's open bets (My bets asks again every few seconds while it
 * is shown), taking one, and the automatic cash out's target.
 */
const cashOutRoutes: FastifyPluginAsyncZod = async (app) => {
  const cashOut = () => app.services.sports.cashOut;

  app.get(
    '/cash-out',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'sportsCashOutOffers',
        tags: ['sports'],
        summary:
          "The cash-out price of each of the player's open bets now (fair value from the current prices less the " +
          "sport's margin), or why there is none (a market suspended, cash out switched off)",
        response: { 200: cashOutOffersResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      // GET /spa/sports/cash-out - what each open bet would pay if cashed out now
      reply.header('cache-control', 'no-store');
      return cashOut().offers(signedInUser(request).id);
    },
  );

  app.post(
    '/cash-out',
    {
      preHandler: app.requireUser,
      config: { localized: true },
      schema: {
        operationId: 'sportsCashOut',
        tags: ['sports'],
        summary:
          'Cashes out a bet whole or a part of its stake, at the current price if it is at most 1 % below the one ' +
          'the player saw; the ledger pays it once. A replayed Idempotency-Key answers with the first cash out.',
        headers: localeHeadersSchema.extend(idempotencyHeadersSchema.shape),
        body: cashOutBodySchema,
        response: { 200: cashOutResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      // POST /spa/sports/cash-out - take a bet's cash-out price
      const { replayed, ...answer } = await cashOut().cashOut(
        signedInUser(request),
        request.body,
        request.headers['idempotency-key'],
        request.localeContext,
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );

  app.put(
    '/cash-out/target',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'sportsCashOutTarget',
        tags: ['sports'],
        summary:
          'Sets (or with null removes) the price at which the whole bet is cashed out automatically once its ' +
          'cash-out price reaches it',
        body: cashOutTargetBodySchema,
        response: { 200: cashOutTargetResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      // PUT /spa/sports/cash-out/target - the automatic cash out
      return cashOut().setTarget(signedInUser(request), request.body);
    },
  );
};

export default cashOutRoutes;
