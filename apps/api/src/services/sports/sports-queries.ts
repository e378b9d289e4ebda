import { and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx, LocalizedText } from '@playhouse/db';
import {
  betSelections,
  markets,
  matches,
  outcomes,
  sportCategories,
  sports,
  tournaments,
  type MarketStatus,
  type MatchResult,
  type MatchStatus,
  type OutcomeStatus,
  type SelectionResult,
} from '@playhouse/db/schema';
import type { LiveState } from '@playhouse/shared';

export interface NamedRow {
  id: number;
  name: LocalizedText;
}
export interface UpcomingOutcome {
  label: string;
  position: number;
  oddThousandths: number;
}
export interface UpcomingMarket {
  id: number;
  name: LocalizedText;
  position: number;
  outcomes: UpcomingOutcome[];
}
export interface UpcomingMatch {
  id: number;
  sportId: number;
  categoryId: number;
  tournamentId: number;
  startsAt: number;
  team1: LocalizedText;
  team2: LocalizedText;
  /** Open markets with at least one open outcome, by position. */
  markets: UpcomingMarket[];
}
export interface UpcomingBook {
  /** Every sport of the book, by tab position. */
  sports: (NamedRow & { position: number })[];
  categories: Map<number, NamedRow>;
  tournaments: Map<number, NamedRow>;
  /** Scheduled matches that start after `now`, by start time (then id). */
  matches: UpcomingMatch[];
}

const CHUNK = 1000;

/** Ids in slices small enough for one `IN (...)` each. */
export function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Where a match stands in the book: its sport, country and league, its start and its teams. */
export const matchPlacement = {
  id: matches.id,
  sportId: matches.sportId,
  categoryId: matches.categoryId,
  tournamentId: matches.tournamentId,
  startsAt: matches.startsAt,
  team1: matches.team1,
  team2: matches.team2,
};

/** Every sport of the book, by tab position. */
export function bookSports(db: DbOrTx) {
  return db
    .select({ id: sports.id, name: sports.name, position: sports.position })
    .from(sports)
    .orderBy(asc(sports.position), asc(sports.id));
}

/** The countries (with their sport) and leagues (with their country) the given matches are played in, by id. */
export async function bookPlaces(db: DbOrTx, rows: { categoryId: number; tournamentId: number }[]) {
  const categories = new Map<number, NamedRow & { sportId: number }>();
  const tournamentMap = new Map<number, NamedRow & { categoryId: number }>();
  for (const ids of chunks([...new Set(rows.map((row) => row.categoryId))])) {
    const found = await db
      .select({ id: sportCategories.id, name: sportCategories.name, sportId: sportCategories.sportId })
      .from(sportCategories)
      .where(inArray(sportCategories.id, ids));
    for (const row of found) categories.set(row.id, row);
  }
  for (const ids of chunks([...new Set(rows.map((row) => row.tournamentId))])) {
    const found = await db
      .select({ id: tournaments.id, name: tournaments.name, categoryId: tournaments.categoryId })
      .from(tournaments)
      .where(inArray(tournaments.id, ids));
    for (const row of found) tournamentMap.set(row.id, row);
  }
  return { categories, tournaments: tournamentMap };
}

/** Markets with their outcomes, in book order: by match, then market position, then outcome position. */
export function bookMarketRows(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      matchId: markets.matchId,
      marketId: markets.id,
      name: markets.name,
      marketPosition: markets.position,
      marketStatus: markets.status,
      outcomeId: outcomes.id,
      label: outcomes.label,
      outcomePosition: outcomes.position,
      oddThousandths: outcomes.oddThousandths,
      outcomeStatus: outcomes.status,
    })
    .from(markets)
    .innerJoin(outcomes, eq(outcomes.marketId, markets.id))
    .where(where)
    .orderBy(asc(markets.matchId), asc(markets.position), asc(markets.id), asc(outcomes.position), asc(outcomes.id));
}

