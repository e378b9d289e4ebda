import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  staffAccountParamsSchema,
  staffAccountResponseSchema,
  staffAccountsResponseSchema,
  staffInvitationResponseSchema,
  staffInvitationsResponseSchema,
  staffInviteBodySchema,
  staffMeResponseSchema,
  staffReasonBodySchema,
  staffRequestAcceptedSchema,
  staffRolesBodySchema,
} from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { signedInUser, staffActor } from '../../../plugins/auth';
import { toUserView } from '../../../services/accounts/user-view';
import { requestRoutes } from './request-routes';

/**
 * /spa/staff/me and /spa/staff/accounts: who is signed in, and the staff admins manage. Staff are invited (the
 * invitee sets their own password and second factor); inviting to or granting a role that touches money or players
 * is a request a second admin approves (/spa/staff/accounts/requests).
 */
const staffAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { members, invitations } = app.services.staff;

  app.get(
    '/me',
    {
      config: { permission: 'staff.self' },
      schema: {
        operationId: 'staffMe',
        tags: ['staff'],
        summary: 'The signed-in staff member with their roles and what those allow (the permission table)',
        response: { 200: staffMeResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/me - who I am in the back office
      reply.header('cache-control', 'no-store');
      return {
        user: toUserView(signedInUser(request)),
        ...(await members.me(staffActor(request))),
        idleTimeoutMs: app.services.sessions.staffIdleMs,
        secondFactorAt: request.secondFactorAt?.toISOString() ?? null,
      };
    },
  );

  app.get(
    '/accounts',
    {
      config: { permission: 'staff.read' },
      schema: {
        operationId: 'staffListAccounts',
        tags: ['staff'],
        summary: 'Every staff account with its roles, status and whether its second factor is set up',
        response: { 200: staffAccountsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      // GET /spa/staff/accounts - the staff
      reply.header('cache-control', 'no-store');
      return { items: await members.list() };
    },
  );

  app.post(
    '/accounts',
    {
      config: { permission: 'staff.manage', freshSecondFactor: true },
      schema: {
        operationId: 'staffInvite',
        tags: ['staff'],
        summary:
          'Invites a staff member: the link goes to their address, and they set their own password and TOTP. ' +
          'Roles that touch money or players (support, finance, risk, trader, marketing, admin) make it a request ' +
          'a second admin approves (202); the rest is sent at once (201)',
        body: staffInviteBodySchema,
        response: {
          201: staffInvitationResponseSchema,
          202: staffRequestAcceptedSchema,
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      // POST /spa/staff/accounts - invite a staff member (or ask a second admin to)
      const invited = await invitations.invite(staffActor(request), request.body);
      if ('request' in invited) return reply.code(202).send(invited);
      return reply.code(201).send(invited);
    },
  );

  app.get(
    '/accounts/invitations',
    {
      config: { permission: 'staff.read' },
      schema: {
        operationId: 'staffInvitations',
        tags: ['staff'],
        summary: 'Invitations not yet accepted (sent or expired), newest first',
        response: { 200: staffInvitationsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      // GET /spa/staff/accounts/invitations - who was invited
      reply.header('cache-control', 'no-store');
      return { items: await invitations.pending() };
    },
  );

  requestRoutes(app, {
    path: '/accounts/requests',
    kinds: ['staff_invitation', 'staff_roles'],
    read: 'staff.read',
    decide: 'staff.manage',
    operation: 'staffAccountRequest',
    what: 'inviting staff and granting roles',
  });

  app.put(
    '/accounts/:id/roles',
    {
      config: { permission: 'staff.manage', freshSecondFactor: true },
      schema: {
        operationId: 'staffSetRoles',
        tags: ['staff'],
        summary:
          "Replaces a staff member's roles (not one's own): adding a role that touches money or players is a " +
          'request a second admin approves (202); narrowing is done at once (200)',
        params: staffAccountParamsSchema,
        body: staffRolesBodySchema,
        response: {
          200: staffAccountResponseSchema,
          202: staffRequestAcceptedSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      // PUT /spa/staff/accounts/{id}/roles - what a staff member may do
      const changed = await members.setRoles(staffActor(request), request.params.id, request.body.roles);
      if ('request' in changed) return reply.code(202).send(changed);
      return changed;
    },
  );

  for (const [action, blocked] of [
    ['block', true],
    ['unblock', false],
  ] as const) {
    app.post(
      `/accounts/:id/${action}`,
      {
        config: { permission: 'staff.manage' },
        schema: {
          operationId: blocked ? 'staffBlockAccount' : 'staffUnblockAccount',
          tags: ['staff'],
          summary: blocked
            ? 'Blocks a staff account, with a reason: its sessions end and it cannot sign in'
            : 'Unblocks a staff account, with a reason',
          params: staffAccountParamsSchema,
          body: staffReasonBodySchema,
          response: { 200: staffAccountResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        // POST /spa/staff/accounts/{id}/block|unblock - no more sign-ins, or again
        return {
          account: await members.setBlocked(staffActor(request), request.params.id, blocked, request.body.reason),
        };
      },
    );
  }

  app.post(
    '/accounts/:id/reset-totp',
    {
      config: { permission: 'staff.manage' },
      schema: {
        operationId: 'staffResetTotp',
        tags: ['staff'],
        summary:
          "Clears a staff member's second factor (a lost phone), with a reason: their sessions end and the next " +
          'sign-in sets up a new one',
        params: staffAccountParamsSchema,
        body: staffReasonBodySchema,
        response: { 200: staffAccountResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // POST /spa/staff/accounts/{id}/reset-totp - set up the second factor again
      return { account: await members.resetTotp(staffActor(request), request.params.id, request.body.reason) };
    },
  );
};

export default staffAccountRoutes;
