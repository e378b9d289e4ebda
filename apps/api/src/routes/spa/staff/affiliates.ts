import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { affiliatePageSchema, affiliateReportQuerySchema, pageWindow } from '@playhouse/shared';
import { sendCsv } from '../../../lib/csv';
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
        summary:
          'Per affiliate code: registrations, depositing players, deposits and NGR in one currency (one page, or all as CSV)',
        querystring: affiliateReportQuerySchema,
        response: { 200: affiliatePageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/affiliates - the affiliate report
      reply.header('cache-control', 'no-store');
      const report = await app.services.marketing.affiliates(request.query, pageWindow(request.query));
      if (request.query.format !== 'csv') return report;
      return sendCsv(
        reply,
        `affiliates-${request.query.currency}.csv`,
        [
          { key: 'code', header: 'code' },
          { key: 'registrations', header: 'registrations' },
          { key: 'depositors', header: 'depositors' },
          { key: 'deposits', header: `deposits ${request.query.currency}` },
          { key: 'ngr', header: `NGR ${request.query.currency}` },
          { key: 'firstRegistration', header: 'first registration' },
        ],
        report.items,
      );
    },
  );
};

export default staffAffiliateRoutes;
