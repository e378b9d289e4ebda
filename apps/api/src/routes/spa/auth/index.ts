import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginBodySchema, userResponseSchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { clientInfo, perAddress } from '../../../plugins/auth';
import { toUserView } from '../../../services/accounts/user-view';
import staffAuthRoutes from './staff';
import staffInvitationRoutes from './staff-invitation';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffAuthRoutes, { prefix: '/staff' });
  await app.register(staffInvitationRoutes, { prefix: '/staff/invitation' });

  app.post(
    '/login',
    {
      config: { localized: true, ...perAddress(app.authLimits.loginPerIp) },
      schema: {
        operationId: 'login',
        tags: ['auth'],
        summary:
          'Signs a player in with the e-mail or username and the password; starts a new session (cookie ' +
          'ph_session). Staff accounts are refused (403 staff_sign_in_required): they use /spa/auth/staff',
        body: loginBodySchema,
        response: { 200: userResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // POST /spa/auth/login - check the credentials, rotate the session
      const { user, session } = await app.services.accounts.login(
        request.body,
        clientInfo(request),
        request.sessionId ?? undefined,
      );
      reply.startSession(session);
      return { user: toUserView(user) };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        operationId: 'logout',
        tags: ['auth'],
        summary: 'Ends the session, if any, and clears the cookie; always 204',
        response: { 204: z.null(), ...errorResponses() },
      },
    },
    async (request, reply) => {
      // POST /spa/auth/logout - end the session
      if (request.user && request.sessionId !== null) {
        await app.services.accounts.logout(request.sessionId, request.user.id, request.clientAddress || null);
      }
      return reply.endSession().code(204).send(null);
    },
  );
};

export default authRoutes;
