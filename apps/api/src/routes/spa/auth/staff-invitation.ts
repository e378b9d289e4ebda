import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  staffInvitationAcceptBodySchema,
  staffInvitationOpenBodySchema,
  staffInvitationViewSchema,
  userResponseSchema,
} from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { clientInfo, perAddress } from '../../../plugins/auth';
import { toUserView } from '../../../services/accounts/user-view';

/**
 * /spa/auth/staff/invitation: the invitee's side of a staff invitation. The token travels in the body (never in a
 * path a log keeps); the invitee sees who they are invited as and the second factor to scan, then sets their own
 * password and confirms a code, which creates the account and starts the staff session.
 */
const staffInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { invitations } = app.services.staff;

  app.post(
    '',
    {
      config: { localized: true, ...perAddress(app.authLimits.loginPerIp) },
      schema: {
        operationId: 'staffInvitationOpen',
        tags: ['auth', 'staff'],
        summary:
          "An invitation's page: the address and roles it invites, and a new TOTP secret (the same one until the " +
          'invitation is accepted); 404 invitation_not_found for an unknown, used or expired link',
        body: staffInvitationOpenBodySchema,
        response: { 200: staffInvitationViewSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      // POST /spa/auth/staff/invitation - what the link invites to
      reply.header('cache-control', 'no-store');
      return invitations.open(request.body.token);
    },
  );

  app.post(
    '/accept',
    {
      config: { localized: true, ...perAddress(app.authLimits.loginPerIp) },
      schema: {
        operationId: 'staffInvitationAccept',
        tags: ['auth', 'staff'],
        summary:
          'Accepts an invitation with the invitee’s own password and a code from the secret just scanned: the staff ' +
          'account is created with both factors and its session starts (cookie ph_session); the link is used up',
        body: staffInvitationAcceptBodySchema,
        response: { 201: userResponseSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      // POST /spa/auth/staff/invitation/accept - the invitee's own factors, then the session
      const { user, session } = await invitations.accept(
        request.body.token,
        request.body.password,
        request.body.code,
        clientInfo(request),
      );
      if (request.sessionId !== null) await app.services.sessions.destroy(request.sessionId);
      reply.startSession(session);
      return reply.code(201).send({ user: toUserView(user) });
    },
  );
};

export default staffInvitationRoutes;
