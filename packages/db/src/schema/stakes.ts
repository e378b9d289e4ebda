import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { userBonuses } from './bonuses';

export const STAKE_PRODUCTS = ['casino', 'sports'] as const;
export type StakeProduct = (typeof STAKE_PRODUCTS)[number];

/** open: money at stake; settled: paid out or lost (a casino round may still pay more wins); refunded: rolled back or void. */
export const STAKE_STATUSES = ['open', 'settled', 'refunded'] as const;
export type StakeStatus = (typeof STAKE_STATUSES)[number];

/**
 * Every stake a player made, casino bet or sports bet, with what paid for it: main money, bonus money, or the house
 * bonus pool (a free spin), and the bonus that was being wagered when it was made. What comes back on a stake (a win's
 * share, a rollback, a void) follows its shares: the bonus-funded share goes where that bonus's money went (its bonus
 * balance while it runs, main money once it completed, the bonus pool once it expired or was forfeited).
 */
export const stakes = pgTable(
  'stakes',
  {
    /** 'casino:<provider>:<transactionId>' or 'sports:<betId>': also the bonus engine's contribution key. */
    sourceKey: text().primaryKey(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    product: text({ enum: STAKE_PRODUCTS }).notNull(),
    currency: text().notNull(),
    /** The contribution table's game type (slots, dice, …, sports). */
    gameType: text().notNull(),
    /** Sports: the bet's total odds in thousandths (sports stakes count only from the campaign's minimum odds). */
    oddThousandths: bigint({ mode: 'bigint' }),
    amount: bigint({ mode: 'bigint' }).notNull(),
    main: bigint({ mode: 'bigint' }).notNull(),
    bonus: bigint({ mode: 'bigint' }).notNull(),
    freeSpin: bigint({ mode: 'bigint' }).notNull(),
    /** The bonus active when the stake was made (null: none). */
    userBonusId: uuid().references(() => userBonuses.id, { onDelete: 'restrict' }),
    stakeTransferId: bigint({ mode: 'number' }).notNull(),
    status: text({ enum: STAKE_STATUSES }).notNull().default('open'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('stakes_amount_positive', sql`${t.amount} > 0`),
    check(
      'stakes_shares_add_up',
      sql`${t.main} >= 0 and ${t.bonus} >= 0 and ${t.freeSpin} >= 0 and ${t.main} + ${t.bonus} + ${t.freeSpin} = ${t.amount}`,
    ),
    index('stakes_user_idx').on(t.userId, t.createdAt),
    index('stakes_open_bonus_idx')
      .on(t.userBonusId)
      .where(sql`${t.status} = 'open'`),
  ],
);
