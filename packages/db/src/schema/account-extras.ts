import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
