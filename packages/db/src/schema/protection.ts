import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sessions, users } from './accounts';

/*
 * Player protection (issue 10): the limits players set, their time-outs, self-exclusions and closures, reality checks,
 * identity documents and the markers of harm staff review.
 */

export const PLAYER_LIMIT_KINDS = ['deposit', 'loss', 'wager', 'session'] as const;
export type PlayerLimitKind = (typeof PLAYER_LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month', 'session'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/**
 * Limits a player set. `amount` is the limit in force (money in minor units, the session limit in minutes; null:
 * none). A raise or a removal waits in `pendingAmount` (null: removal) until `pendingEffectiveAt`, and applies only
 * when the player confirms it after that moment. Formerly `deposit_limits` (migration 0014 renamed it).
 */
export const playerLimits = pgTable(
  'player_limits',
  {
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: PLAYER_LIMIT_KINDS }).notNull().default('deposit'),
    period: text({ enum: LIMIT_PERIODS }).notNull(),
    currency: text().notNull(),
    amount: bigint({ mode: 'bigint' }),
    pendingAmount: bigint({ mode: 'bigint' }),
    pendingEffectiveAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.period] }),
    check('player_limits_amount_positive', sql`${t.amount} is null or ${t.amount} > 0`),
    check('player_limits_pending_positive', sql`${t.pendingAmount} is null or ${t.pendingAmount} > 0`),
  ],
);

export const RESTRICTION_KINDS = ['timeout', 'self_exclusion', 'closure'] as const;

/**
 * Time-outs, self-exclusions and closures. A row is in force until `endsAt` (null: permanent, or a closure); after
 * that the player must ask to come back (`returnRequestedAt`) and wait until `returnsAt`. Rows are never deleted.
 */
export const playerRestrictions = pgTable(
  'player_restrictions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: RESTRICTION_KINDS }).notNull(),
    duration: text(),
    reason: text(),
    note: text(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }),
    returnRequestedAt: timestamp({ withTimezone: true }),
    returnsAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('player_restrictions_user_idx').on(t.userId, t.startsAt)],
);

/** Per-player protection settings; a missing row means the jurisdiction's defaults. */
export const playerProtection = pgTable('player_protection', {
  userId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Minutes between reality checks; null: the profile's default; 0: off. */
  realityCheckMinutes: integer(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The last reality check a session answered (a session without a row counts from its start). */
export const sessionRealityChecks = pgTable('session_reality_checks', {
  sessionId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  acknowledgedAt: timestamp({ withTimezone: true }).notNull(),
  /** How many checks this session answered (staff see sessions that ran through many). */
  answered: integer().notNull().default(0),
});

export const DOCUMENT_TYPES = ['identity', 'address', 'payment_method'] as const;
export const DOCUMENT_REVIEW_STATUSES = ['pending', 'verified', 'rejected'] as const;

/** Identity documents: the file lives in the document store (DATA_DIR or S3) under `storageKey`, never in the web root. */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: text({ enum: DOCUMENT_TYPES }).notNull(),
    status: text({ enum: DOCUMENT_REVIEW_STATUSES }).notNull().default('pending'),
    storageKey: text().notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    reason: text(),
    reviewedBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('kyc_documents_user_idx').on(t.userId, t.type, t.uploadedAt),
    index('kyc_documents_status_idx').on(t.status, t.uploadedAt),
  ],
);

/** Markers of harm: one row per rule and window (`windowKey`), so a rule that keeps matching flags once. */
export const harmFlags = pgTable(
  'harm_flags',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rule: text().notNull(),
    windowKey: text().notNull(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    flaggedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewedBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('harm_flags_rule_window_idx').on(t.userId, t.rule, t.windowKey),
    index('harm_flags_flagged_idx').on(t.flaggedAt),
  ],
);
