import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '@playhouse/db';
import {
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

/** The bet's cash outs so far, and whether one was made under this request's key (a twin that got the lock first). */
export interface CashOutsSoFar {
  count: number;
  stake: bigint;
  amount: bigint;
  twin: boolean;
}

/**
 * Everything a cash out decides on and answers with, read in one statement once the bet's book and row are locked
 * (so under READ COMMITTED it sees whatever committed before those locks were granted): the bet's legs as the book
 * stands (`bookLegsOf`) with their names, the bet's cash outs so far, and whether a twin request with the same key
 * already made its cash out.
 *
 * A named prepared statement: a join of nine tables with four sub-selects took PostgreSQL longer to plan (about
 * 1.5-3 ms, the custom plan made afresh for every unnamed statement) than to run (about 0.2-0.4 ms), and it was most
 * of the database's work per cash out. Prepared once per connection, it is planned a few times and then runs on its
 * cached generic plan (every parameter is a key equality, so the generic plan is the custom one).
 */
export async function cashOutState(
  tx: DbOrTx,
  request: { betId: string; userId: number; idempotencyKey: string },
): Promise<{ legs: CashOutLegFacts[]; before: CashOutsSoFar }> {
  const betId = sql.placeholder('betId');
  const done = sql`${betCashOuts.betId} = ${betId}`;
  const rows = await tx
    .select({
      ...legFields,
      ...selectionNameFields,
      count: sql<number>`(select count(*)::int from ${betCashOuts} where ${done})`,
      cashedOutStake: sql<string>`(select coalesce(sum(${betCashOuts.stake}), 0)::text from ${betCashOuts} where ${done})`,
      cashedOutAmount: sql<string>`(select coalesce(sum(${betCashOuts.amount}), 0)::text from ${betCashOuts} where ${done})`,
      twin: sql<boolean>`exists (select 1 from ${betCashOuts} where ${betCashOuts.userId} = ${sql.placeholder('userId')} and ${betCashOuts.idempotencyKey} = ${sql.placeholder('idempotencyKey')})`,
    })
    .from(betSelections)
    .innerJoin(outcomes, eq(outcomes.id, betSelections.outcomeId))
    .innerJoin(markets, eq(markets.id, outcomes.marketId))
    .innerJoin(matches, eq(matches.id, betSelections.matchId))
    .innerJoin(sports, eq(sports.id, matches.sportId))
    .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
    .innerJoin(sibling, eq(sibling.marketId, outcomes.marketId))
    .leftJoin(cashOutSettings, eq(cashOutSettings.sportId, matches.sportId))
    .leftJoin(cashOutMatchBlocks, eq(cashOutMatchBlocks.matchId, betSelections.matchId))
    .where(eq(betSelections.betId, betId))
    .orderBy(asc(betSelections.position), asc(sibling.id))
    .prepare('sports_cash_out_state')
    .execute(request);
  const first = rows[0];
  return {
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
    before: {
      count: first?.count ?? 0,
      stake: BigInt(first?.cashedOutStake ?? '0'),
      amount: BigInt(first?.cashedOutAmount ?? '0'),
      twin: first?.twin ?? false,
    },
  };
}

/** A bet's book: the ids of its matches, markets and outcomes, each ascending, without repeats. */
export interface BookIds {
  matchIds: number[];
  marketIds: number[];
  outcomeIds: number[];
}

/** What a cash-out request needs before its transaction (`cashOutRequestLookup`). */
export interface CashOutRequestFacts {
  /** The bet's book, to lock it first. */
  book: BookIds;
  /** The cash out an earlier request with the same key made (null: none). */
  earlier: CashOutRow | null;
}

/**
 * What a cash-out request needs before its transaction: the bet's book when the bet is the player's (null otherwise),
 * and the cash out an earlier request with the same key made. Built once per service and run as a named prepared
 * statement on the pool: neither drizzle (building the SQL) nor PostgreSQL (planning it) redo it per request.
 */
export function cashOutRequestLookup(db: Db) {
  const userId = sql.placeholder('userId');
  const query = db
    .select({
      outcomeId: betSelections.outcomeId,
      marketId: outcomes.marketId,
      matchId: betSelections.matchId,
      earlier: betCashOuts,
    })
    .from(bets)
    .innerJoin(betSelections, eq(betSelections.betId, bets.id))
    .innerJoin(outcomes, eq(outcomes.id, betSelections.outcomeId))
    .leftJoin(
      betCashOuts,
      and(eq(betCashOuts.userId, userId), eq(betCashOuts.idempotencyKey, sql.placeholder('idempotencyKey'))),
    )
    .where(and(eq(bets.id, sql.placeholder('betId')), eq(bets.userId, userId)))
    .orderBy(asc(betSelections.outcomeId))
    .prepare('sports_cash_out_request');
  return async (request: {
    betId: string;
    userId: number;
    idempotencyKey: string;
  }): Promise<CashOutRequestFacts | null> => {
    const rows = await query.execute(request);
    if (rows.length === 0) return null;
    const ascending = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
    return {
      book: {
        matchIds: ascending(rows.map((row) => row.matchId)),
        marketIds: ascending(rows.map((row) => row.marketId)),
        outcomeIds: ascending(rows.map((row) => row.outcomeId)),
      },
      earlier: rows[0]!.earlier,
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
