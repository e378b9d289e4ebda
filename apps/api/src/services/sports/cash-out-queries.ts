import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '@playhouse/db';
import {
  BET_STATUSES,
  betCashOutTargets,
  betCashOuts,
  betSelections,
  bets,
  cashOutMatchBlocks,
  cashOutSettings,
  markets,
  matches,
  outcomes,
  sports,
  tournaments,
} from '@playhouse/db/schema';
import { DEFAULT_CASH_OUT_MARGIN_BP } from '@playhouse/shared';
import { z } from 'zod';
import {
  transferArguments,
  type PreparedTransfer,
  type TransferAnswer,
  type TransferRefusal,
} from '../wallet/wallet-service';
import { resultColumn, resultText } from '../../lib/sql-rows';
import type { PricedOutcome } from './cash-out-pricing';
import { selectionNameFields, type SelectionNames } from './sports-queries';

/** The cash-out settings of a leg's sport and match, as the traders set them. */
export interface SportCashOut {
  marginBp: number;
  enabled: boolean;
  countsWagering: boolean;
}

export const DEFAULT_SPORT_CASH_OUT: SportCashOut = {
  marginBp: DEFAULT_CASH_OUT_MARGIN_BP,
  enabled: true,
  countsWagering: false,
};

/** A bet's leg: its outcome at the odd it was placed at, and where that outcome's market and match stand. */
interface LegFacts {
  betId: string;
  outcomeId: number;
  placedOdd: number;
  marketId: number;
  marketStatus: string;
  matchId: number;
  matchStatus: string;
  sportId: number;
}

/** A bet's leg as the book stands: its outcome, market and match, every outcome of its market, and the traders' settings. */
export interface BookLeg extends LegFacts {
  /** The sport's cash-out settings (the defaults where no trader set any). */
  sport: SportCashOut;
  /** A trader switched cash out off for the leg's match. */
  blocked: boolean;
  /** Every outcome of the leg's market with its current odd and status, in id order. */
  outcomes: PricedOutcome[];
}

type CashOutRow = typeof betCashOuts.$inferSelect;
type BetRow = typeof bets.$inferSelect;

const sibling = alias(outcomes, 'sibling');

/** What every leg row of the book reads: the leg, its market and match, the settings, and one outcome of its market. */
const legFields = {
  betId: betSelections.betId,
  outcomeId: betSelections.outcomeId,
  placedOdd: betSelections.oddThousandths,
  marketId: outcomes.marketId,
  marketStatus: markets.status,
  matchId: betSelections.matchId,
  matchStatus: matches.status,
  sportId: matches.sportId,
  marginBp: cashOutSettings.marginBp,
  enabled: cashOutSettings.enabled,
  countsWagering: cashOutSettings.countsWagering,
  blockedMatchId: cashOutMatchBlocks.matchId,
  siblingId: sibling.id,
  siblingOdd: sibling.oddThousandths,
  siblingStatus: sibling.status,
};

/**
 * What a cash-out price is made of: the names of the book's columns it is priced from. The cash out in one statement
 * compares `sports_cash_out_book_state` (migration 0043) under its locks, which must change whenever any of these
 * changes; a test holds the two together.
 */
export const CASH_OUT_PRICE_INPUTS: readonly string[] = Object.keys(legFields);

/** One row of the book: a leg (the settings null where no trader set any) and one outcome of its market. */
interface LegFieldsRow extends LegFacts {
  marginBp: number | null;
  enabled: boolean | null;
  countsWagering: boolean | null;
  blockedMatchId: number | null;
  siblingId: number;
  siblingOdd: number;
  siblingStatus: string;
}

/**
 * Groups the book's rows (one per leg and outcome of its market, ordered by bet, leg position and outcome id) into
 * legs, with `extra` kept from each leg's first row.
 */
function legsFrom<Row extends LegFieldsRow, Extra>(rows: Row[], extra: (row: Row) => Extra): (BookLeg & Extra)[] {
  const legs: (BookLeg & Extra)[] = [];
  for (const row of rows) {
    let leg = legs.at(-1);
    if (!leg || leg.betId !== row.betId || leg.outcomeId !== row.outcomeId) {
      leg = {
        betId: row.betId,
        outcomeId: row.outcomeId,
        placedOdd: row.placedOdd,
        marketId: row.marketId,
        marketStatus: row.marketStatus,
        matchId: row.matchId,
        matchStatus: row.matchStatus,
        sportId: row.sportId,
        sport:
          row.marginBp === null || row.enabled === null || row.countsWagering === null
            ? DEFAULT_SPORT_CASH_OUT
            : { marginBp: row.marginBp, enabled: row.enabled, countsWagering: row.countsWagering },
        blocked: row.blockedMatchId !== null,
        outcomes: [],
        ...extra(row),
      };
      legs.push(leg);
    }
    leg.outcomes.push({ id: row.siblingId, odd: row.siblingOdd, status: row.siblingStatus });
  }
  return legs;
}

