import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  passwordChangeBodySchema,
  passwordChangeResponseSchema,
  passwordRecoveryBodySchema,
  passwordRecoveryResponseSchema,
  passwordResetBodySchema,
  tokenValidationParamsSchema,
  tokenValidationResponseSchema,
  userResponseSchema,
} from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { clientInfo, perAddress, signedInUser } from '../../../plugins/auth';
import { toUserView } from '../../../services/accounts/user-view';

const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/password',
    {
      preHandler: app.requireUser,
      config: { localized: true },
      schema: {
        operationId: 'changePassword',
        tags: ['users'],
        summary: 'Changes the password; every session ends and this caller gets a new one',
        body: passwordChangeBodySchema,
        response: { 200: passwordChangeResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      // POST /spa/users/password - change the password of the signed-in user
      const session = await app.services.accounts.changePassword(
        signedInUser(request).id,
        request.body,
        clientInfo(request),
      );
      reply.startSession(session);
      return { changed: true as const };
    },
  );

  app.post(
    '/password/recovery',
    {
      config: { localized: true, ...perAddress(app.authLimits.recoveryPerIp) },
      schema: {
        operationId: 'requestPasswordRecovery',
        tags: ['users'],
        summary: 'E-mails a reset link when the address has an account; the answer is the same either way',
        body: passwordRecoveryBodySchema,
        response: { 202: passwordRecoveryResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // POST /spa/users/password/recovery - send a reset link (captcha required)
      await app.services.accounts.requestRecovery(request.body, clientInfo(request));
      return reply.code(202).send({ accepted: true as const });
    },
  );

  app.get(
    '/tokens/validation/password/:token',
    {
      schema: {
        operationId: 'validatePasswordResetToken',
        tags: ['users'],
        summary: 'Whether a reset link is still good (unused and not expired)',
        params: tokenValidationParamsSchema,
        response: { 200: tokenValidationResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // GET /spa/users/tokens/validation/password/{token} - is this reset link still valid
      await app.services.accounts.validateResetToken(request.params.token);
      reply.header('cache-control', 'no-store');
      return { valid: true as const };
    },
  );

  app.post(
    '/password/reset',
    {
      config: { localized: true },
      schema: {
        operationId: 'resetPassword',
        tags: ['users'],
        summary:
          'Sets a new password with a reset link (once); every session ends and a new one starts (not for staff ' +
          'accounts, which sign in again with their second factor)',
        body: passwordResetBodySchema,
        response: { 200: userResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // POST /spa/users/password/reset - spend the reset link, set the password, sign in
      const { user, session } = await app.services.accounts.resetPassword(request.body, clientInfo(request));
      if (session) reply.startSession(session);
      return { user: toUserView(user) };
    },
  );
};

export default passwordRoutes;
