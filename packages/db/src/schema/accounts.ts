import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  index,
  inet,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  bigint,
} from 'drizzle-orm/pg-core';

/**
 * `users.email_key` from `users.email`: what apps/api/src/services/protection/identity.ts `emailKey` computes, in SQL
 * (split_part reads the part before and after the first `@`, as the api does).
 */
const EMAIL_KEY_SQL = sql.raw(
  `case when split_part(lower(email), '@', 2) in ('gmail.com', 'googlemail.com') ` +
    `then replace(split_part(split_part(lower(email), '@', 1), '+', 1), '.', '') || '@gmail.com' ` +
    `else split_part(split_part(lower(email), '@', 1), '+', 1) || '@' || split_part(lower(email), '@', 2) end`,
);

/** A staff account's roles (support, finance, admin, ...) are in staff_members; here it is only player or staff. */
export const USER_ROLES = ['player', 'staff'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const users = pgTable(
  'users',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    email: text().notNull(),
    username: text().notNull(),
    passwordHash: text().notNull(),
    role: text({ enum: USER_ROLES }).notNull().default('player'),
    status: text({ enum: ['active', 'blocked'] })
      .notNull()
      .default('active'),
    phone: text(),
    country: text(),
    currency: text().notNull(),
    dateOfBirth: date({ mode: 'string' }),
    /** The name given at registration (null for accounts from before it was asked). */
    fullName: text(),
    /**
     * The e-mail address as the mailbox sees it, to find one person's other accounts (self-exclusion across
     * accounts): lower case, without a `+tag`, and for Gmail without dots and with googlemail.com as gmail.com. Kept
     * by the database, so every way in (registration, staff, seed) has it; the api computes the same (`emailKey`).
     */
    emailKey: text().generatedAlwaysAs(sql`${EMAIL_KEY_SQL}`),
    /** The full name folded by the api (`nameKey`: letters only, no accents, lower case, words sorted). */
    nameKey: text(),
    locale: text().notNull().default('en'),
    timezone: text(),
    /** 'player' once the player picked the time zone in the profile: the device's daily report no longer changes it. */
    timezoneSource: text({ enum: ['device', 'player'] })
      .notNull()
      .default('device'),
    timezoneCheckedAt: timestamp({ withTimezone: true }),
    oddType: text().notNull().default('decimal'),
    /** The optional account-area tabs the player hid (PROFILE_TABS of @playhouse/shared). */
    hiddenProfileTabs: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    promoCode: text(),
    termsAcceptedAt: timestamp({ withTimezone: true }),
    passwordChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    // The back office finds players by any part of their e-mail, username or phone (ILIKE '%...%'): trigram indexes
    // keep that from reading every user (pg_trgm, migration 0006).
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
    index('users_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
    // One person's other accounts, by any of these (the exclusion check at registration, confirmation and deposit).
    index('users_email_key_idx').on(t.emailKey),
    index('users_phone_idx').on(t.phone),
    index('users_name_key_dob_idx').on(t.nameKey, t.dateOfBirth),
  ],
);

/** Server sessions: only the SHA-256 of the opaque cookie token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    tokenHash: text().notNull().unique(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ip: inet(),
    userAgent: text(),
    /** When the second factor (TOTP) was checked; a staff account's session without it is no session. */
    secondFactorAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use, expiring tokens for password recovery (stored hashed). */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  tokenHash: text().notNull().unique(),
  userId: bigint({ mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Account and staff events. Rows are only ever added: a trigger (migration 0013) refuses UPDATE, DELETE and TRUNCATE,
 * and the users they name cannot be deleted under them. Staff actions carry the state `before` and `after`.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** The account the event is about. */
    userId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'no action' }),
    /** Who did it, when that is not the account holder (a staff member). */
    actorId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'no action' }),
    event: text().notNull(),
    ip: inet(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_user_idx').on(t.userId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);

/** Outgoing e-mail: sent over SMTP when configured, otherwise kept here as the operator-readable dev outbox. */
export const emailOutbox = pgTable('email_outbox', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  to: text().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  html: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp({ withTimezone: true }),
  error: text(),
});
