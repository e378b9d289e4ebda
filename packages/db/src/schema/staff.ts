import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { STAFF_REQUEST_KINDS, STAFF_REQUEST_STATUSES, STAFF_SIGN_IN_STEPS } from '@playhouse/shared/contracts/staff';
import { STAFF_ROLES, type StaffRole } from '@playhouse/shared/staff/permissions';
import { users } from './accounts';

const roleList = sql.raw(STAFF_ROLES.map((role) => `'${role}'`).join(', '));

/** A staff account (users.role = 'staff'): its roles and its second factor. */
export const staffMembers = pgTable(
  'staff_members',
  {
    userId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'restrict' }),
    roles: text().array().$type<StaffRole[]>().notNull(),
    /** The TOTP secret (base32) once set up; null until then, when the next sign-in must set one up first. */
    totpSecret: text(),
    totpEnabledAt: timestamp({ withTimezone: true }),
    /** The newest TOTP time step accepted: a code is good once (RFC 6238 §5.2). */
    totpLastStep: bigint({ mode: 'number' }),
    /** A secret offered by the set-up screen, kept until a code from it confirms it. */
    totpPendingSecret: text(),
    createdBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('staff_members_roles_known', sql`${t.roles} <@ array[${roleList}]::text[]`),
    check('staff_members_has_role', sql`cardinality(${t.roles}) > 0`),
  ],
);

/**
 * A staff sign-in between the password and the second factor: the `ph_staff_sign_in` cookie's token (stored hashed),
 * good for a few minutes and a few wrong codes. Only the second factor turns it into a session.
 */
export const staffSignIns = pgTable(
  'staff_sign_ins',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    tokenHash: text().notNull().unique(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    step: text({ enum: STAFF_SIGN_IN_STEPS }).notNull(),
    failedAttempts: integer().notNull().default(0),
    ip: inet(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('staff_sign_ins_user_idx').on(t.userId)],
);

/**
 * Four eyes: a staff money action is first a request; it takes effect when a second staff member approves it. The
 * checks hold in the database too: the approver is not the requester, and neither is the player concerned.
 */
export const staffRequests = pgTable(
  'staff_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({ enum: STAFF_REQUEST_KINDS }).notNull(),
    /** The account the action concerns (a player, or a staff member whose roles change); null for settings. */
    subjectUserId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'restrict' }),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text({ enum: STAFF_REQUEST_STATUSES }).notNull().default('pending'),
    requestedBy: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    idempotencyKey: text().notNull(),
    decidedBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'restrict' }),
    decidedAt: timestamp({ withTimezone: true }),
    decisionReason: text(),
    /** What the approval did (e.g. the ledger transfer), for the answer and the audit. */
    result: jsonb().$type<Record<string, unknown>>(),
    /**
     * A manual adjustment below its currency's four-eyes threshold, applied at once by the finance member who asked
     * (decided_by = requested_by); every other approved request was decided by a second staff member.
     */
    appliedAlone: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('staff_requests_idempotency_idx').on(t.requestedBy, t.idempotencyKey),
    index('staff_requests_status_idx').on(t.kind, t.status, t.requestedAt),
    check('staff_requests_not_own_account', sql`${t.requestedBy} <> ${t.subjectUserId}`),
    // Null-safe: a request about no account (a setting, a campaign) still needs a decider other than its requester.
    check(
      'staff_requests_four_eyes',
      sql`${t.status} <> 'approved' or (${t.decidedBy} is not null and ${t.decidedBy} is distinct from ${t.subjectUserId} and (${t.decidedBy} <> ${t.requestedBy} or ${t.appliedAlone}))`,
    ),
    check(
      'staff_requests_applied_alone',
      sql`not ${t.appliedAlone} or (${t.kind} = 'balance_adjustment' and ${t.status} = 'approved' and ${t.decidedBy} = ${t.requestedBy})`,
    ),
  ],
);

/**
 * The four-eyes threshold of manual adjustments per currency (minor units), set by admins: an adjustment whose
 * absolute amount is below it may be applied by one finance member alone; at or above it a second member approves.
 * A currency without a row uses the default (DEFAULT_ADJUSTMENT_THRESHOLD, 0: every adjustment needs four eyes).
 */
export const adjustmentThresholds = pgTable(
  'adjustment_thresholds',
  {
    currency: text().primaryKey(),
    amount: bigint({ mode: 'bigint' }).notNull(),
    updatedBy: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('adjustment_thresholds_amount', sql`${t.amount} >= 0`)],
);

/**
 * An invitation to the staff: the link (its token, stored hashed) goes to the invitee's address only; the invitee sets
 * their own password and second factor, and only then is there an account. An invitation to a role that touches money
 * or players is sent once a second admin approved its request (`approved_by`).
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    username: text(),
    roles: text().array().$type<StaffRole[]>().notNull(),
    locale: text().notNull(),
    tokenHash: text().notNull().unique(),
    /** The second factor offered on the invitation's page, kept until a code from it accepts the invitation. */
    totpPendingSecret: text(),
    /** The admin who invited; null: the operator's console founding the site's second admin (bootstrap-admin). */
    invitedBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'restrict' }),
    approvedBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    /** The account the invitation became. */
    userId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('staff_invitations_email_idx').on(t.email),
    check('staff_invitations_roles_known', sql`${t.roles} <@ array[${roleList}]::text[]`),
    check('staff_invitations_has_role', sql`cardinality(${t.roles}) > 0`),
    check('staff_invitations_approver_not_inviter', sql`${t.approvedBy} <> ${t.invitedBy}`),
  ],
);
