import { and, asc, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, LocalizedText } from '@playhouse/db';
import {
  betSelections,
  bets,
  markets,
  matches,
  outcomes,
  sportCategories,
  sports,
  tournaments,
  users,
} from '@playhouse/db/schema';
import { pageWindow, type TradingBetsQuery, type TradingFixturesQuery } from '@playhouse/shared';

/** A LIKE pattern matching `text` literally anywhere. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const marketCount = sql<number>`(select count(*)::int from markets mk where mk.match_id = ${matches.id})`;
const suspendedCount = sql<number>`(select count(*)::int from markets mk
  where mk.match_id = ${matches.id} and mk.status = 'suspended')`;
const openBetCount = sql<number>`(select count(distinct bs.bet_id)::int from bet_selections bs
  join bets b on b.id = bs.bet_id where bs.match_id = ${matches.id} and b.status = 'open')`;

const FIXTURE_SORT = { startsAt: matches.startsAt, id: matches.id, openBets: openBetCount } as const;

export interface FixtureRow {
  id: number;
  sportId: number;
  sportName: LocalizedText;
  categoryName: LocalizedText;
  tournamentName: LocalizedText;
  team1: LocalizedText;
  team2: LocalizedText;
  startsAt: Date;
  status: (typeof matches.$inferSelect)['status'];
  result: (typeof matches.$inferSelect)['result'];
  markets: number;
  suspendedMarkets: number;
  openBets: number;
}

const fixtureColumns = {
  id: matches.id,
  sportId: matches.sportId,
  sportName: sports.name,
  categoryName: sportCategories.name,
  tournamentName: tournaments.name,
  team1: matches.team1,
  team2: matches.team2,
  startsAt: matches.startsAt,
  status: matches.status,
  result: matches.result,
  markets: marketCount,
  suspendedMarkets: suspendedCount,
  openBets: openBetCount,
};

/** Fixtures by the filters, one page, in the whitelisted order (ties broken by id). */
export async function listFixtures(db: DbOrTx, query: TradingFixturesQuery) {
  const q = query.q;
  const where = and(
    query.status ? eq(matches.status, query.status) : undefined,
    query.sportId ? eq(matches.sportId, query.sportId) : undefined,
    query.held === 'true'
      ? sql`exists (select 1 from markets mk where mk.match_id = ${matches.id} and mk.trader_hold)`
      : undefined,
    query.held === 'false'
      ? sql`not exists (select 1 from markets mk where mk.match_id = ${matches.id} and mk.trader_hold)`
      : undefined,
    q
      ? /^\d{1,15}$/.test(q)
        ? eq(matches.id, Number(q))
        : sql`(${matches.team1}::text || ' ' || ${matches.team2}::text) ilike ${contains(q)}`
      : undefined,
  );
  const order = query.dir === 'asc' ? asc : desc;
  const [rows, [count]] = await Promise.all([
    db
      .select(fixtureColumns)
      .from(matches)
      .innerJoin(sports, eq(sports.id, matches.sportId))
      .innerJoin(sportCategories, eq(sportCategories.id, matches.categoryId))
      .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
      .where(where)
      .orderBy(order(FIXTURE_SORT[query.sort ?? 'startsAt']), order(matches.id))
      .limit(pageWindow(query).limit)
      .offset(pageWindow(query).offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(matches)
      .where(where),
  ]);
  return { rows: rows as FixtureRow[], total: count?.total ?? 0 };
}

export async function findFixture(db: DbOrTx, matchId: number): Promise<FixtureRow | undefined> {
  const [row] = await db
    .select(fixtureColumns)
    .from(matches)
    .innerJoin(sports, eq(sports.id, matches.sportId))
    .innerJoin(sportCategories, eq(sportCategories.id, matches.categoryId))
    .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
    .where(eq(matches.id, matchId));
  return row as FixtureRow | undefined;
}

export type MarketRow = typeof markets.$inferSelect;
export type OutcomeRow = typeof outcomes.$inferSelect;

export async function marketsOf(db: DbOrTx, matchId: number): Promise<MarketRow[]> {
  return db.select().from(markets).where(eq(markets.matchId, matchId)).orderBy(markets.position, markets.id);
}

export async function outcomesOf(db: DbOrTx, marketIds: number[], lock = false): Promise<OutcomeRow[]> {
  if (marketIds.length === 0) return [];
  const query = db
    .select()
    .from(outcomes)
    .where(inArray(outcomes.marketId, marketIds))
    .orderBy(outcomes.marketId, outcomes.position, outcomes.id);
  return lock ? query.for('update') : query;
}

/** A market locked for a trader's change (the caller holds the book's ingest lock). */
export async function lockMarket(db: DbOrTx, marketId: number): Promise<MarketRow | undefined> {
  const [row] = await db.select().from(markets).where(eq(markets.id, marketId)).for('update');
  return row;
}

export async function lockMatchMarkets(db: DbOrTx, matchId: number): Promise<MarketRow[]> {
  return db.select().from(markets).where(eq(markets.matchId, matchId)).orderBy(markets.id).for('update');
}

export async function matchStatusOf(db: DbOrTx, matchId: number) {
  const [row] = await db.select({ status: matches.status }).from(matches).where(eq(matches.id, matchId));
  return row?.status;
}

export interface LiabilityRow {
  outcomeId: number;
  currency: string;
  bets: number;
  stakes: bigint;
  payout: bigint;
}

/** Open bets per outcome and currency of the match: their count, stakes and potential payouts. */
export async function liabilityOf(db: DbOrTx, matchId: number): Promise<LiabilityRow[]> {
  const rows = await db
    .select({
      outcomeId: betSelections.outcomeId,
      currency: bets.currency,
      bets: sql<number>`count(*)::int`,
      stakes: sql<string>`sum(${bets.stake})::text`,
      payout: sql<string>`sum(${bets.potentialPayout})::text`,
    })
    .from(betSelections)
    .innerJoin(bets, eq(bets.id, betSelections.betId))
    .where(and(eq(betSelections.matchId, matchId), eq(bets.status, 'open')))
    .groupBy(betSelections.outcomeId, bets.currency)
    .orderBy(betSelections.outcomeId, bets.currency);
  return rows.map((row) => ({ ...row, stakes: BigInt(row.stakes), payout: BigInt(row.payout) }));
}

/** Ids of the bets with a selection on the market, in id order (the order their rows are locked in). */
export async function betIdsOnMarket(db: DbOrTx, marketId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: betSelections.betId })
    .from(betSelections)
    .innerJoin(outcomes, eq(outcomes.id, betSelections.outcomeId))
    .where(eq(outcomes.marketId, marketId))
    .orderBy(betSelections.betId);
  return rows.map((row) => row.id);
}

