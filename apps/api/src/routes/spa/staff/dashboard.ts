import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardQuerySchema, dashboardResponseSchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';

/** /spa/staff/dashboard: the business figures of a period and of today, per currency, from the ledger. */
const staffDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      config: { permission: 'dashboard.read' },
      schema: {
        operationId: 'staffDashboard',
        tags: ['staff'],
        summary:
          'Deposits, withdrawals, bets, wins, GGR and NGR per product, bonus cost, active and new players: for each ' +
          'currency, over a period of UTC days (default the last 30), each day of it, and today',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/dashboard - the numbers
      reply.header('cache-control', 'no-store');
      return app.services.dashboard.figures(request.query);
    },
  );
};

export default staffDashboardRoutes;
