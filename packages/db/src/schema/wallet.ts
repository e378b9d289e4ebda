import { sql } from 'drizzle-orm';
import { TRANSFER_KINDS } from '@playhouse/shared/ledger';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Player accounts: 'main' and 'bonus'. House accounts (userId null) are the other side of every movement:
 * 'world' (money entering or leaving through payment providers), 'casino', 'sports', 'bonus', 'adjustments',
 * 'withdrawals' (money held while a withdrawal is pending).
 */
export const LEDGER_ACCOUNT_KINDS = [
  'main',
  'bonus',
  'world',
  'casino',
  'sports',
  'bonus_pool',
  'adjustments',
  'withdrawals',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/**
 * Each house account (kind, currency) is split into this many sub-accounts (shards 0..N-1), one chosen per transfer,
 * so concurrent transfers do not all wait on one house row. A house balance is the SUM over its shards: every report,
 * reconciliation or check reads `sum(balance) ... where user_id is null group by kind, currency`. Player accounts have
 * shard 0 only.
 */
export const HOUSE_SHARDS = 16;

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'restrict' }),
    kind: text({ enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    currency: text().notNull(),
    balance: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    allowNegative: boolean().notNull().default(false),
    /** Which sub-account of a house account this is (0..HOUSE_SHARDS-1); always 0 for a player's account. */
    shard: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_accounts_balance_non_negative', sql`${t.allowNegative} or ${t.balance} >= 0`),
    check('ledger_accounts_players_never_negative', sql`${t.userId} is null or not ${t.allowNegative}`),
    uniqueIndex('ledger_accounts_player_idx')
      .on(t.userId, t.kind, t.currency)
      .where(sql`${t.userId} is not null`),
    check(
      'ledger_accounts_shard_range',
      sql`${t.shard} >= 0 and ${t.shard} < ${sql.raw(String(HOUSE_SHARDS))} and (${t.userId} is null or ${t.shard} = 0)`,
    ),
    uniqueIndex('ledger_accounts_house_idx')
      .on(t.kind, t.currency, t.shard)
      .where(sql`${t.userId} is null`),
  ],
);

export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    idempotencyKey: text().notNull().unique(),
    /** Fingerprint of what the request asked for: a replay with the same key must ask for the same thing. */
    requestHash: text().notNull(),
    kind: text({ enum: TRANSFER_KINDS }).notNull(),
    currency: text().notNull(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_transfers_kind_idx').on(t.kind, t.createdAt),
    check(
      'ledger_transfers_kind_known',
      sql`${t.kind} in (${sql.raw(TRANSFER_KINDS.map((kind) => `'${kind}'`).join(', '))})`,
    ),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    transferId: bigint({ mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id, { onDelete: 'restrict' }),
    accountId: bigint({ mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    amount: bigint({ mode: 'bigint' }).notNull(),
    balanceAfter: bigint({ mode: 'bigint' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_entries_amount_not_zero', sql`${t.amount} <> 0`),
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    // Player protection sums an account's play over rolling windows (loss and wager limits, statements).
    index('ledger_entries_account_created_idx').on(t.accountId, t.createdAt),
    index('ledger_entries_transfer_idx').on(t.transferId),
  ],
);
