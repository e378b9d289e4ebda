import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { receiptsQuerySchema, receiptsResponseSchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { signedInUser } from '../../../plugins/auth';

const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/receipts',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'listReceipts',
        tags: ['receipts'],
        summary:
          "The signed receipts of one of the player's bets (`bet`) or casino rounds (`provider` and `round`): one per " +
          'money movement (placement, settlement, void, re-settlement; bet, win, rollback) and one for a lost bet, ' +
          'oldest first. The same bytes every time',
        querystring: receiptsQuerySchema,
        response: { 200: receiptsResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      // GET /spa/users/receipts - a bet's or a round's receipts, to download
      reply.header('cache-control', 'no-store');
      const userId = signedInUser(request).id;
      const { query } = request;
      const receipts =
        'bet' in query
          ? await app.services.receipts.forBet(userId, query.bet)
          : await app.services.receipts.forRound(userId, query.provider, query.round);
      return { receipts };
    },
  );
};

export default receiptRoutes;
