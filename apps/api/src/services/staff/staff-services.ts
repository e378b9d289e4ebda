import type { Db } from '@playhouse/db';
import type { AuditQuery } from '@playhouse/shared';
import type { AuthConfig } from '../../config';
import { NotFoundError } from '../../lib/errors';
import type { AccountService } from '../accounts/account-service';
import { recordAudit } from '../audit/audit-log';
import type { SessionService } from '../auth/session-service';
import { systemClock, type Clock } from '../../lib/clock';
import { listAudit } from '../audit/audit-queries';
import { createAdjustmentThresholdService, type AdjustmentThresholdService } from './adjustment-thresholds';
import { createStaffAuthService, type StaffAuthService } from './staff-auth-service';
import {
  createStaffInvitationService,
  type SendInvitation,
  type StaffInvitationService,
} from './staff-invitation-service';
import { OwnAccountError } from '../auth/auth-errors';
import { paymentOwner, type StaffActor } from './staff-queries';
import {
  createStaffRequestService,
  type AdjustBalance,
  type OfferBonus,
  type StaffRequestService,
} from './staff-request-service';
import { createStaffService, type StaffService } from './staff-service';
import type { StaffAction, StaffView } from '../audit/audit-events';

export interface StaffServices {
  auth: StaffAuthService;
  members: StaffService;
  /** Invitations to the staff: the invitee sets their own password and second factor. */
  invitations: StaffInvitationService;
  /** Four eyes: requests a second staff member decides (money, grants, settings, campaigns, results). */
  requests: StaffRequestService;
  /** The four-eyes threshold of manual adjustments per currency (admins). */
  thresholds: AdjustmentThresholdService;
  /** The player a deposit belongs to; refused when it is the acting staff member (nobody acts on their own account). */
  paymentOwner(actor: StaffActor, paymentId: string): Promise<number>;
  audit: {
    list(query: AuditQuery): ReturnType<typeof listAudit>;
    /** Records that a staff member looked at a player's personal data (what, and whose). */
    viewed(
      actor: StaffActor,
      what: StaffView,
      userId: number | null,
      metadata?: Record<string, unknown>,
    ): Promise<void>;
    /** Records a staff action whose change happens outside this database (the sandbox provider's own state). */
    record(
      actor: StaffActor,
      action: StaffAction,
      entry: { userId: number | null; metadata?: Record<string, unknown>; after?: Record<string, unknown> },
    ): Promise<void>;
  };
}

/** The staff domain: sign-in with a second factor, staff accounts and roles, four eyes, the audit log. */
export function createStaffServices({
  db,
  accounts,
  sessions,
  auth,
  adjustBalance,
  offerBonus,
  sendInvitation,
  clock = systemClock,
}: {
  db: Db;
  accounts: Pick<AccountService, 'checkCredentials' | 'createUser'>;
  sessions: SessionService;
  auth: AuthConfig;
  adjustBalance: AdjustBalance;
  offerBonus: OfferBonus;
  /** E-mails an invitation's link to the invitee (the account e-mails: SMTP or the server's mail folder). */
  sendInvitation: SendInvitation;
  clock?: Clock;
}): StaffServices {
  const now = () => clock.now();
  const requests = createStaffRequestService({ db, clock, adjustBalance, offerBonus });
  const members = createStaffService({ db, accounts, sessions, ask: requests.ask, now });
  const invitations = createStaffInvitationService({
    db,
    accounts,
    sessions,
    ask: requests.ask,
    send: sendInvitation,
    now,
  });
  const thresholds = createAdjustmentThresholdService({ db, clock, ask: requests.ask });
  requests.register('staff_invitation', invitations.approve);
  requests.register('staff_roles', members.approveRoles);
  requests.register('adjustment_threshold', async (tx, request, approver) => ({
    result: await thresholds.apply(tx, request.payload, approver, request.requestedBy),
  }));
  return {
    auth: createStaffAuthService({
      db,
      accounts,
      sessions,
      signInTtlMs: auth.staffSignInTtlMs,
      maxAttempts: auth.staffSignInMaxAttempts,
      codeLimit: auth.limits.loginFailuresPerAccount,
      now,
    }),
    members,
    invitations,
    requests,
    thresholds,
    async paymentOwner(actor, paymentId) {
      const owner = await paymentOwner(db, paymentId);
      if (owner === null) throw new NotFoundError('There is no such deposit.');
      if (owner === actor.id) throw new OwnAccountError();
      return owner;
    },
    audit: {
      list: (query) => listAudit(db, query),
      viewed: (actor, what, userId, metadata = {}) =>
        recordAudit(db, {
          event: `staff_view_${what}`,
          userId,
          actorId: actor.id,
          ip: actor.ip,
          metadata,
          at: now(),
        }),
      record: (actor, action, entry) =>
        recordAudit(db, {
          event: `staff_${action}`,
          userId: entry.userId,
          actorId: actor.id,
          ip: actor.ip,
          metadata: entry.metadata ?? {},
          after: entry.after ?? null,
          at: now(),
        }),
    },
  };
}
