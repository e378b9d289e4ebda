import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx, Tx } from '@playhouse/db';
import {
  DEFAULT_LOCALE,
  grantNeedsSecondAdmin,
  isLocale,
  isStaffRole,
  staffInviteBodySchema,
  type StaffInvitation,
  type StaffInvitationView,
  type StaffInviteBody,
  type StaffRequest,
  type StaffRole,
} from '@playhouse/shared';
import { hashToken } from '../../lib/token-hash';
import { RateLimitError } from '../../lib/errors';
import { UserExistsError, type AccountService, type ClientInfo } from '../accounts/account-service';
import { recordAudit } from '../audit/audit-log';
import { newOpaqueToken, type NewSession, type SessionService, type SessionUser } from '../auth/session-service';
import { hitCounter, secondsUntil } from '../rate-counters/rate-counters';
import { InvalidTotpCodeError, InvitationNotFoundError } from './staff-errors';
import type { AskFor } from './staff-service';
import { ForbiddenError } from '../auth/auth-errors';
import {
  countActiveAdmins,
  expireOpenInvitations,
  findLiveInvitation,
  insertInvitation,
  invitationTotpSecret,
  lockFounding,
  markInvitationAccepted,
  unansweredInvitations,
  updateStaffMember,
  type InvitationRow,
  type StaffActor,
} from './staff-queries';
import { loginTaken } from '../accounts/account-queries';
import type { StaffRequestRow } from '../approvals/staff-request-queries';
import { newTotpSecret, totpUri, verifyTotp } from './totp';

/** How long an invitation link works: three days, so a weekend does not lose it. */
export const INVITATION_VALID_MS = 72 * 60 * 60 * 1000;
/** Wrong codes one invitation takes per window before it waits (the token itself is 256 random bits). */
const CODE_LIMIT = { max: 10, windowMs: 15 * 60_000 };

export type SendInvitation = (to: string, locale: string, token: string, validHours: number) => Promise<unknown>;

export type AskForInvitation = AskFor<'staff_invitation', null>;

