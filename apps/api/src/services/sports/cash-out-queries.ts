import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@playhouse/db';
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
} from '@playhouse/db/schema';
import { DEFAULT_CASH_OUT_MARGIN_BP } from '@playhouse/shared';

/** A bet's leg as the book stands: its outcome, market and match, and the sport it belongs to. */
export interface LegRow {
  betId: string;
  outcomeId: number;
  placedOdd: number;
  marketId: number;
  marketStatus: string;
  matchId: number;
  matchStatus: string;
  sportId: number;
}

/** The legs of these bets, in the book's current state. */
export async function legsOf(db: DbOrTx, betIds: string[]): Promise<LegRow[]> {
  if (betIds.length === 0) return [];
  return db
    .select({
      betId: betSelections.betId,
      outcomeId: betSelections.outcomeId,
      placedOdd: betSelections.oddThousandths,
      marketId: outcomes.marketId,
      marketStatus: markets.status,
      matchId: betSelections.matchId,
      matchStatus: matches.status,
      sportId: matches.sportId,
    })
    .from(betSelections)
    .innerJoin(outcomes, eq(outcomes.id, betSelections.outcomeId))
    .innerJoin(markets, eq(markets.id, outcomes.marketId))
    .innerJoin(matches, eq(matches.id, betSelections.matchId))
    .where(inArray(betSelections.betId, betIds))
    .orderBy(asc(betSelections.betId), asc(betSelections.position));
}

/** Every outcome of these markets with its current odd and status. */
export async function marketOutcomes(db: DbOrTx, marketIds: number[]) {
  if (marketIds.length === 0) return [];
  return db
    .select({ id: outcomes.id, marketId: outcomes.marketId, odd: outcomes.oddThousandths, status: outcomes.status })
    .from(outcomes)
    .where(inArray(outcomes.marketId, [...new Set(marketIds)]))
    .orderBy(asc(outcomes.id));
}

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

/** The cash-out settings of these sports (the defaults for a sport no trader set). */
export async function sportSettings(db: DbOrTx, sportIds: number[]): Promise<Map<number, SportCashOut>> {
  const rows =
    sportIds.length === 0
      ? []
      : await db
          .select()
          .from(cashOutSettings)
          .where(inArray(cashOutSettings.sportId, [...new Set(sportIds)]));
  const settings = new Map<number, SportCashOut>();
  for (const id of sportIds) settings.set(id, DEFAULT_SPORT_CASH_OUT);
  for (const row of rows) {
    settings.set(row.sportId, { marginBp: row.marginBp, enabled: row.enabled, countsWagering: row.countsWagering });
  }
  return settings;
}

/** Which of these matches a trader switched cash out off for. */
export async function blockedMatches(db: DbOrTx, matchIds: number[]): Promise<Set<number>> {
  if (matchIds.length === 0) return new Set();
  const rows = await db
    .select({ matchId: cashOutMatchBlocks.matchId })
    .from(cashOutMatchBlocks)
    .where(inArray(cashOutMatchBlocks.matchId, [...new Set(matchIds)]));
  return new Set(rows.map((row) => row.matchId));
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

/** How many cash outs the bet has had (the caller holds the bet's row lock, so the next number is free). */
export async function cashOutCount(db: DbOrTx, betId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(betCashOuts)
    .where(eq(betCashOuts.betId, betId));
  return row?.count ?? 0;
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
