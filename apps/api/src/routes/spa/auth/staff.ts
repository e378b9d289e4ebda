import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginBodySchema,
  staffSignInResponseSchema,
  staffSecondFactorResponseSchema,
  staffSignInStepResponseSchema,
  staffTotpBodySchema,
  staffTotpSetupResponseSchema,
  userResponseSchema,
} from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { clientInfo, perAddress } from '../../../plugins/auth';
import { toUserView } from '../../../services/accounts/user-view';
import { ForbiddenError, UnauthorizedError } from '../../../services/auth/auth-errors';
import { STAFF_SIGN_IN_COOKIE } from '../../../services/staff/staff-auth-service';

/**
 * /spa/auth/staff: the staff sign-in. The password step answers which second step follows and sets a short-lived
 * httpOnly cookie naming this sign-in; the TOTP step (after setting TOTP up, the first time) starts the session.
 */
const staffAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app.services.staff;
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'strict',
    path: '/spa/auth/staff',
    secure: app.secureCookies,
  } as const;
  const signInToken = (cookies: Record<string, string | undefined>) => cookies[STAFF_SIGN_IN_COOKIE];
  const forgetSignIn = (reply: FastifyReply) => reply.clearCookie(STAFF_SIGN_IN_COOKIE, cookieOptions);

  app.post(
    '/login',
    {
      config: { localized: true, ...perAddress(app.authLimits.loginPerIp) },
      schema: {
        operationId: 'staffSignIn',
        tags: ['auth', 'staff'],
        summary:
          'The password step of a staff sign-in: answers the second step (`totp`, or `totp_setup` the first time) ' +
          'and sets the ph_staff_sign_in cookie; no session yet',
        body: loginBodySchema,
        response: { 200: staffSignInResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // POST /spa/auth/staff/login - check the password, wait for the second factor
      const started = await auth.start(request.body, clientInfo(request));
      const maxAge = Math.floor((started.expiresAt.getTime() - Date.now()) / 1000);
      reply.setCookie(STAFF_SIGN_IN_COOKIE, started.token, { ...cookieOptions, maxAge });
      return { step: started.step, expiresAt: started.expiresAt.toISOString() };
    },
  );

  app.get(
    '/step',
    {
      schema: {
        operationId: 'staffSignInStep',
        tags: ['auth', 'staff'],
        summary: 'Which second step the sign-in of the ph_staff_sign_in cookie waits for',
        response: { 200: staffSignInStepResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      // GET /spa/auth/staff/step - where this sign-in stands
      reply.header('cache-control', 'no-store');
      return { step: await auth.step(signInToken(request.cookies)) };
    },
  );

  app.get(
    '/totp-setup',
    {
      schema: {
        operationId: 'staffTotpSetup',
        tags: ['auth', 'staff'],
        summary:
          'For a staff member without a second factor: a new TOTP secret as an otpauth:// URI (for the QR code) and ' +
          'as text; the same one until a code confirms it',
        response: { 200: staffTotpSetupResponseSchema, ...errorResponses(401, 409) },
      },
    },
    async (request, reply) => {
      // GET /spa/auth/staff/totp-setup - the secret to scan
      reply.header('cache-control', 'no-store');
      return auth.setupSecret(signInToken(request.cookies));
    },
  );

  app.post(
    '/totp',
    {
      config: { localized: true, ...perAddress(app.authLimits.loginPerIp) },
      schema: {
        operationId: 'staffTotp',
        tags: ['auth', 'staff'],
        summary:
          'The second step: a code from the authenticator app (after a set-up, from the new secret, which it ' +
          'confirms). Starts the staff session (cookie ph_session), which ends after the idle timeout',
        body: staffTotpBodySchema,
        response: { 200: userResponseSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      // POST /spa/auth/staff/totp - the second factor, then the session
      const { user, session } = await auth.complete(
        signInToken(request.cookies),
        request.body.code,
        clientInfo(request),
      );
      if (request.sessionId !== null) await app.services.sessions.destroy(request.sessionId);
      forgetSignIn(reply);
      reply.startSession(session);
      return { user: toUserView(user) };
    },
  );

  app.post(
    '/second-factor',
    {
      config: { localized: true, ...perAddress(app.authLimits.loginPerIp) },
      schema: {
        operationId: 'staffSecondFactor',
        tags: ['auth', 'staff'],
        summary:
          'A code from the authenticator app entered again in a staff session: approving, paying, re-settling and ' +
          'role changes need one from the last 5 minutes (else 403 fresh_second_factor_required)',
        body: staffTotpBodySchema,
        response: { 200: staffSecondFactorResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      // POST /spa/auth/staff/second-factor - the second factor, fresh
      reply.header('cache-control', 'no-store');
      if (!request.user || request.sessionId === null) throw new UnauthorizedError();
      if (request.user.role !== 'staff') throw new ForbiddenError();
      const { secondFactorAt } = await auth.reverify(
        { userId: request.user.id, sessionId: request.sessionId },
        request.body.code,
        clientInfo(request),
      );
      return { secondFactorAt: secondFactorAt.toISOString() };
    },
  );
};

export default staffAuthRoutes;
