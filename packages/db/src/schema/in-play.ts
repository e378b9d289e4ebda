import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { MAX_BET_DELAY_MS } from '@playhouse/shared/contracts/in-play';
import { users } from './accounts';
import { sports } from './sports';

/**
 * The traders' settings per sport for betting in play (issue 21): how long a bet on a match in play waits before it
 * is priced against the market again. A sport without a row uses DEFAULT_BET_DELAY_MS (packages/shared).
 */
export const sportTradingSettings = pgTable(
  'sport_trading_settings',
  {
    sportId: integer()
      .primaryKey()
      .references(() => sports.id, { onDelete: 'cascade' }),
    betDelayMs: integer().notNull(),
    /** The trader who set it last. */
    updatedBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sport_trading_settings_bet_delay', sql`${t.betDelayMs} between 0 and ${sql.raw(String(MAX_BET_DELAY_MS))}`),
  ],
);
