import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Browser fingerprints a player's sessions reported (SPEC.md §7 call 10), one row per distinct hash. */
export const userFingerprints = pgTable(
  'user_fingerprints',
  {
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fingerprint: text().notNull(),
    firstSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timesSeen: integer().notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fingerprint] })],
);

/** Captcha tokens already redeemed, kept until they would have expired anyway, so each solves one request only. */
export const usedCaptchaTokens = pgTable(
  'used_captcha_tokens',
  {
    tokenHash: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('used_captcha_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * Fixed-window counters shared by every api instance: failed logins per account, recovery e-mails per address. The
 * key names the limit and its subject ("login:alice@example.com").
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    resetAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('rate_counters_reset_idx').on(t.resetAt)],
);

/**
 * Registrations waiting for their e-mail address to be confirmed. The account is created only when the link in the
 * confirmation e-mail is used, so registering never tells whether an address already has an account, and nobody can
 * hold an e-mail address or a username they do not own. Only the SHA-256 of the link's token is stored.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text().notNull().unique(),
    email: text().notNull(),
    username: text().notNull(),
    passwordHash: text().notNull(),
    phone: text(),
    country: text(),
    currency: text().notNull(),
    dateOfBirth: date({ mode: 'string' }),
    fullName: text(),
    locale: text().notNull(),
    promoCode: text(),
    termsAcceptedAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('pending_registrations_expires_idx').on(t.expiresAt)],
);