/** Whether a bet on the market has been settled (won, lost or void): its result has paid out. */
export async function marketHasSettledBets(db: DbOrTx, marketId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: betSelections.betId })
    .from(betSelections)
    .innerJoin(outcomes, eq(outcomes.id, betSelections.outcomeId))
    .innerJoin(bets, eq(bets.id, betSelections.betId))
    .where(and(eq(outcomes.marketId, marketId), ne(bets.status, 'open')))
    .limit(1);
  return row !== undefined;
}

const BET_SORT = { placedAt: bets.placedAt, stake: bets.stake, potentialPayout: bets.potentialPayout } as const;

/** The bet search: one page of bets by the filters, with their players' usernames. */
export async function searchBets(db: DbOrTx, query: TradingBetsQuery) {
  const q = query.q;
  const onSelection = (condition: SQL) =>
    sql`exists (select 1 from bet_selections bs join outcomes o on o.id = bs.outcome_id
      where bs.bet_id = ${bets.id} and ${condition})`;
  const where = and(
    query.status ? eq(bets.status, query.status) : undefined,
    query.kind ? eq(bets.kind, query.kind) : undefined,
    query.userId ? eq(bets.userId, query.userId) : undefined,
    query.matchId ? onSelection(sql`bs.match_id = ${query.matchId}`) : undefined,
    query.marketId ? onSelection(sql`o.market_id = ${query.marketId}`) : undefined,
    query.from ? gte(bets.placedAt, new Date(query.from)) : undefined,
    query.to ? lte(bets.placedAt, new Date(query.to)) : undefined,
    q
      ? /^[0-9a-f-]{36}$/i.test(q)
        ? eq(bets.id, q.toLowerCase())
        : sql`${users.username} ilike ${contains(q)}`
      : undefined,
  );
  const order = query.dir === 'asc' ? asc : desc;
  const [rows, [count]] = await Promise.all([
    db
      .select({ bet: bets, username: users.username })
      .from(bets)
      .innerJoin(users, eq(users.id, bets.userId))
      .where(where)
      .orderBy(order(BET_SORT[query.sort ?? 'placedAt']), order(bets.id))
      .limit(pageWindow(query).limit)
      .offset(pageWindow(query).offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(bets)
      .innerJoin(users, eq(users.id, bets.userId))
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** The selections of some bets with their match's teams and their market's name. */
export async function selectionsOfBets(db: DbOrTx, betIds: string[]) {
  if (betIds.length === 0) return [];
  return db
    .select({
      betId: betSelections.betId,
      matchId: betSelections.matchId,
      marketId: outcomes.marketId,
      outcomeId: betSelections.outcomeId,
      label: outcomes.label,
      team1: matches.team1,
      team2: matches.team2,
      market: markets.name,
      odd: betSelections.oddThousandths,
      result: betSelections.result,
    })
    .from(betSelections)
    .innerJoin(outcomes, eq(outcomes.id, betSelections.outcomeId))
    .innerJoin(markets, eq(markets.id, outcomes.marketId))
    .innerJoin(matches, eq(matches.id, betSelections.matchId))
    .where(inArray(betSelections.betId, betIds))
    .orderBy(betSelections.betId, betSelections.position);
}
