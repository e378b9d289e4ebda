import { and, gte, inArray, isNotNull, lt, sql, eq } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';
import { kindsOf, type TransferKind } from '@playhouse/shared';

const { ledgerAccounts, ledgerEntries, ledgerTransfers, users } = schema;

/** The transfer kinds the dashboard reads (the others, such as manual adjustments, are not business figures). */
const DASHBOARD_TRANSFER_KINDS: TransferKind[] = [
  ...kindsOf('deposit', 'stake', 'return', 'win'),
  'withdrawal_paid',
  'bonus_conversion',
  'cashback',
];

export interface LedgerSum {
  currency: string;
  day: string;
  transferKind: TransferKind;
  accountKind: string;
  /** A player's account (main or bonus), or the house side. */
  player: boolean;
  amount: bigint;
}

const dayOf = (column: typeof ledgerTransfers.createdAt | typeof users.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** Entry amounts of [from, to) summed per currency, UTC day, transfer kind and account kind. */
export async function ledgerSums(db: DbOrTx, from: Date, to: Date): Promise<LedgerSum[]> {
  const day = dayOf(ledgerTransfers.createdAt);
  const player = sql<boolean>`${ledgerAccounts.userId} is not null`;
  const rows = await db
    .select({
      currency: ledgerTransfers.currency,
      day,
      transferKind: ledgerTransfers.kind,
      accountKind: ledgerAccounts.kind,
      player,
      amount: sql<string>`sum(${ledgerEntries.amount})::text`,
    })
    .from(ledgerTransfers)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transferId, ledgerTransfers.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        inArray(ledgerTransfers.kind, DASHBOARD_TRANSFER_KINDS),
        gte(ledgerTransfers.createdAt, from),
        lt(ledgerTransfers.createdAt, to),
      ),
    )
    .groupBy(ledgerTransfers.currency, day, ledgerTransfers.kind, ledgerAccounts.kind, player);
  return rows.map((row) => ({ ...row, amount: BigInt(row.amount) }));
}

/** Players who staked in [from, to), per currency and UTC day, and once over the whole span (day null). */
export async function activePlayers(
  db: DbOrTx,
  from: Date,
  to: Date,
): Promise<{ currency: string; day: string | null; players: number }[]> {
  const day = dayOf(ledgerTransfers.createdAt);
  const rows = await db
    .select({
      currency: ledgerTransfers.currency,
      day: sql<string | null>`case when grouping(${day}) = 1 then null else ${day} end`,
      players: sql<number>`count(distinct ${ledgerAccounts.userId})::int`,
    })
    .from(ledgerTransfers)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transferId, ledgerTransfers.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        inArray(ledgerTransfers.kind, kindsOf('stake')),
        isNotNull(ledgerAccounts.userId),
        gte(ledgerTransfers.createdAt, from),
        lt(ledgerTransfers.createdAt, to),
      ),
    )
    .groupBy(sql`grouping sets ((${ledgerTransfers.currency}, ${day}), (${ledgerTransfers.currency}))`);
  return rows;
}

/** Players who registered in [from, to), per account currency and UTC day. */
export async function newPlayers(
  db: DbOrTx,
  from: Date,
  to: Date,
): Promise<{ currency: string; day: string; players: number }[]> {
  const day = dayOf(users.createdAt);
  return db
    .select({ currency: users.currency, day, players: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, 'player'), gte(users.createdAt, from), lt(users.createdAt, to)))
    .groupBy(users.currency, day);
}
