import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { transactionsQuerySchema, transactionsResponseSchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { signedInUser } from '../../../plugins/auth';

const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/transactions',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'listTransactions',
        tags: ['balances'],
        summary: "The signed-in player's ledger entries, newest first, filtered by kind, account and time",
        querystring: transactionsQuerySchema,
        response: { 200: transactionsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      // GET /spa/users/transactions - one page of the transaction history
      reply.header('cache-control', 'no-store');
      return app.services.balances.transactions(signedInUser(request).id, request.query);
    },
  );
};

export default transactionRoutes;