function toInvitation(row: InvitationRow, now: Date): StaffInvitation {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    roles: row.roles,
    status: row.acceptedAt ? 'accepted' : row.expiresAt <= now ? 'expired' : 'sent',
    invitedBy: row.invitedBy,
    approvedBy: row.approvedBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export type StaffInvitationService = ReturnType<typeof createStaffInvitationService>;

/**
 * Staff are invited, never created with a password someone else chose: the link goes to the invitee's address (SMTP
 * or the server's mail folder; the outbox staff read withholds it), and the invitee sets their own password and
 * second factor on the invitation's page. An invitation to a role that touches money or players is a request; the
 * e-mail goes out once a second admin approves it.
 */
export function createStaffInvitationService({
  db,
  accounts,
  sessions,
  ask,
  send,
  now = () => new Date(),
}: {
  db: Db;
  accounts: Pick<AccountService, 'createUser'>;
  sessions: Pick<SessionService, 'create'>;
  ask: AskForInvitation;
  send: SendInvitation;
  now?: () => Date;
}) {
  /** An account with this address or username exists already (a player's, a staff member's). */
  const taken = loginTaken;

  /** Writes the invitation (earlier unanswered ones to the address stop working) and answers its one-time token. */
  async function issue(
    tx: Tx,
    invite: { email: string; username: string | null; roles: StaffRole[]; locale: string },
    invitedBy: number | null,
    approvedBy: number | null,
  ): Promise<{ row: InvitationRow; token: string }> {
    if (await taken(tx, invite.email, invite.username)) throw new UserExistsError();
    const current = now();
    await expireOpenInvitations(tx, invite.email, current);
    const token = newOpaqueToken();
    const row = await insertInvitation(tx, {
      email: invite.email,
      username: invite.username,
      roles: invite.roles,
      locale: invite.locale,
      tokenHash: hashToken(token),
      invitedBy,
      approvedBy,
      createdAt: current,
      expiresAt: new Date(current.getTime() + INVITATION_VALID_MS),
    });
    await recordAudit(tx, {
      event: 'staff_invitation_sent',
      actorId: approvedBy ?? invitedBy,
      metadata: { invitationId: row.id, invitedBy, approvedBy },
      after: { email: invite.email, username: invite.username, roles: invite.roles },
      at: current,
    });
    return { row, token };
  }

  const mail = (row: InvitationRow, token: string) => () =>
    send(row.email, row.locale, token, INVITATION_VALID_MS / 3_600_000).then(() => undefined);

  async function live(executor: DbOrTx, token: string, lock = false): Promise<InvitationRow> {
    const row = await findLiveInvitation(executor, hashToken(token), now(), lock);
    if (!row) throw new InvitationNotFoundError();
    return row;
  }

  return {
    /**
     * Invites someone to the staff. Roles that touch money or players make it a request (202): nothing is sent until
     * a second admin approves. Others are sent at once (201).
     */
    async invite(
      actor: StaffActor,
      input: StaffInviteBody,
    ): Promise<{ invitation: StaffInvitation } | { request: StaffRequest }> {
      const body = staffInviteBodySchema.parse(input);
      const invite = { email: body.email, username: body.username ?? null, roles: body.roles, locale: body.locale };
      if (await taken(db, invite.email, invite.username)) throw new UserExistsError();
      if (grantNeedsSecondAdmin(invite.roles)) {
        return { request: await ask(actor, 'staff_invitation', null, invite, `invitation:${randomUUID()}`) };
      }
      const issued = await db.transaction((tx) => issue(tx, invite, actor.id, null));
      await mail(issued.row, issued.token)();
      return { invitation: toInvitation(issued.row, now()) };
    },

    /** The approval of a `staff_invitation` request: the invitation is written, and e-mailed once that commits. */
    async approve(tx: Tx, request: StaffRequestRow, approver: StaffActor) {
      const payload = request.payload;
      const roles = (Array.isArray(payload.roles) ? payload.roles : []).filter(isStaffRole);
      const locale = String(payload.locale ?? DEFAULT_LOCALE);
      const issued = await issue(
        tx,
        {
          email: String(payload.email),
          username: typeof payload.username === 'string' ? payload.username : null,
          roles,
          locale: isLocale(locale) ? locale : DEFAULT_LOCALE,
        },
        request.requestedBy,
        approver.id,
      );
      return { result: { invitationId: issued.row.id }, after: mail(issued.row, issued.token) };
    },

    /**
     * The console founds the site's second admin (bootstrap-admin, on the database): an invitation with no inviting
     * admin, while exactly one active admin exists. The invitee sets their own password and second factor.
     */
    async foundSecondAdmin(input: { email: string; username?: string | undefined }): Promise<StaffInvitation> {
      const invite = {
        email: input.email,
        username: input.username ?? null,
        roles: ['admin' as const],
        locale: DEFAULT_LOCALE,
      };
      const issued = await db.transaction(async (tx) => {
        // Admins take turns here: two consoles at once found one second admin, not two.
        await lockFounding(tx);
        if ((await countActiveAdmins(tx)) !== 1) throw new ForbiddenError('The console founds only the second admin.');
        return issue(tx, invite, null, null);
      });
      await mail(issued.row, issued.token)();
      return toInvitation(issued.row, now());
    },

    /** Invitations not yet accepted, newest first (the accounts screen). */
    async pending(): Promise<StaffInvitation[]> {
      const rows = await unansweredInvitations(db, 100);
      const current = now();
      return rows.map((row) => toInvitation(row, current));
    },

    /** The invitation's page: who is invited as what, and the second factor to scan (the same until accepted). */
    async open(token: string): Promise<StaffInvitationView> {
      const row = await live(db, token);
      const secret = (await invitationTotpSecret(db, row.id, newTotpSecret()))!;
      return {
        email: row.email,
        username: row.username,
        roles: row.roles,
        expiresAt: row.expiresAt.toISOString(),
        totp: { secret, uri: totpUri(secret, row.email), account: row.email },
      };
    },

    /**
     * The invitee's own password and a code from the second factor they just scanned: the account is created with
     * both, the invitation is used up, and a staff session starts, all in one transaction.
     */
    async accept(
      token: string,
      password: string,
      code: string,
      client: ClientInfo,
    ): Promise<{ user: SessionUser; session: NewSession }> {
      const found = await live(db, token);
      const current = now();
      const attempts = await hitCounter(db, `staff-invitation:${found.id}`, CODE_LIMIT.windowMs, current);
      if (attempts.count > CODE_LIMIT.max) throw new RateLimitError(secondsUntil(attempts.resetAt, current));
      return db.transaction(async (tx) => {
        const invitation = await live(tx, token, true);
        const secret = invitation.totpPendingSecret;
        const step = secret ? await verifyTotp(secret, code, null, current) : null;
        if (secret === null || step === null) throw new InvalidTotpCodeError();
        // A console founding holds only while the site has a single admin: a second founding accepted first ends it.
        if (invitation.invitedBy === null && (await countActiveAdmins(tx)) >= 2) throw new InvitationNotFoundError();
        const user = await accounts.createUser(
          {
            email: invitation.email,
            password,
            username: invitation.username ?? undefined,
            staffRoles: invitation.roles,
          },
          { id: invitation.invitedBy, ip: client.ip, via: 'invitation' },
          tx,
        );
        await updateStaffMember(tx, user.id, { totpSecret: secret, totpEnabledAt: current, totpLastStep: step });
        await markInvitationAccepted(tx, invitation.id, user.id, current);
        await recordAudit(tx, {
          event: 'staff_invitation_accepted',
          userId: user.id,
          actorId: user.id,
          ip: client.ip,
          metadata: { invitationId: invitation.id, invitedBy: invitation.invitedBy, approvedBy: invitation.approvedBy },
          after: { roles: invitation.roles, totpEnabled: true },
          at: current,
        });
        const session = await sessions.create(tx, user.id, client, { staff: true });
        return { user, session };
      });
    },
  };
}