/**
 * The legs of these bets as the book stands, each with every outcome of its market and its sport's and match's
 * cash-out settings, in one statement; per bet in slip order.
 */
export async function bookLegsOf(db: DbOrTx, betIds: string[]): Promise<BookLeg[]> {
  if (betIds.length === 0) return [];
  const rows = await db
    .select(legFields)
    .from(betSelections)
    .innerJoin(outcomes, eq(outcomes.id, betSelections.outcomeId))
    .innerJoin(markets, eq(markets.id, outcomes.marketId))
    .innerJoin(matches, eq(matches.id, betSelections.matchId))
    .innerJoin(sibling, eq(sibling.marketId, outcomes.marketId))
    .leftJoin(cashOutSettings, eq(cashOutSettings.sportId, matches.sportId))
    .leftJoin(cashOutMatchBlocks, eq(cashOutMatchBlocks.matchId, betSelections.matchId))
    .where(inArray(betSelections.betId, betIds))
    .orderBy(asc(betSelections.betId), asc(betSelections.position), asc(sibling.id));
  return legsFrom(rows, () => ({}));
}

/** A leg of the bet being cashed out: priced as any, with what its view in the answer shows. */
export type CashOutLegFacts = BookLeg & SelectionNames;

/** The bet's cash outs so far. */
export interface CashOutsSoFar {
  count: number;
  stake: bigint;
  amount: bigint;
}

/** A bet's book: the ids of its matches, markets and outcomes, each ascending, without repeats. */
export interface BookIds {
  matchIds: number[];
  marketIds: number[];
  outcomeIds: number[];
}

/** What a cash out decides on, read in one statement before any lock (`cashOutLookup`). */
export interface CashOutRead {
  /** The bet's row as read. */
  bet: BetRow;
  /** Its legs as the book stood, with their names. */
  legs: CashOutLegFacts[];
  /** The bet's book, to lock it. */
  book: BookIds;
  /**
   * What the price was made of, as `sports_cash_out_book_state` (migration 0043) writes it: the cash out in one
   * statement compares it under its locks.
   */
  bookState: string | null;
  /** The bet's cash outs so far. */
  before: CashOutsSoFar;
  /** The cash out an earlier request with the same key made (null: none). */
  earlier: CashOutRow | null;
}

const earlierCashOut = alias(betCashOuts, 'earlier');

/**
 * What a cash-out request decides on, in one statement: the bet (when it is the player's; null otherwise) with its
 * legs as the book stands and their names (`bookLegsOf`'s rows), its cash outs so far, what its price is made of
 * (`sports_cash_out_book_state`, in the same snapshot), and the cash out an earlier request with the same key made.
 * Built once per service on the pool and run as a named prepared statement before any lock (neither drizzle, building
 * the SQL, nor PostgreSQL, planning it, redoes it per request); the stake pipeline's path runs the same read under
 * its locks, built on its transaction.
 */
