import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerBodySchema, userResponseSchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { clientInfo, perAddress, signedInUser } from '../../../plugins/auth';
import { toUserView } from '../../../services/accounts/user-view';

const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '',
    {
      config: { localized: true, ...perAddress(app.authLimits.registerPerIp) },
      schema: {
        operationId: 'register',
        tags: ['users'],
        summary: 'Registers a player (captcha required) and starts a session',
        description:
          'A taken e-mail address or username answers 409 `registration_failed` without saying which; the owner of ' +
          'a taken address is told by e-mail.',
        body: registerBodySchema,
        response: { 201: userResponseSchema, ...errorResponses(400, 409) },
      },
    },
    async (request, reply) => {
      // POST /spa/users - register a player
      const { user, session } = await app.services.accounts.register(request.body, clientInfo(request));
      reply.startSession(session).code(201);
      return { user: toUserView(user) };
    },
  );

  app.get(
    '/me',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'getCurrentUser',
        tags: ['users'],
        summary: 'The signed-in user',
        response: { 200: userResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      // GET /spa/users/me - the signed-in user, or 401
      return { user: toUserView(signedInUser(request)) };
    },
  );
};

export default accountRoutes;
