import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditQuerySchema, auditResponseSchema, type AuditEntry } from '@playhouse/shared';
import { sendCsv, type CsvColumn } from '../../../lib/csv';
import { errorResponses } from '../../../lib/route-schemas';

const CSV_COLUMNS: CsvColumn<AuditEntry>[] = [
  { key: 'id', header: 'id' },
  { key: 'createdAt', header: 'time' },
  { key: 'event', header: 'event' },
  { key: 'actorId', header: 'actor id' },
  { key: 'actorLogin', header: 'actor' },
  { key: 'userId', header: 'account id' },
  { key: 'userLogin', header: 'account' },
  { key: 'ip', header: 'address' },
  { key: 'metadata', header: 'details' },
  { key: 'before', header: 'before' },
  { key: 'after', header: 'after' },
];

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
          'before and after; filtered by actor, account, event (or `prefix*`) and time; `format=csv` exports every ' +
          'row the filters match (at most 10,000)',
        querystring: auditQuerySchema,
        response: { 200: auditResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/audit - the audit trail
      reply.header('cache-control', 'no-store');
      const page = await app.services.staff.audit.list(request.query);
      if (request.query.format === 'csv') return sendCsv(reply, 'audit-log.csv', CSV_COLUMNS, page.items);
      return page;
    },
  );
};

export default staffAuditRoutes;
