import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';
import type { LedgerAccountKind } from '@playhouse/db/schema';
import type { BalanceAccount, TransferKind } from '@playhouse/shared';

const { ledgerAccounts, ledgerEntries, ledgerTransfers } = schema;

export interface TransactionFilter {
  userId: number;
  kind?: TransferKind | undefined;
  account?: BalanceAccount | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface TransactionRow {
  id: number;
  createdAt: Date;
  kind: TransferKind;
  /** A player's account: main or bonus money. */
  account: LedgerAccountKind;
  amount: bigint;
  balanceAfter: bigint;
  currency: string;
}

function conditions(filter: TransactionFilter): SQL | undefined {
  return and(
    eq(ledgerAccounts.userId, filter.userId),
    filter.account ? eq(ledgerAccounts.kind, filter.account) : undefined,
    filter.kind ? eq(ledgerTransfers.kind, filter.kind) : undefined,
    filter.from ? gte(ledgerEntries.createdAt, filter.from) : undefined,
    filter.to ? lt(ledgerEntries.createdAt, filter.to) : undefined,
  );
}

/** One page of the ledger entries on a player's accounts, newest first, with the total for paging. */
export async function listTransactions(
  db: DbOrTx,
  filter: TransactionFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: TransactionRow[]; total: number }> {
  const where = conditions(filter);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: ledgerEntries.id,
        createdAt: ledgerEntries.createdAt,
        kind: ledgerTransfers.kind,
        account: ledgerAccounts.kind,
        amount: ledgerEntries.amount,
        balanceAfter: ledgerEntries.balanceAfter,
        currency: ledgerAccounts.currency,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
      .where(where)
      .orderBy(desc(ledgerEntries.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** A user by login: the e-mail address or the username, either case. */
export async function findUserByLogin(db: DbOrTx, login: string) {
  const [row] = await db
    .select({
      id: schema.users.id,
      email: schema.users.email,
      username: schema.users.username,
      currency: schema.users.currency,
    })
    .from(schema.users)
    .where(sql`lower(${schema.users.email}) = lower(${login}) or lower(${schema.users.username}) = lower(${login})`);
  return row ?? null;
}

/** What the player's pending and approved withdrawals hold on the house 'withdrawals' account. */
export async function heldByWithdrawals(db: DbOrTx, userId: number): Promise<bigint> {
  const { withdrawals } = schema;
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, ['pending', 'approved'])));
  return BigInt(row?.total ?? '0');
}
