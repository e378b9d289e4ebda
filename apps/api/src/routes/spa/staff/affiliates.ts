import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { affiliatePageSchema, affiliateReportQuerySchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';

/** /spa/staff/affiliates: registrations, depositors, deposits and NGR per affiliate (registration) code. */
const staffAffiliateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/affiliates',
    {
      config: { permission: 'affiliates.read' },
      schema: {
        operationId: 'staffAffiliateReport',
        tags: ['staff'],
        summary: 'Per affiliate code: registrations, depositing players, deposits and NGR in one currency (one page)',
        querystring: affiliateReportQuerySchema,
        response: { 200: affiliatePageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/affiliates - the affiliate report
      reply.header('cache-control', 'no-store');
      const { page, pageSize } = request.query;
      return app.services.marketing.affiliates(request.query, { limit: pageSize, offset: (page - 1) * pageSize });
    },
  );
};

export default staffAffiliateRoutes;
