import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createUserBodySchema, userResponseSchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { signedInUser } from '../../../plugins/auth';
import { ForbiddenError } from '../../../services/auth/auth-errors';
import { toUserView } from '../../../services/accounts/user-view';

const staffUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users',
    {
      schema: {
        operationId: 'staffCreateUser',
        tags: ['staff'],
        summary: 'Creates a player (staff) or a staff/admin user (admins only)',
        body: createUserBodySchema,
        response: { 201: userResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      // POST /spa/staff/users - create an account on someone's behalf
      const actor = signedInUser(request);
      if (request.body.role !== 'player' && actor.role !== 'admin') {
        throw new ForbiddenError('Only an admin can create staff users.');
      }
      const user = await app.services.accounts.createUser(request.body, {
        id: actor.id,
        ip: request.clientAddress || null,
        via: 'api',
      });
      return reply.code(201).send({ user: toUserView(user) });
    },
  );
};

export default staffUserRoutes;