export function cashOutLookup(db: DbOrTx) {
  const userId = sql.placeholder('userId');
  const done = sql`${betCashOuts.betId} = ${bets.id}`;
  const query = db
    .select({
      bet: bets,
      ...legFields,
      ...selectionNameFields,
      count: sql<number>`(select count(*)::int from ${betCashOuts} where ${done})`,
      cashedOutStake: sql<string>`(select coalesce(sum(${betCashOuts.stake}), 0)::text from ${betCashOuts} where ${done})`,
      cashedOutAmount: sql<string>`(select coalesce(sum(${betCashOuts.amount}), 0)::text from ${betCashOuts} where ${done})`,
      bookState: sql<string | null>`sports_cash_out_book_state(${bets.id})`,
      earlier: earlierCashOut,
    })
    .from(bets)
    .innerJoin(betSelections, eq(betSelections.betId, bets.id))
    .innerJoin(outcomes, eq(outcomes.id, betSelections.outcomeId))
    .innerJoin(markets, eq(markets.id, outcomes.marketId))
    .innerJoin(matches, eq(matches.id, betSelections.matchId))
    .innerJoin(sports, eq(sports.id, matches.sportId))
    .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
    .innerJoin(sibling, eq(sibling.marketId, outcomes.marketId))
    .leftJoin(cashOutSettings, eq(cashOutSettings.sportId, matches.sportId))
    .leftJoin(cashOutMatchBlocks, eq(cashOutMatchBlocks.matchId, betSelections.matchId))
    .leftJoin(
      earlierCashOut,
      and(eq(earlierCashOut.userId, userId), eq(earlierCashOut.idempotencyKey, sql.placeholder('idempotencyKey'))),
    )
    .where(and(eq(bets.id, sql.placeholder('betId')), eq(bets.userId, userId)))
    .orderBy(asc(betSelections.position), asc(betSelections.outcomeId), asc(sibling.id))
    .prepare('sports_cash_out_read');
  return async (request: { betId: string; userId: number; idempotencyKey: string }): Promise<CashOutRead | null> => {
    const rows = await query.execute(request);
    const first = rows[0];
    if (!first) return null;
    const ascending = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
    return {
      bet: first.bet,
      legs: legsFrom(rows, ({ result, label, betName, startsAt, team1, team2, sportName, tournamentName }) => ({
        result,
        label,
        betName,
        startsAt,
        team1,
        team2,
        sportName,
        tournamentName,
      })),
      book: {
        matchIds: ascending(rows.map((row) => row.matchId)),
        marketIds: ascending(rows.map((row) => row.marketId)),
        outcomeIds: ascending(rows.map((row) => row.outcomeId)),
      },
      bookState: first.bookState,
      before: { count: first.count, stake: BigInt(first.cashedOutStake), amount: BigInt(first.cashedOutAmount) },
      earlier: first.earlier,
    };
  };
}

/**
 * Share-locks a bet's book: its matches, markets and outcomes, each in id order (the placement's and the ingest's
 * order, as `sports_slip_book` locks them), so a suspension, an ingest or a trader's result either committed before
 * the caller's next reads or waits until the caller's transaction ends. `sports_share_lock_book` (migration 0041)
 * takes the ids the bet's legs name, so PostgreSQL plans three primary-key look-ups; a named statement, prepared once
 * per connection.
 */
export async function shareLockBook(tx: DbOrTx, book: BookIds): Promise<void> {
  await tx
    .select({
      locked: sql<number>`sports_share_lock_book(${sql.placeholder('matchIds')}::bigint[], ${sql.placeholder('marketIds')}::bigint[], ${sql.placeholder('outcomeIds')}::bigint[])`,
    })
    .from(sql`(values (1)) as one`)
    .prepare('sports_cash_out_lock_book')
    .execute({ ...book });
}

/** The bet's row, locked until the transaction ends (settlement and re-settlement lock it too). */
export async function lockBet(tx: DbOrTx, betId: string) {
  const [row] = await tx
    .select()
    .from(bets)
    .where(eq(bets.id, sql.placeholder('betId')))
    .for('update')
    .prepare('sports_cash_out_lock_bet')
    .execute({ betId });
  return row;
}

export async function insertCashOut(tx: DbOrTx, values: typeof betCashOuts.$inferInsert): Promise<CashOutRow> {
  const [row] = await tx.insert(betCashOuts).values(values).returning();
  return row!;
}

/**
 * Writes what a cash out left of its bet, and ends the bet's automatic cash-out target (set for the bet as it stood),
 * in one statement; answers the bet's row as it is now.
 */
export async function updateCashedOutBet(tx: DbOrTx, betId: string, values: Partial<typeof bets.$inferInsert>) {
  const targetGone = tx
    .$with('target_gone')
    .as(
      tx
        .delete(betCashOutTargets)
        .where(eq(betCashOutTargets.betId, betId))
        .returning({ betId: betCashOutTargets.betId }),
    );
  const [row] = await tx.with(targetGone).update(bets).set(values).where(eq(bets.id, betId)).returning();
  return row!;
}

