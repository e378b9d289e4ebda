import type { Db } from '@playhouse/db';
import type { AuditQuery } from '@playhouse/shared';
import type { AuthConfig } from '../../config';
import { NotFoundError } from '../../lib/errors';
import type { AccountService } from '../accounts/account-service';
import { recordAudit } from '../accounts/audit';
import type { SessionService } from '../auth/session-service';
import { systemClock, type Clock } from '../../lib/clock';
import { listAudit } from './audit-queries';
import { createAdjustmentThresholdService, type AdjustmentThresholdService } from './adjustment-thresholds';
import { createStaffAuthService, type StaffAuthService } from './staff-auth-service';
import { OwnAccountError } from '../auth/auth-errors';
import { paymentOwner, type StaffActor } from './staff-queries';
import {
  createStaffRequestService,
  type AdjustBalance,
  type OfferBonus,
  type StaffRequestService,
} from './staff-request-service';
import { createStaffService, type StaffService } from './staff-service';

export interface StaffServices {
  auth: StaffAuthService;
  members: StaffService;
  requests: StaffRequestService;
  /** The four-eyes threshold of manual adjustments per currency (admins). */
  thresholds: AdjustmentThresholdService;
  /** The player a deposit belongs to; refused when it is the acting staff member (nobody acts on their own account). */
  paymentOwner(actor: StaffActor, paymentId: string): Promise<number>;
  audit: {
    list(query: AuditQuery): ReturnType<typeof listAudit>;
    /** Records that a staff member looked at a player's personal data (what, and whose). */
    viewed(actor: StaffActor, what: string, userId: number | null, metadata?: Record<string, unknown>): Promise<void>;
    /** Records a staff action whose change happens outside this database (the sandbox provider's own state). */
    record(
      actor: StaffActor,
      action: string,
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
  clock = systemClock,
}: {
  db: Db;
  accounts: Pick<AccountService, 'checkCredentials' | 'createUser'>;
  sessions: SessionService;
  auth: AuthConfig;
  adjustBalance: AdjustBalance;
  offerBonus: OfferBonus;
  clock?: Clock;
}): StaffServices {
  const now = () => clock.now();
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
    members: createStaffService({ db, accounts, sessions, now }),
    requests: createStaffRequestService({ db, clock, adjustBalance, offerBonus }),
    thresholds: createAdjustmentThresholdService({ db, clock }),
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
