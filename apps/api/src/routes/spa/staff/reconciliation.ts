import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reconciliationResponseSchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';

const staffReconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reconciliation',
    {
      config: { permission: 'reconciliation.read' },
      schema: {
        operationId: 'runReconciliation',
        tags: ['staff'],
        summary:
          'Proves the books now: balances against entries, transfers summing to zero, rounds and provider bets ' +
          'left without their outcome beyond the grace period',
        response: { 200: reconciliationResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      // GET /spa/staff/reconciliation - one reconciliation run, with what it found
      return { report: await app.services.reconciliation.run() };
    },
  );
};

export default staffReconciliationRoutes;
