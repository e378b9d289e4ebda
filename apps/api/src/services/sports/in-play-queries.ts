import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, LocalizedText } from '@playhouse/db';
import { markets, matches, outcomes, sportTradingSettings, sports, tournaments } from '@playhouse/db/schema';
import type { LiveState } from '@playhouse/shared';

/** What a bet's first look needs of its selections' matches: which are in play, and their sports. Reads, locks nothing. */
export async function slipMatches(db: DbOrTx, outcomeIds: number[]) {
  if (outcomeIds.length === 0) return [];
  return db
    .selectDistinct({ matchId: matches.id, status: matches.status, sportId: matches.sportId })
    .from(outcomes)
    .innerJoin(markets, eq(markets.id, outcomes.marketId))
    .innerJoin(matches, eq(matches.id, markets.matchId))
    .where(inArray(outcomes.id, outcomeIds));
}

/** The ids of a sport's matches in play. */
export async function liveMatchIdsOfSport(db: DbOrTx, sportId: number): Promise<number[]> {
  const rows = await db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.sportId, sportId), eq(matches.status, 'live')));
  return rows.map((row) => row.id);
}

/** The bet delays traders set for these sports (a sport without a row is not in the map). */
export async function betDelaysOf(db: DbOrTx, sportIds: number[]): Promise<Map<number, number>> {
  if (sportIds.length === 0) return new Map();
  const rows = await db
    .select({ sportId: sportTradingSettings.sportId, betDelayMs: sportTradingSettings.betDelayMs })
    .from(sportTradingSettings)
    .where(inArray(sportTradingSettings.sportId, sportIds));
  return new Map(rows.map((row) => [row.sportId, row.betDelayMs]));
}

/** Every sport of the book with its settings row (null where no trader set one), in tab order. */
export function sportSettingsRows(db: DbOrTx) {
  return db
    .select({
      sportId: sports.id,
      sportName: sports.name,
      betDelayMs: sportTradingSettings.betDelayMs,
      updatedBy: sportTradingSettings.updatedBy,
      updatedAt: sportTradingSettings.updatedAt,
    })
    .from(sports)
    .leftJoin(sportTradingSettings, eq(sportTradingSettings.sportId, sports.id))
    .orderBy(asc(sports.position), asc(sports.id));
}

/** A sport's settings row, locked for the change (undefined when no trader set one yet). */
export async function lockSportSetting(db: DbOrTx, sportId: number) {
  const [row] = await db
    .select()
    .from(sportTradingSettings)
    .where(eq(sportTradingSettings.sportId, sportId))
    .for('update');
  return row;
}

export async function sportExists(db: DbOrTx, sportId: number): Promise<boolean> {
  const [row] = await db.select({ id: sports.id }).from(sports).where(eq(sports.id, sportId));
  return row !== undefined;
}

export interface InPlayRow {
  id: number;
  sportId: number;
  sportName: LocalizedText;
  tournamentName: LocalizedText;
  team1: LocalizedText;
  team2: LocalizedText;
  startsAt: Date;
  liveState: LiveState | null;
  openMarkets: number;
  suspendedMarkets: number;
  heldMarkets: number;
  openBets: number;
}

/** Every match in play with its markets counted by status and its open bets, by kick-off. */
export function inPlayRows(db: DbOrTx): Promise<InPlayRow[]> {
  const countOf = (where: ReturnType<typeof sql>) =>
    sql<number>`(select count(*)::int from markets mk where mk.match_id = ${matches.id} and ${where})`;
  return db
    .select({
      id: matches.id,
      sportId: matches.sportId,
      sportName: sports.name,
      tournamentName: tournaments.name,
      team1: matches.team1,
      team2: matches.team2,
      startsAt: matches.startsAt,
      liveState: matches.liveState,
      openMarkets: countOf(sql`mk.status = 'open'`),
      suspendedMarkets: countOf(sql`mk.status = 'suspended'`),
      heldMarkets: countOf(sql`mk.trader_hold and mk.status = 'suspended'`),
      openBets: sql<number>`(select count(distinct bs.bet_id)::int from bet_selections bs
        join bets b on b.id = bs.bet_id where bs.match_id = ${matches.id} and b.status = 'open')`,
    })
    .from(matches)
    .innerJoin(sports, eq(sports.id, matches.sportId))
    .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
    .where(eq(matches.status, 'live'))
    .orderBy(asc(matches.startsAt), asc(matches.id))
    .limit(1000);
}
