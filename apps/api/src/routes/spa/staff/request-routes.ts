import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  staffFourEyesRequestsResponseSchema,
  staffReasonBodySchema,
  staffRequestParamsSchema,
  staffRequestResponseSchema,
  staffRequestsQuerySchema,
  type StaffPermission,
  type StaffRequestKind,
} from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { staffActor } from '../../../plugins/auth';

/**
 * The three routes of an area's four-eyes requests: the list (with who asked and who decided), approve (never by the
 * one who asked, never about one's own account) and reject (or, by the one who asked, withdraw). One helper, so every
 * area's requests answer alike; each area names its kinds and the permissions that read and decide them.
 */
export function requestRoutes(
  app: FastifyInstance,
  area: {
    /** The path under /spa/staff, e.g. `/campaigns/requests`. */
    path: string;
    kinds: readonly StaffRequestKind[];
    read: StaffPermission;
    decide: StaffPermission;
    /** Prefix of the operationIds, e.g. `staffCampaignRequest`. */
    operation: string;
    /** What the area's requests are, for the summaries. */
    what: string;
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const requests = () => app.services.staff.requests;

  routes.get(
    area.path,
    {
      config: { permission: area.read },
      schema: {
        operationId: `${area.operation}s`,
        tags: ['staff'],
        summary: `Requests about ${area.what}, newest first, optionally by status`,
        querystring: staffRequestsQuerySchema,
        response: { 200: staffFourEyesRequestsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/{area}/requests - the area's four-eyes requests
      reply.header('cache-control', 'no-store');
      return requests().listWithStaff(area.kinds, request.query);
    },
  );

  routes.post(
    `${area.path}/:id/approve`,
    {
      config: { permission: area.decide },
      schema: {
        operationId: `${area.operation}Approve`,
        tags: ['staff'],
        summary: `Approves a request about ${area.what} and carries it out: never by the staff member who asked`,
        params: staffRequestParamsSchema,
        response: { 200: staffRequestResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      // POST /spa/staff/{area}/requests/{id}/approve - the second pair of eyes
      return { request: await requests().approve(area.kinds, request.params.id, staffActor(request)) };
    },
  );

  routes.post(
    `${area.path}/:id/reject`,
    {
      config: { permission: area.decide },
      schema: {
        operationId: `${area.operation}Reject`,
        tags: ['staff'],
        summary: `Turns down (or, by the one who asked, withdraws) a request about ${area.what}, with a reason`,
        params: staffRequestParamsSchema,
        body: staffReasonBodySchema,
        response: { 200: staffRequestResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      // POST /spa/staff/{area}/requests/{id}/reject - nothing is carried out
      return {
        request: await requests().reject(area.kinds, request.params.id, staffActor(request), request.body.reason),
      };
    },
  );
}
