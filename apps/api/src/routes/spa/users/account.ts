import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  registerBodySchema,
  registrationConfirmBodySchema,
  registrationResponseSchema,
  userResponseSchema,
} from '@playhouse/shared';
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
        summary: 'Registers a player (captcha required): the account is created from the e-mailed confirmation link',
        description:
          'Answers 202 whether or not the e-mail address already has an account (no enumeration): a free address ' +
          'gets a confirmation link (POST /spa/users/registration/confirmation), a taken one a note to its owner.',
        body: registerBodySchema,
        response: { 202: registrationResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // POST /spa/users - register a player (the e-mail finishes it)
      await app.services.accounts.register(request.body, clientInfo(request));
      return reply.code(202).send({ accepted: true as const });
    },
  );

  app.post(
    '/registration/confirmation',
    {
      config: { localized: true, ...perAddress(app.authLimits.loginPerIp) },
      schema: {
        operationId: 'confirmRegistration',
        tags: ['users'],
        summary: 'Creates the account with the token of the e-mailed link and starts a session',
        description:
          'A username taken since the registration answers 409 `username_taken`: send another `username` with the ' +
          'same token. An unknown, used or expired token answers 400 `invalid_token`.',
        body: registrationConfirmBodySchema,
        response: { 201: userResponseSchema, ...errorResponses(400, 409) },
      },
    },
    async (request, reply) => {
      // POST /spa/users/registration/confirmation - confirm the e-mail address, create the account, sign in
      const { user, session } = await app.services.accounts.confirmRegistration(request.body, clientInfo(request));
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
