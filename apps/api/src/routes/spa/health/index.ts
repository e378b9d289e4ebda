import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, livenessResponseSchema } from '@playhouse/shared';
import { ServiceUnavailableError } from '../../../lib/errors';
import { errorResponses } from '../../../lib/route-schemas';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['system'],
        summary: 'Whether the api and its database answer',
        response: { 200: healthResponseSchema, ...errorResponses(503) },
      },
    },
    async (request) => {
      // GET /spa/health - the api is up and the database answers a query
      await app.db.execute(sql`select 1`).catch((error: unknown) => {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new ServiceUnavailableError('The database does not answer.');
      });
      return {
        status: 'ok' as const,
        database: 'ok' as const,
        jurisdiction: app.services.protection.jurisdictions.active.code,
      };
    },
  );

  app.get(
    '/live',
    {
      schema: {
        operationId: 'getLiveness',
        tags: ['system'],
        summary: "Whether the api process answers, without asking the database (a load balancer's liveness probe)",
        response: { 200: livenessResponseSchema, ...errorResponses() },
      },
    },
    async () => {
      // GET /spa/health/live - the process is up
      return { status: 'ok' as const };
    },
  );
};

export default healthRoutes;
