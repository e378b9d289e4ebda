import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxQuerySchema, outboxResponseSchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { staffActor } from '../../../plugins/auth';
import { toOutboxMessage } from '../../../services/email/email-service';

const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/outbox',
    {
      config: { permission: 'outbox.read' },
      schema: {
        operationId: 'listOutbox',
        tags: ['staff'],
        summary:
          'The newest e-mails the site sent, with links that carry a live token withheld (they reach the ' +
          'recipient only); the view is audited',
        querystring: outboxQuerySchema,
        response: { 200: outboxResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/outbox - recent e-mails, newest first
      reply.header('cache-control', 'no-store');
      const rows = await app.services.email.outbox(request.query);
      await app.services.staff.audit.viewed(staffActor(request), 'outbox', null, {
        to: request.query.to ?? null,
        messages: rows.length,
      });
      return { messages: rows.map(toOutboxMessage) };
    },
  );
};

export default outboxRoutes;
