import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '@playhouse/db';
import {
  grantNeedsSecondAdmin,
  isStaffRole,
  staffPermissionsOf,
  type StaffAccount,
  type StaffBootstrapBody,
  type StaffPermission,
  type StaffRequest,
  type StaffRole,
} from '@playhouse/shared';
import { ForbiddenError, OwnAccountError } from '../auth/auth-errors';
import type { AccountService } from '../accounts/account-service';
import { recordAudit } from '../audit/audit-log';
import type { SessionService } from '../auth/session-service';
import { NotStaffError } from './staff-errors';
import type { StaffRequestRow } from '../approvals/staff-request-queries';
import {
  countActiveAdmins,
  findStaffMember,
  findStaffView,
  listStaff,
  updateStaffMember,
  type StaffActor,
  type StaffView,
} from './staff-queries';
import type { StaffEvent } from '../audit/audit-events';
import { setAccountStatus } from '../accounts/player-queries';

export function toStaffAccount(row: StaffView): StaffAccount {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    status: row.status,
    roles: row.roles,
    totpEnabled: row.totpEnabledAt !== null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export type StaffService = ReturnType<typeof createStaffService>;

/** Opens a four-eyes request of one kind in its own transaction (the staff request service's `ask`). */
export type AskFor<Kind extends string, Subject extends number | null> = (
  actor: StaffActor,
  kind: Kind,
  subjectUserId: Subject,
  payload: Record<string, unknown>,
  idempotencyKey: string,
) => Promise<StaffRequest>;

export type AskForGrant = AskFor<'staff_roles', number>;

const refuseGrant: AskForGrant = async () => {
  throw new ForbiddenError('Granting this role needs a second admin.');
};

/**
 * Staff accounts and their roles, managed by admins. Nobody changes their own staff account (roles, block, second
 * factor), so an active admin always remains: the one acting. Granting a role that touches money or players is a
 * request a second admin approves; narrowing roles, blocking and resetting a factor are one admin's. Every change is
 * audited, with before and after, in the transaction that makes it.
 */
export function createStaffService({
  db,
  accounts,
  sessions,
  ask = refuseGrant,
  now = () => new Date(),
}: {
  db: Db;
  accounts: Pick<AccountService, 'createUser'>;
  sessions: Pick<SessionService, 'destroyAllForUser'>;
  /** How a grant asks for a second admin; the console's bootstrap has none, and refuses such a grant. */
  ask?: AskForGrant;
  now?: () => Date;
}) {
  /** The signed-in staff member as the permission check sees them; null for anyone else. */
  async function actorOf(userId: number, ip: string | null): Promise<StaffActor | null> {
    const member = await findStaffMember(db, userId);
    return member ? { id: userId, roles: member.roles, ip } : null;
  }

  async function view(id: number): Promise<StaffAccount> {
    const row = await findStaffView(db, id);
    if (!row) throw new NotStaffError();
    return toStaffAccount(row);
  }

  function notSelf(actor: StaffActor, id: number) {
    if (actor.id === id) throw new OwnAccountError();
  }

  /** Changes one staff account in a transaction that locks it, checks, writes and audits with before and after. */
  async function change(
    actor: StaffActor,
    id: number,
    event: StaffEvent,
    apply: (tx: Tx, current: StaffView) => Promise<Record<string, unknown> | null>,
    metadata: Record<string, unknown> = {},
  ): Promise<StaffAccount> {
    notSelf(actor, id);
    await db.transaction((tx) => changeIn(tx, actor, id, event, apply, metadata));
    return view(id);
  }

  async function changeIn(
    tx: Tx,
    actor: StaffActor,
    id: number,
    event: StaffEvent,
    apply: (tx: Tx, current: StaffView) => Promise<Record<string, unknown> | null>,
    metadata: Record<string, unknown>,
  ): Promise<void> {
    {
      const member = await findStaffMember(tx, id, true);
      const current = member ? await findStaffView(tx, id) : null;
      if (!current) throw new NotStaffError();
      const before = { status: current.status, roles: current.roles, totpEnabled: current.totpEnabledAt !== null };
      const changed = await apply(tx, current);
      if (!changed) return;
      await recordAudit(tx, {
        event,
        userId: id,
        actorId: actor.id,
        ip: actor.ip,
        metadata,
        before,
        after: { ...before, ...changed },
        at: now(),
      });
    }
  }

  const writeRoles = (id: number, roles: StaffRole[]) => async (tx: Tx) => {
    await updateStaffMember(tx, id, { roles });
    return { roles };
  };

  return {
    actorOf,

    async me(actor: StaffActor): Promise<{ roles: StaffRole[]; permissions: StaffPermission[] }> {
      return { roles: actor.roles, permissions: staffPermissionsOf(actor.roles) };
    },

    async list(): Promise<StaffAccount[]> {
      return (await listStaff(db)).map(toStaffAccount);
    },

    get: view,

    /**
     * Replaces a member's roles. Adding a role that touches money or players is a request a second admin approves
     * (answered as `{ request }`); anything else (narrowing, adding content) is done at once (`{ account }`).
     */
    async setRoles(
      actor: StaffActor,
      id: number,
      roles: StaffRole[],
    ): Promise<{ account: StaffAccount } | { request: StaffRequest }> {
      notSelf(actor, id);
      const current = await view(id);
      if (grantNeedsSecondAdmin(roles, current.roles)) {
        return {
          request: await ask(actor, 'staff_roles', id, { roles, before: current.roles }, `roles:${randomUUID()}`),
        };
      }
      return { account: await change(actor, id, 'staff_roles_changed', writeRoles(id, roles)) };
    },

    /** The approval of a `staff_roles` request, in its transaction: the roles it asked for, audited. */
    async approveRoles(tx: Tx, request: StaffRequestRow, approver: StaffActor) {
      const id = request.subjectUserId;
      if (id === null) throw new NotStaffError();
      const roles = (Array.isArray(request.payload.roles) ? request.payload.roles : []).filter(isStaffRole);
      if (roles.length === 0) throw new NotStaffError();
      await changeIn(tx, approver, id, 'staff_roles_changed', writeRoles(id, roles), {
        requestId: request.id,
        requestedBy: request.requestedBy,
      });
      return { result: { roles } };
    },

    /** Blocks a staff account: its sessions end at once and it cannot sign in. */
    setBlocked: (actor: StaffActor, id: number, blocked: boolean, reason: string) =>
      change(
        actor,
        id,
        blocked ? 'staff_blocked' : 'staff_unblocked',
        async (tx, current) => {
          const status = blocked ? 'blocked' : 'active';
          if (current.status === status) return null;
          await setAccountStatus(tx, id, status);
          if (blocked) await sessions.destroyAllForUser(tx, id);
          return { status };
        },
        { reason },
      ),

    /** Clears the second factor (a lost phone): every session ends, and the next sign-in sets up a new one. */
    resetTotp: (actor: StaffActor, id: number, reason: string) =>
      change(
        actor,
        id,
        'staff_totp_reset',
        async (tx) => {
          await updateStaffMember(tx, id, {
            totpSecret: null,
            totpPendingSecret: null,
            totpEnabledAt: null,
            totpLastStep: null,
          });
          await sessions.destroyAllForUser(tx, id);
          return { totpEnabled: false };
        },
        { reason },
      ),

    /**
     * The first admin of a new site, from the command line on the database itself: only while no active admin
     * exists (later ones are created by an admin, through the api).
     */
    async bootstrapAdmin(input: StaffBootstrapBody) {
      if ((await countActiveAdmins(db)) > 0) {
        throw new ForbiddenError('An active admin exists: staff accounts are created by an admin, through the api.');
      }
      const user = await accounts.createUser(
        { ...input, staffRoles: ['admin'] },
        { id: null, ip: null, via: 'direct' },
      );
      return view(user.id);
    },
  };
}