export async function findCashOutByKey(db: DbOrTx, userId: number, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(betCashOuts)
    .where(and(eq(betCashOuts.userId, userId), eq(betCashOuts.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

/** The cash outs of these bets: how much of each stake was cashed out and what it paid. */
export async function cashOutTotals(db: DbOrTx, betIds: string[]) {
  if (betIds.length === 0) return new Map<string, { stake: bigint; amount: bigint }>();
  const rows = await db
    .select({
      betId: betCashOuts.betId,
      stake: sql<string>`sum(${betCashOuts.stake})::text`,
      amount: sql<string>`sum(${betCashOuts.amount})::text`,
    })
    .from(betCashOuts)
    .where(inArray(betCashOuts.betId, betIds))
    .groupBy(betCashOuts.betId);
  return new Map(rows.map((row) => [row.betId, { stake: BigInt(row.stake), amount: BigInt(row.amount) }]));
}

/** A player's open bets, newest first (the cash-out offers of "My bets"). */
export async function openBetsOf(db: DbOrTx, userId: number, limit: number) {
  return db
    .select()
    .from(bets)
    .where(and(eq(bets.userId, userId), eq(bets.status, 'open')))
    .orderBy(desc(bets.placedAt))
    .limit(limit);
}

export async function targetsOf(db: DbOrTx, betIds: string[]) {
  if (betIds.length === 0) return new Map<string, bigint>();
  const rows = await db.select().from(betCashOutTargets).where(inArray(betCashOutTargets.betId, betIds));
  return new Map(rows.map((row) => [row.betId, row.target]));
}

/** What the cash out in one statement is asked to do (`cashOutInOneStatement`). */
export interface OneStatementCashOut {
  betId: string;
  userId: number;
  idempotencyKey: string;
  requestHash: string;
  book: BookIds;
  /** What the price was made of (`CashOutRead.bookState`), the bet's stake and its next cash out's number, as read. */
  bookState: string | null;
  stake: bigint;
  seq: number;
  /** The stake pipeline's record of the bet's stake. */
  sourceKey: string;
  part: bigint;
  amount: bigint;
  price: bigint;
  seenPrice: bigint | null;
  auto: boolean;
  /** What the bet has paid once this cash out takes the whole stake. */
  payout: bigint;
  /** The potential payout of the stake it keeps, when it takes a part. */
  potentialPayout: bigint;
  now: Date;
  /** The payout, as the wallet prepared it. */
  transfer: PreparedTransfer;
}

/** What the cash out in one statement did: made it (with what it wrote), or why not. */
export type OneStatementAnswer =
  | {
      outcome: 'done';
      cashOutId: number;
      transfer: Extract<TransferAnswer, { transferId: number }>;
      /** The stake row's main share before the cash out. */
      stakeMain: bigint;
      /** The bet's row as the cash out left it, less what never changes. */
      bet: Pick<
        BetRow,
        'stake' | 'potentialPayout' | 'payout' | 'status' | 'settledAt' | 'settlementVersion' | 'shortfall' | 'withheld'
      >;
    }
  | { outcome: 'ledger'; transfer: TransferRefusal }
  | { outcome: 'not_found' | 'twin' | 'not_open' | 'moved' | 'pipeline' };

const oneStatementRow = z.object({
  outcome: z.enum(['done', 'ledger', 'not_found', 'twin', 'not_open', 'moved', 'pipeline']),
  cashOutId: z.coerce.number().nullable(),
  transferId: z.coerce.number().nullable(),
  xid: z.string().nullable(),
  stakeMain: z.string().nullable(),
  ledgerOutcome: z.enum(['applied', 'replayed', 'conflict', 'insufficient']).nullable(),
  ledgerAccountId: z.coerce.number().nullable(),
  ledgerBalance: z.string().nullable(),
  betStake: z.string().nullable(),
  betPotentialPayout: z.string().nullable(),
  betPayout: z.string().nullable(),
  betStatus: z.enum(BET_STATUSES).nullable(),
  betSettledAt: z.string().nullable(),
  betSettlementVersion: z.coerce.number().nullable(),
  betShortfall: z.string().nullable(),
  betWithheld: z.string().nullable(),
});

/** A column the function always fills for its outcome. */
function filled<T>(value: T | null, column: string): T {
  if (value === null) throw new Error(`sports_cash_out answered no ${column}`);
  return value;
}

/**
 * A cash out of a stake paid with main money only, in one statement: `sports_cash_out` (migration 0043) locks what a
 * cash out locks, in the same order, checks that the bet, its book and its cash outs are still as read, and writes
 * what the stake pipeline's cash out writes, the payout through `ledger_transfer`. Built once per service and run as
 * a named prepared statement on the pool (the statement is its own transaction). Bigints and timestamps come back as
 * text, so both drivers answer alike.
 */
export function cashOutInOneStatement(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  const query = db
    .select({
      outcome: resultColumn<string>('outcome'),
      cashOutId: resultText('cash_out_id'),
      transferId: resultText('transfer_id'),
      xid: resultColumn('xid'),
      stakeMain: resultText('stake_main'),
      ledgerOutcome: resultColumn('ledger_outcome'),
      ledgerAccountId: resultText('ledger_account_id'),
      ledgerBalance: resultText('ledger_balance'),
      betStake: resultText('bet_stake'),
      betPotentialPayout: resultText('bet_potential_payout'),
      betPayout: resultText('bet_payout'),
      betStatus: resultColumn('bet_status'),
      // Milliseconds since the epoch: the api writes its timestamps from a Date, to the millisecond.
      betSettledAt: sql<
        string | null
      >`floor(extract(epoch from ${resultColumn('bet_settled_at')}) * 1000)::bigint::text`,
      betSettlementVersion: resultText('bet_settlement_version'),
      betShortfall: resultText('bet_shortfall'),
      betWithheld: resultText('bet_withheld'),
    })
    .from(
      sql`sports_cash_out(${p('betId')}::uuid, ${p('userId')}::bigint, ${p('idempotencyKey')}, ${p('requestHash')},
        ${p('matchIds')}::bigint[], ${p('marketIds')}::bigint[], ${p('outcomeIds')}::bigint[], ${p('bookState')}::text,
        ${p('stake')}::bigint, ${p('seq')}::integer, ${p('sourceKey')}, ${p('part')}::bigint, ${p('amount')}::bigint,
        ${p('price')}::bigint, ${p('seenPrice')}::bigint, ${p('auto')}::boolean, ${p('payout')}::bigint,
        ${p('potentialPayout')}::bigint, ${p('now')}::timestamptz, ${p('transferKey')}, ${p('transferHash')},
        ${p('transferKind')}, ${p('currency')}, ${p('metadata')}::jsonb, ${p('users')}::bigint[],
        ${p('kinds')}::text[], ${p('shards')}::integer[], ${p('amounts')}::bigint[]) as r`,
    )
    .prepare('sports_cash_out');
  return async (request: OneStatementCashOut): Promise<OneStatementAnswer> => {
    const { transfer } = request;
    const [raw] = await query.execute({
      betId: request.betId,
      userId: request.userId,
      idempotencyKey: request.idempotencyKey,
      requestHash: request.requestHash,
      matchIds: request.book.matchIds,
      marketIds: request.book.marketIds,
      outcomeIds: request.book.outcomeIds,
      bookState: request.bookState,
      stake: request.stake.toString(),
      seq: request.seq,
      sourceKey: request.sourceKey,
      part: request.part.toString(),
      amount: request.amount.toString(),
      price: request.price.toString(),
      seenPrice: request.seenPrice?.toString() ?? null,
      auto: request.auto,
      payout: request.payout.toString(),
      potentialPayout: request.potentialPayout.toString(),
      now: request.now.toISOString(),
      ...transferArguments(transfer),
    });
    const row = oneStatementRow.parse(raw);
    if (row.outcome === 'ledger') {
      const ledger = filled(row.ledgerOutcome, 'ledger outcome');
      if (ledger === 'conflict') return { outcome: 'ledger', transfer: { outcome: ledger } };
      if (ledger !== 'insufficient') throw new Error(`sports_cash_out answered ledger ${ledger}`);
      return {
        outcome: 'ledger',
        transfer: {
          outcome: ledger,
          accountId: filled(row.ledgerAccountId, 'account'),
          balance: BigInt(filled(row.ledgerBalance, 'balance')),
        },
      };
    }
    if (row.outcome !== 'done') return { outcome: row.outcome };
    const transferId = filled(row.transferId, 'transfer');
    const ledger = filled(row.ledgerOutcome, 'ledger outcome');
    const settledAt = row.betSettledAt === null ? null : new Date(Number(row.betSettledAt));
    const payout = row.betPayout === null ? null : BigInt(row.betPayout);
    return {
      outcome: 'done',
      cashOutId: filled(row.cashOutId, 'cash out'),
      transfer:
        ledger === 'applied'
          ? { outcome: ledger, transferId, xid: filled(row.xid, 'transaction') }
          : { outcome: 'replayed', transferId },
      stakeMain: BigInt(filled(row.stakeMain, 'stake')),
      bet: {
        stake: BigInt(filled(row.betStake, 'stake')),
        potentialPayout: BigInt(filled(row.betPotentialPayout, 'potential payout')),
        payout,
        status: filled(row.betStatus, 'status'),
        settledAt,
        settlementVersion: filled(row.betSettlementVersion, 'settlement version'),
        shortfall: BigInt(filled(row.betShortfall, 'shortfall')),
        withheld: BigInt(filled(row.betWithheld, 'withheld')),
      },
    };
  };
}
