import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxQuerySchema, outboxResponseSchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { toOutboxMessage } from '../../../services/email/email-service';

const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/outbox',
    {
      schema: {
        operationId: 'listOutbox',
        tags: ['staff'],
        summary: 'The newest e-mails the site sent or holds (the dev outbox when no SMTP server is configured)',
        querystring: outboxQuerySchema,
        response: { 200: outboxResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/outbox - recent e-mails, newest first
      reply.header('cache-control', 'no-store');
      const rows = await app.services.email.outbox(request.query);
      return { messages: rows.map(toOutboxMessage) };
    },
  );
};

export default outboxRoutes;
