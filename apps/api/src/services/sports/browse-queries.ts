import { and, asc, count, desc, eq, gt, inArray, or } from 'drizzle-orm';
import type { DbOrTx, LocalizedText } from '@playhouse/db';
import {
  betSelections,
  favouriteTournaments,
  markets,
  matches,
  tournaments,
  type MarketStatus,
  type OutcomeStatus,
} from '@playhouse/db/schema';
import type { LiveState } from '@playhouse/shared';
import { bookMarketRows, bookPlaces, bookSports, chunks, matchPlacement } from './sports-queries';

export interface BrowseOutcomeRow {
  id: number;
  label: string;
  position: number;
  oddThousandths: number;
  status: OutcomeStatus;
}
export interface BrowseMarketRow {
  id: number;
  name: LocalizedText;
  position: number;
  status: MarketStatus;
  outcomes: BrowseOutcomeRow[];
}
export interface BrowseMatchRow {
  id: number;
  sportId: number;
  categoryId: number;
  tournamentId: number;
  startsAt: number;
  status: 'scheduled' | 'live';
  team1: LocalizedText;
  team2: LocalizedText;
  liveState: LiveState | null;
  /** Markets offered now: open ones, and in play the suspended ones too (shown locked), by position. */
  markets: BrowseMarketRow[];
  /** Bets placed on the match: what makes its league popular. */
  bets: number;
}
export interface BrowseNamed {
  id: number;
  name: LocalizedText;
}
export interface BrowseBook {
  /** Every sport, by tab position. */
  sports: (BrowseNamed & { position: number })[];
  categories: Map<number, BrowseNamed & { sportId: number }>;
  tournaments: Map<number, BrowseNamed & { categoryId: number }>;
  /** The matches in play (by kick-off), then those still to start (by start time). */
  matches: BrowseMatchRow[];
}

/**
 * The book as the browse pages show it: every match in play and every scheduled match still to start, with the
 * markets on offer and their outcomes, the names of their sports, countries and leagues, and how many bets each has.
 */
export async function loadBrowseBook(db: DbOrTx, now: Date): Promise<BrowseBook> {
  const [sportRows, matchRows] = await Promise.all([
    bookSports(db),
    db
      .select({ ...matchPlacement, status: matches.status, liveState: matches.liveState })
      .from(matches)
      .where(or(eq(matches.status, 'live'), and(eq(matches.status, 'scheduled'), gt(matches.startsAt, now))))
      .orderBy(asc(matches.startsAt), asc(matches.id)),
  ]);

  const byId = new Map<number, BrowseMatchRow>();
  const live: BrowseMatchRow[] = [];
  const upcoming: BrowseMatchRow[] = [];
  for (const row of matchRows) {
    const status = row.status === 'live' ? 'live' : 'scheduled';
    const match: BrowseMatchRow = { ...row, status, startsAt: row.startsAt.getTime(), markets: [], bets: 0 };
    byId.set(row.id, match);
    (status === 'live' ? live : upcoming).push(match);
  }

  const { categories, tournaments: tournamentMap } = await bookPlaces(db, matchRows);

  for (const ids of chunks([...byId.keys()])) {
    const rows = await bookMarketRows(
      db,
      and(inArray(markets.matchId, ids), inArray(markets.status, ['open', 'suspended'])),
    );
    let current = null as BrowseMarketRow | null;
    for (const row of rows) {
      const match = byId.get(row.matchId)!;
      // Before kick-off a suspended market is a trader's hold: not on offer. In play it is shown locked.
      if (row.marketStatus === 'suspended' && match.status !== 'live') continue;
      if (current?.id !== row.marketId) {
        current = {
          id: row.marketId,
          name: row.name,
          position: row.marketPosition,
          status: row.marketStatus,
          outcomes: [],
        };
        match.markets.push(current);
      }
      current.outcomes.push({
        id: row.outcomeId,
        label: row.label,
        position: row.outcomePosition,
        oddThousandths: row.oddThousandths,
        status: row.outcomeStatus,
      });
    }
    const betCounts = await db
      .select({ matchId: betSelections.matchId, bets: count() })
      .from(betSelections)
      .where(inArray(betSelections.matchId, ids))
      .groupBy(betSelections.matchId);
    for (const row of betCounts) byId.get(row.matchId)!.bets = row.bets;
  }

  return { sports: sportRows, categories, tournaments: tournamentMap, matches: [...live, ...upcoming] };
}

/** A player's favourite leagues, newest first. */
export async function listFavouriteTournaments(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ tournamentId: favouriteTournaments.tournamentId })
    .from(favouriteTournaments)
    .where(eq(favouriteTournaments.userId, userId))
    .orderBy(desc(favouriteTournaments.createdAt), asc(favouriteTournaments.tournamentId));
  return rows.map((row) => row.tournamentId);
}

export async function tournamentExists(db: DbOrTx, tournamentId: number): Promise<boolean> {
  const [row] = await db.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, tournamentId));
  return row !== undefined;
}

/** Adds a favourite; adding one that is there already changes nothing. */
export async function insertFavouriteTournament(db: DbOrTx, userId: number, tournamentId: number): Promise<void> {
  await db.insert(favouriteTournaments).values({ userId, tournamentId }).onConflictDoNothing();
}

export async function deleteFavouriteTournament(db: DbOrTx, userId: number, tournamentId: number): Promise<void> {
  await db
    .delete(favouriteTournaments)
    .where(and(eq(favouriteTournaments.userId, userId), eq(favouriteTournaments.tournamentId, tournamentId)));
}
