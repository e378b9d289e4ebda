import { and, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';
import { PRODUCT_TRANSFER_KINDS, kindsOf, type Currency } from '@playhouse/shared';

/*
 * The reads other domains make of a player's play and money, answered from the ledger's entries (the truth, not a
 * copy). Only the wallet names the ledger's tables; protection, affiliates and the reports ask here.
 */

const { ledgerEntries, ledgerAccounts, ledgerTransfers } = schema;

const STAKES = kindsOf('stake');
/** What play took: stakes, less the stakes given back (a rollback or a void is a stake's return). */
const TAKEN = kindsOf('stake', 'return');
const WINS = kindsOf('win');
const PLAY = kindsOf('stake', 'return', 'win');

const staked = sql<string>`coalesce(sum(case when ${inArray(ledgerTransfers.kind, TAKEN)} then -${ledgerEntries.amount} else 0 end), 0)::text`;
const won = sql<string>`coalesce(sum(case when ${inArray(ledgerTransfers.kind, WINS)} then ${ledgerEntries.amount} else 0 end), 0)::text`;

/** The player's entries of play (of the given kinds) after `since`, on their main and bonus accounts. */
function playOf(userId: number, since: Date, kinds = PLAY, inclusive = false) {
  return and(
    eq(ledgerAccounts.userId, userId),
    inclusive ? gte(ledgerEntries.createdAt, since) : gt(ledgerEntries.createdAt, since),
    inArray(ledgerTransfers.kind, kinds),
  );
}

/** One movement of play on the player's own accounts: `staked` is what the stake took (a return subtracts). */
export interface PlayEvent {
  at: Date;
  staked: bigint;
  won: bigint;
}

/**
 * The player's play after `since`: every entry on the player's main and bonus accounts whose transfer is a stake, a
 * return or a win. Free spins paid by the house are not the player's stake; their wins are the player's.
 */
export async function playSince(db: DbOrTx, userId: number, since: Date): Promise<PlayEvent[]> {
  const rows = await db
    .select({ at: ledgerEntries.createdAt, kind: ledgerTransfers.kind, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(playOf(userId, since))
    .orderBy(ledgerEntries.createdAt);
  return rows.map((row) => {
    const isWin = WINS.includes(row.kind);
    return { at: row.at, staked: isWin ? 0n : -row.amount, won: isWin ? row.amount : 0n };
  });
}

/** Stakes and wins after `since`, summed in the database. */
export async function playTotalsSince(
  db: DbOrTx,
  userId: number,
  since: Date,
): Promise<{ staked: bigint; won: bigint }> {
  const [row] = await db
    .select({ staked, won })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(playOf(userId, since));
  return { staked: BigInt(row?.staked ?? '0'), won: BigInt(row?.won ?? '0') };
}

/** Stakes and wins from `from` on, summed per calendar month (UTC, "YYYY-MM"). */
export async function playByMonth(
  db: DbOrTx,
  userId: number,
  from: Date,
): Promise<{ month: string; staked: bigint; won: bigint }[]> {
  const month = sql<string>`to_char(date_trunc('month', ${ledgerEntries.createdAt} at time zone 'UTC'), 'YYYY-MM')`;
  const rows = await db
    .select({ month, staked, won })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(playOf(userId, from, PLAY, true))
    .groupBy(month);
  return rows.map((row) => ({ month: row.month, staked: BigInt(row.staked), won: BigInt(row.won) }));
}

/** The local days ("YYYY-MM-DD" in `zone`) after `since` on which the player staked between midnight and 6 a.m. */
export async function nightsWithStakes(db: DbOrTx, userId: number, since: Date, zone: string): Promise<string[]> {
  const local = sql`(${ledgerEntries.createdAt} at time zone ${zone})`;
  const rows = await db
    .selectDistinct({ night: sql<string>`to_char(${local}, 'YYYY-MM-DD')` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(and(playOf(userId, since, STAKES), sql`extract(hour from ${local}) < 6`));
  return rows.map((row) => row.night);
}

/** The players whose money moved after `since`. */
export async function playersWithEntriesSince(db: DbOrTx, since: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: ledgerAccounts.userId })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(gt(ledgerEntries.createdAt, since));
  return rows.flatMap((row) => (row.userId === null ? [] : [row.userId]));
}

/**
 * A subquery of the deposits and the play of the players `players` selects (a query of one column of user ids), on
 * their main accounts in `currency`: columns `user_id`, `deposits` and `play` (minus play is the net gaming revenue the
 * player brought: stakes - wins - bonus money turned into cash). Everything on the main account that is not a deposit,
 * a withdrawal or a correction by hand is play or a conversion.
 */
export function depositsAndPlayOf(players: SQL, currency: Currency): SQL {
  const notPlay = kindsOf('deposit', 'withdrawal', 'adjustment');
  return sql`
    select a.user_id,
      coalesce(sum(e.amount) filter (where t.kind = 'deposit'), 0) as deposits,
      coalesce(sum(e.amount) filter (where not ${inArray(sql`t.kind`, notPlay)}), 0) as play
    from ledger_accounts a
    join ledger_entries e on e.account_id = a.id
    join ledger_transfers t on t.id = e.transfer_id
    where a.kind = 'main' and a.currency = ${currency} and a.user_id in (${players})
    group by a.user_id`;
}

/** The casino's stake, return and win kinds: what a cashback counts. */
const CASINO_PLAY = [
  PRODUCT_TRANSFER_KINDS.casino.stake,
  PRODUCT_TRANSFER_KINDS.casino.refund,
  PRODUCT_TRANSFER_KINDS.casino.pay,
];

/**
 * Each player's net casino loss in [from, to) on their main account, per currency: stakes minus returns minus wins
 * of the player's own money (bonus money is the house's until it converts, and a free spin's stake the house's too).
 * Only players who lost (a positive figure) are listed.
 */
export async function casinoNetLosses(
  db: DbOrTx,
  from: Date,
  to: Date,
): Promise<{ userId: number; currency: string; netLoss: bigint }[]> {
  const net = sql<string>`(-sum(${ledgerEntries.amount}))::text`;
  const rows = await db
    .select({ userId: ledgerAccounts.userId, currency: ledgerAccounts.currency, netLoss: net })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(
      and(
        eq(ledgerAccounts.kind, 'main'),
        gte(ledgerEntries.createdAt, from),
        lt(ledgerEntries.createdAt, to),
        inArray(ledgerTransfers.kind, CASINO_PLAY),
      ),
    )
    .groupBy(ledgerAccounts.userId, ledgerAccounts.currency)
    .having(sql`sum(${ledgerEntries.amount}) < 0`)
    .orderBy(ledgerAccounts.userId, ledgerAccounts.currency);
  return rows.flatMap((row) =>
    row.userId === null ? [] : [{ userId: row.userId, currency: row.currency, netLoss: BigInt(row.netLoss) }],
  );
}
