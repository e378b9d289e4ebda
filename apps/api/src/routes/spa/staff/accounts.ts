import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  staffAccountParamsSchema,
  staffAccountResponseSchema,
  staffAccountsResponseSchema,
  staffCreateAccountBodySchema,
  staffMeResponseSchema,
  staffReasonBodySchema,
  staffRolesBodySchema,
} from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { signedInUser, staffActor } from '../../../plugins/auth';
import { toUserView } from '../../../services/accounts/user-view';

/** /spa/staff/me and /spa/staff/accounts: who is signed in, and the staff accounts admins manage. */
const staffAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { members } = app.services.staff;

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
        operationId: 'staffCreateAccount',
        tags: ['staff'],
        summary:
          'Creates a staff account with its roles; its holder must set up TOTP at the first sign-in before ' +
          'anything else',
        body: staffCreateAccountBodySchema,
        response: { 201: staffAccountResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      // POST /spa/staff/accounts - a new staff member
      const account = await members.create(request.body, staffActor(request));
      return reply.code(201).send({ account });
    },
  );

  app.put(
    '/accounts/:id/roles',
    {
      config: { permission: 'staff.manage', freshSecondFactor: true },
      schema: {
        operationId: 'staffSetRoles',
        tags: ['staff'],
        summary: "Replaces a staff member's roles (not one's own; at least one active admin stays)",
        params: staffAccountParamsSchema,
        body: staffRolesBodySchema,
        response: { 200: staffAccountResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      // PUT /spa/staff/accounts/{id}/roles - what a staff member may do
      return { account: await members.setRoles(staffActor(request), request.params.id, request.body.roles) };
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
