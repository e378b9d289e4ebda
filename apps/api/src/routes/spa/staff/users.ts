import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createUserBodySchema, userResponseSchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { staffActor } from '../../../plugins/auth';
import { toUserView } from '../../../services/accounts/user-view';

const staffUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users',
    {
      config: { permission: 'players.create' },
      schema: {
        operationId: 'staffCreateUser',
        tags: ['staff'],
        summary: 'Creates a player account on someone’s behalf (staff accounts: POST /spa/staff/accounts)',
        body: createUserBodySchema,
        response: { 201: userResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      // POST /spa/staff/users - create a player account on someone's behalf
      const actor = staffActor(request);
      const user = await app.services.accounts.createUser(request.body, { id: actor.id, ip: actor.ip, via: 'api' });
      return reply.code(201).send({ user: toUserView(user) });
    },
  );
};

export default staffUserRoutes;
