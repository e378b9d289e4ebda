import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditQuerySchema, auditResponseSchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';

/** /spa/staff/audit: the audit log, read-only (the database refuses changes to it). */
const staffAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      config: { permission: 'audit.read' },
      schema: {
        operationId: 'staffAuditLog',
        tags: ['staff'],
        summary:
          'The audit log, newest first: who did what to which account, when, from which address, with the state ' +
          'before and after; filtered by actor, account, event (or `prefix*`) and time',
        querystring: auditQuerySchema,
        response: { 200: auditResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/audit - the audit trail
      reply.header('cache-control', 'no-store');
      return app.services.staff.audit.list(request.query);
    },
  );
};

export default staffAuditRoutes;