/** Everything the top offer can show: scheduled future matches with their open markets and outcomes. */
export async function loadUpcomingBook(db: DbOrTx, now: Date): Promise<UpcomingBook> {
  const [sportRows, matchRows] = await Promise.all([
    bookSports(db),
    db
      .select(matchPlacement)
      .from(matches)
      .where(and(eq(matches.status, 'scheduled'), gt(matches.startsAt, now)))
      .orderBy(asc(matches.startsAt), asc(matches.id)),
  ]);

  const byMatch = new Map<number, UpcomingMatch>();
  const list: UpcomingMatch[] = matchRows.map((row) => {
    const match = { ...row, startsAt: row.startsAt.getTime(), markets: [] };
    byMatch.set(row.id, match);
    return match;
  });

  const { categories, tournaments: tournamentMap } = await bookPlaces(db, matchRows);

  for (const ids of chunks([...byMatch.keys()])) {
    const rows = await bookMarketRows(
      db,
      and(inArray(markets.matchId, ids), eq(markets.status, 'open'), eq(outcomes.status, 'open')),
    );
    let current = null as UpcomingMarket | null;
    for (const row of rows) {
      if (current?.id !== row.marketId) {
        current = { id: row.marketId, name: row.name, position: row.marketPosition, outcomes: [] };
        byMatch.get(row.matchId)!.markets.push(current);
      }
      current.outcomes.push({ label: row.label, position: row.outcomePosition, oddThousandths: row.oddThousandths });
    }
  }

  return { sports: sportRows, categories, tournaments: tournamentMap, matches: list };
}

/**
 * What a bet's view names of one of its selections, read with it (from bet_selections joined to its outcome, market,
 * match, sport and tournament): the stored result and the names in every language.
 */
export const selectionNameFields = {
  result: betSelections.result,
  label: outcomes.label,
  betName: markets.name,
  startsAt: matches.startsAt,
  team1: matches.team1,
  team2: matches.team2,
  sportName: sports.name,
  tournamentName: tournaments.name,
};

export interface SelectionNames {
  result: SelectionResult | null;
  label: string;
  betName: LocalizedText;
  startsAt: Date;
  team1: LocalizedText;
  team2: LocalizedText;
  sportName: LocalizedText;
  tournamentName: LocalizedText;
}

export interface MatchDetailRow {
  id: number;
  sportId: number;
  sportName: LocalizedText;
  categoryId: number;
  categoryName: LocalizedText;
  tournamentId: number;
  tournamentName: LocalizedText;
  startsAt: Date;
  status: MatchStatus;
  team1: LocalizedText;
  team2: LocalizedText;
  result: MatchResult | null;
  liveState: LiveState | null;
  markets: {
    id: number;
    name: LocalizedText;
    position: number;
    status: MarketStatus;
    outcomes: {
      id: number;
      label: string;
      position: number;
      oddThousandths: number;
      status: OutcomeStatus;
      result: SelectionResult | null;
    }[];
  }[];
}

/**
 * Matches with every market and outcome, whatever their status, by id (an unknown id is not in the map): two queries
 * however many matches, so the match streams woken by one odds notice read together.
 */
export async function loadMatchDetails(db: DbOrTx, matchIds: number[]): Promise<Map<number, MatchDetailRow>> {
  const found = new Map<number, MatchDetailRow>();
  if (matchIds.length === 0) return found;
  const rows = await db
    .select({
      id: matches.id,
      sportId: matches.sportId,
      sportName: sports.name,
      categoryId: matches.categoryId,
      categoryName: sportCategories.name,
      tournamentId: matches.tournamentId,
      tournamentName: tournaments.name,
      startsAt: matches.startsAt,
      status: matches.status,
      team1: matches.team1,
      team2: matches.team2,
      result: matches.result,
      liveState: matches.liveState,
    })
    .from(matches)
    .innerJoin(sports, eq(sports.id, matches.sportId))
    .innerJoin(sportCategories, eq(sportCategories.id, matches.categoryId))
    .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
    .where(inArray(matches.id, matchIds));
  if (rows.length === 0) return found;
  for (const row of rows) found.set(row.id, { ...row, markets: [] });
  const offered = await db
    .select({ market: markets, outcome: outcomes })
    .from(markets)
    .innerJoin(outcomes, eq(outcomes.marketId, markets.id))
    .where(inArray(markets.matchId, [...found.keys()]))
    .orderBy(asc(markets.matchId), asc(markets.position), asc(markets.id), asc(outcomes.position), asc(outcomes.id));
  for (const { market, outcome } of offered) {
    const list = found.get(market.matchId)!.markets;
    let current = list.at(-1);
    if (current?.id !== market.id) {
      current = { id: market.id, name: market.name, position: market.position, status: market.status, outcomes: [] };
      list.push(current);
    }
    current.outcomes.push({
      id: outcome.id,
      label: outcome.label,
      position: outcome.position,
      oddThousandths: outcome.oddThousandths,
      status: outcome.status,
      result: outcome.result,
    });
  }
  return found;
}
