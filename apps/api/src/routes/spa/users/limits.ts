import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { depositLimitsResponseSchema, putDepositLimitBodySchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { signedInUser } from '../../../plugins/auth';

const limitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/limits',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'getDepositLimits',
        tags: ['cashbox'],
        summary: "The signed-in player's deposit limits per day, week and month, with any change still waiting",
        response: { 200: depositLimitsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      // GET /spa/users/limits - the deposit limits
      reply.header('cache-control', 'no-store');
      return { limits: await app.services.limits.list(signedInUser(request)) };
    },
  );

  app.put(
    '/limits',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'setDepositLimit',
        tags: ['cashbox'],
        summary: 'Sets one deposit limit (null removes it): lowering applies at once, raising or removing after 24 h',
        body: putDepositLimitBodySchema,
        response: { 200: depositLimitsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      // PUT /spa/users/limits - change a deposit limit
      const user = signedInUser(request);
      const limits = await app.services.limits.set(user, request.body.period, request.body.amount, {
        actorId: user.id,
        ip: request.clientAddress || null,
      });
      return { limits };
    },
  );
};

export default limitRoutes;
