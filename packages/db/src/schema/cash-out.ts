import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bets, matches, sports } from './sports';

/*
 * Cash out (issue 21): the traders' settings per sport and per match, every cash out a player took, and the automatic
 * cash-out targets players set. A sport without a settings row offers cash out at the default margin.
 */

/** A trader's cash-out settings for one sport. */
export const cashOutSettings = pgTable(
  'cash_out_settings',
  {
    sportId: integer()
      .primaryKey()
      .references(() => sports.id, { onDelete: 'cascade' }),
    /** What the house keeps off the fair value, in basis points (500 = 5 %). */
    marginBp: integer().notNull(),
    enabled: boolean().notNull().default(true),
    /** Whether a cash out counts towards a running bonus's wagering (the operator's choice; off by default). */
    countsWagering: boolean().notNull().default(false),
    updatedBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'restrict' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('cash_out_settings_margin_range', sql`${t.marginBp} >= 0 and ${t.marginBp} <= 5000`)],
);

/** A match a trader switched cash out off for (a row present: off). */
export const cashOutMatchBlocks = pgTable('cash_out_match_blocks', {
  matchId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => matches.id, { onDelete: 'cascade' }),
  staffId: bigint({ mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One cash out of (part of) a bet: the part of the stake it took, what it paid, the price it was taken at and the one
 * the player saw. `seq` numbers a bet's cash outs (its ledger transfer is `cashout:<betId>:<seq>`).
 */
export const betCashOuts = pgTable(
  'bet_cash_outs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    betId: uuid()
      .notNull()
      .references(() => bets.id, { onDelete: 'restrict' }),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    seq: integer().notNull(),
    /** The client's Idempotency-Key (an automatic cash out: `auto:<betId>`) and a fingerprint of what it asked. */
    idempotencyKey: text().notNull(),
    requestHash: text().notNull(),
    /** The part of the stake cashed out, minor units, and the stake's shares it took (main money, bonus money). */
    stake: bigint({ mode: 'bigint' }).notNull(),
    stakeMain: bigint({ mode: 'bigint' }).notNull(),
    stakeBonus: bigint({ mode: 'bigint' }).notNull(),
    /** What it paid. */
    amount: bigint({ mode: 'bigint' }).notNull(),
    /** The whole bet's cash-out price when taken, and the one the player saw (null: an automatic one). */
    price: bigint({ mode: 'bigint' }).notNull(),
    seenPrice: bigint({ mode: 'bigint' }),
    auto: boolean().notNull().default(false),
    transferId: bigint({ mode: 'number' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('bet_cash_outs_positive', sql`${t.stake} > 0 and ${t.amount} > 0`),
    check(
      'bet_cash_outs_shares_add_up',
      sql`${t.stakeMain} >= 0 and ${t.stakeBonus} >= 0 and ${t.stakeMain} + ${t.stakeBonus} = ${t.stake}`,
    ),
    uniqueIndex('bet_cash_outs_bet_seq_idx').on(t.betId, t.seq),
    uniqueIndex('bet_cash_outs_key_idx').on(t.userId, t.idempotencyKey),
  ],
);

/** A player's automatic cash out: the whole bet is cashed out once its price reaches the target. */
export const betCashOutTargets = pgTable(
  'bet_cash_out_targets',
  {
    betId: uuid()
      .primaryKey()
      .references(() => bets.id, { onDelete: 'cascade' }),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    target: bigint({ mode: 'bigint' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('bet_cash_out_targets_positive', sql`${t.target} > 0`),
    index('bet_cash_out_targets_user_idx').on(t.userId),
  ],
);
