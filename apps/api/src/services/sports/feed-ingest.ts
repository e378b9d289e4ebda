import { inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, LocalizedText } from '@playhouse/db';
import {
  markets,
  matches,
  outcomes,
  sportCategories,
  sports,
  tournaments,
  type MarketStatus,
  type MatchResult,
  type MatchSimulation,
  type MatchStatus,
  type OutcomeStatus,
  type SelectionResult,
} from '@playhouse/db/schema';
import { toThousandths, type FeedIngestBody, type LiveState } from '@playhouse/shared';

/*
 * One path into the book for every source of fixtures and odds: a real feed pushing the §3 response shape, and the
 * in-house simulator. A delivery is upserted under the feed's ids; what a delivery leaves out stays as it was.
 */

export interface DeliveryOutcome {
  label: string;
  position: number;
  /** null: the feed offers no price (an odd of 1 or below), so the outcome is suspended at its last odd. */
  oddThousandths: number | null;
  status?: OutcomeStatus;
  result?: SelectionResult | null;
}
export interface DeliveryMarket {
  id: number;
  name: LocalizedText;
  position: number;
  status?: MarketStatus;
  outcomes: DeliveryOutcome[];
}
export interface DeliveryMatch {
  id: number;
  sportId: number;
  categoryId: number;
  tournamentId: number;
  startsAt: Date;
  team1: LocalizedText;
  team2: LocalizedText;
  marketsTotal?: number;
  status?: MatchStatus;
  result?: MatchResult | null;
  simulation?: MatchSimulation;
  /** The match in play; kept only while the match is live (or with its end), and never replaced by an older one. */
  liveState?: LiveState;
  markets: DeliveryMarket[];
}
export interface Delivery {
  sports: { id: number; name: LocalizedText; position?: number }[];
  categories: { id: number; name: LocalizedText; sportId?: number }[];
  tournaments: { id: number; name: LocalizedText; categoryId?: number }[];
  matches: DeliveryMatch[];
}

export interface IngestResult {
  sports: number;
  categories: number;
  tournaments: number;
  matches: number;
  markets: number;
  outcomes: number;
  skipped: string[];
  /** Matches whose prices, statuses or results changed (published on the odds channel). */
  changedMatchIds: number[];
  /** Matches with something to settle: results, void markets, a cancellation. */
  settleMatchIds: number[];
}

/** Published after every ingest that changed a match: `{ matchIds: number[] }`. */
export const ODDS_CHANNEL = 'odds_changed';
/** Serializes ingests (the simulator's and a pushed feed's) so merges never interleave. */
export const INGEST_LOCK_KEY = 727_300_001;
const CHUNK = 500;
/** NOTIFY payloads are limited to 8000 bytes. */
const NOTIFY_IDS = 400;

/** A feed response in one language (§3, with optional statuses and results) as a delivery. */
export function deliveryFromFeed(body: FeedIngestBody): Delivery {
  const text = (value: string): LocalizedText => ({ [body.language]: value });
  return {
    sports: body.sports.map((sport) => ({
      id: sport.idSport,
      name: text(sport.sportName),
      ...(sport.sportPosition !== undefined ? { position: sport.sportPosition } : {}),
    })),
    categories: body.categories.map((category) => ({
      id: category.idCategory,
      name: text(category.categoryName),
      ...(category.idSport !== undefined ? { sportId: category.idSport } : {}),
    })),
    tournaments: body.tournaments.map((tournament) => ({
      id: tournament.idTournament,
      name: text(tournament.tournamentName),
      ...(tournament.idCategory !== undefined ? { categoryId: tournament.idCategory } : {}),
    })),
    matches: body.matches.map((match) => {
      const team = (type: '1' | '2') => match.matchTeams.find((t) => t.matchTeamType === type)?.teamName ?? '';
      return {
        id: match.matchId,
        sportId: match.idSport,
        categoryId: match.idCategory,
        tournamentId: match.idTournament,
        startsAt: new Date(match.matchDateTimeUTC),
        team1: text(team('1')),
        team2: text(team('2')),
        ...(match.matchBetsTotal !== undefined ? { marketsTotal: match.matchBetsTotal } : {}),
        ...(match.matchStatus ? { status: match.matchStatus } : {}),
        ...(match.matchResult !== undefined ? { result: match.matchResult } : {}),
        ...(match.matchLiveState ? { liveState: match.matchLiveState } : {}),
        markets: match.matchBets.map((bet) => ({
          id: bet.idMatchBet,
          name: text(bet.betName),
          position: bet.matchBetPosition,
          ...(bet.matchBetStatus ? { status: bet.matchBetStatus } : {}),
          outcomes: bet.matchBetOutcomes.map((outcome) => {
            const odd = toThousandths(outcome.matchBetOutcomeOddValue);
            return {
              label: outcome.providerBetOutcomeId,
              position: outcome.matchBetOutcomePosition,
              oddThousandths: odd !== null && odd > 1000 ? odd : null,
              ...(outcome.matchBetOutcomeStatus ? { status: outcome.matchBetOutcomeStatus } : {}),
              ...(outcome.matchBetOutcomeResult !== undefined ? { result: outcome.matchBetOutcomeResult } : {}),
            };
          }),
        })),
      };
    }),
  };
}

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const merged = (before: LocalizedText | undefined, after: LocalizedText): LocalizedText => ({ ...before, ...after });

/** A match that ended or was called off, a settled or voided market: final, whatever a later delivery says. */
const FINAL_MATCH_STATUSES: readonly MatchStatus[] = ['ended', 'cancelled'];
const FINAL_MARKET_STATUSES: readonly MarketStatus[] = ['settled', 'void'];

/**
 * Effective status of a market: a final one stays; one a trader suspended stays suspended until a trader resumes it
 * (the feed may still settle or void it); a cancelled match voids it. Before kick-off a market without a delivered
 * status keeps its own (open when new). In play a market is offered only on the feed's word: kick-off suspends every
 * market (the prematch prices are stale), and only a delivery saying `open` offers one again; a delivery without a
 * status keeps it as it was. Once the match has ended nothing is offered.
 */
function marketStatusFor(
  delivered: MarketStatus | undefined,
  existing: MarketStatus | undefined,
  matchStatus: MatchStatus,
  { traderHold = false, wentLive = false }: { traderHold?: boolean; wentLive?: boolean } = {},
): MarketStatus {
  if (existing && FINAL_MARKET_STATUSES.includes(existing)) return existing;
  if (delivered === 'settled' || delivered === 'void') return delivered;
  if (matchStatus === 'cancelled') return 'void';
  if (traderHold) return 'suspended';
  if (matchStatus === 'live') {
    if (delivered) return delivered;
    return wentLive ? 'suspended' : (existing ?? 'suspended');
  }
  const status = delivered ?? existing ?? 'open';
  if (matchStatus === 'ended' && status === 'open') return 'suspended';
  return status;
}

/**
 * The live state a match keeps after a delivery: the delivered one while the match is live (or with its end), unless
 * the book holds a newer one (feeds deliver out of order); an ended or called-off match keeps its last. A state for a
 * match that is not in play is left out and reported (`live:<id>`, `stale:live:<id>`).
 */
function liveStateFor(
  match: DeliveryMatch,
  before: typeof matches.$inferSelect | undefined,
  status: MatchStatus,
  skipped: string[],
): LiveState | null {
  const kept = before?.liveState ?? null;
  const delivered = match.liveState;
  if (!delivered) return kept;
  if (before && FINAL_MATCH_STATUSES.includes(before.status)) {
    if (!skipped.includes(`final:match:${match.id}`)) skipped.push(`final:match:${match.id}`);
    return kept;
  }
  if (status !== 'live' && status !== 'ended') {
    skipped.push(`live:${match.id}`);
    return kept;
  }
  if (kept && kept.at > delivered.at) {
    skipped.push(`stale:live:${match.id}`);
    return kept;
  }
  return delivered;
}

export async function notifyChanged(db: DbOrTx, matchIds: number[]) {
  for (const ids of chunks(matchIds, NOTIFY_IDS)) {
    await db.execute(sql`select pg_notify(${ODDS_CHANNEL}, ${JSON.stringify({ matchIds: ids })})`);
  }
}

export type FeedIngest = ReturnType<typeof createFeedIngest>;

export function createFeedIngest({ db }: { db: Db }) {
  async function upsert(tx: DbOrTx, delivery: Delivery, now: Date): Promise<IngestResult> {
    const skipped: string[] = [];

    // Links the §3 lists do not carry come from the delivery's matches, else from the rows already stored.
    const sportOfCategory = new Map<number, number>();
    const categoryOfTournament = new Map<number, number>();
    for (const match of delivery.matches) {
      sportOfCategory.set(match.categoryId, match.sportId);
      categoryOfTournament.set(match.tournamentId, match.categoryId);
    }
    for (const category of delivery.categories) {
      if (category.sportId !== undefined) sportOfCategory.set(category.id, category.sportId);
    }
    for (const tournament of delivery.tournaments) {
      if (tournament.categoryId !== undefined) categoryOfTournament.set(tournament.id, tournament.categoryId);
    }

    const sportIds = [...new Set([...delivery.sports.map((s) => s.id), ...sportOfCategory.values()])];
    const categoryIds = [
      ...new Set([
        ...delivery.categories.map((c) => c.id),
        ...sportOfCategory.keys(),
        ...categoryOfTournament.values(),
      ]),
    ];
    const tournamentIds = [...new Set([...delivery.tournaments.map((t) => t.id), ...categoryOfTournament.keys()])];

    const existingSports = new Map(
      sportIds.length
        ? (await tx.select().from(sports).where(inArray(sports.id, sportIds))).map((row) => [row.id, row])
        : [],
    );
    const existingCategories = new Map(
      categoryIds.length
        ? (await tx.select().from(sportCategories).where(inArray(sportCategories.id, categoryIds))).map((row) => [
            row.id,
            row,
          ])
        : [],
    );
    const existingTournaments = new Map(
      tournamentIds.length
        ? (await tx.select().from(tournaments).where(inArray(tournaments.id, tournamentIds))).map((row) => [
            row.id,
            row,
          ])
        : [],
    );

    // Sports
    const sportRows = delivery.sports.map((sport) => {
      const before = existingSports.get(sport.id);
      return {
        id: sport.id,
        name: merged(before?.name, sport.name),
        position: sport.position ?? before?.position ?? sport.id,
        updatedAt: now,
      };
    });
    for (const rows of chunks(sportRows)) {
      await tx
        .insert(sports)
        .values(rows)
        .onConflictDoUpdate({
          target: sports.id,
          set: { name: sql`excluded.name`, position: sql`excluded.position`, updatedAt: sql`excluded.updated_at` },
        });
    }
    const knownSports = new Set([...existingSports.keys(), ...sportRows.map((row) => row.id)]);

    // Categories
    const categoryRows: (typeof sportCategories.$inferInsert)[] = [];
    for (const category of delivery.categories) {
      const before = existingCategories.get(category.id);
      const sportId = sportOfCategory.get(category.id) ?? before?.sportId;
      if (sportId === undefined || !knownSports.has(sportId)) {
        skipped.push(`category:${category.id}`);
        continue;
      }
      categoryRows.push({ id: category.id, sportId, name: merged(before?.name, category.name), updatedAt: now });
    }
    for (const rows of chunks(categoryRows)) {
      await tx
        .insert(sportCategories)
        .values(rows)
        .onConflictDoUpdate({
          target: sportCategories.id,
          set: { sportId: sql`excluded.sport_id`, name: sql`excluded.name`, updatedAt: sql`excluded.updated_at` },
        });
    }
    const knownCategories = new Set([...existingCategories.keys(), ...categoryRows.map((row) => row.id)]);

    // Tournaments
    const tournamentRows: (typeof tournaments.$inferInsert)[] = [];
    for (const tournament of delivery.tournaments) {
      const before = existingTournaments.get(tournament.id);
      const categoryId = categoryOfTournament.get(tournament.id) ?? before?.categoryId;
      if (categoryId === undefined || !knownCategories.has(categoryId)) {
        skipped.push(`tournament:${tournament.id}`);
        continue;
      }
      tournamentRows.push({
        id: tournament.id,
        categoryId,
        name: merged(before?.name, tournament.name),
        updatedAt: now,
      });
    }
    for (const rows of chunks(tournamentRows)) {
      await tx
        .insert(tournaments)
        .values(rows)
        .onConflictDoUpdate({
          target: tournaments.id,
          set: {
            categoryId: sql`excluded.category_id`,
            name: sql`excluded.name`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    }
    const knownTournaments = new Set([...existingTournaments.keys(), ...tournamentRows.map((row) => row.id)]);

    // Matches
    const deliveredMatches = delivery.matches.filter((match) => {
      const linked =
        knownSports.has(match.sportId) &&
        knownCategories.has(match.categoryId) &&
        knownTournaments.has(match.tournamentId);
      if (!linked) skipped.push(`match:${match.id}`);
      return linked;
    });
    const matchIds = deliveredMatches.map((match) => match.id);
    const existingMatches = new Map<number, typeof matches.$inferSelect>();
    for (const ids of chunks(matchIds)) {
      for (const row of await tx.select().from(matches).where(inArray(matches.id, ids)))
        existingMatches.set(row.id, row);
    }

    const changed = new Set<number>();
    const toSettle = new Set<number>();
    const matchRows: (typeof matches.$inferInsert)[] = [];
    const matchStatus = new Map<number, MatchStatus>();
    const wentLive = new Set<number>();
    for (const match of deliveredMatches) {
      const before = existingMatches.get(match.id);
      // What happened stays what happened: an ended or called-off match keeps its status, a given result stays.
      const final = before !== undefined && FINAL_MATCH_STATUSES.includes(before.status);
      const status = final ? before.status : (match.status ?? before?.status ?? 'scheduled');
      const result =
        before?.result != null ? before.result : match.result !== undefined ? match.result : (before?.result ?? null);
      if (
        (final && match.status !== undefined && match.status !== before.status) ||
        (before?.result != null &&
          match.result !== undefined &&
          JSON.stringify(match.result) !== JSON.stringify(before.result))
      ) {
        skipped.push(`final:match:${match.id}`);
      }
      matchStatus.set(match.id, status);
      if (status === 'live' && before?.status !== 'live') wentLive.add(match.id);
      const liveState = liveStateFor(match, before, status, skipped);
      if (
        !before ||
        before.status !== status ||
        before.startsAt.getTime() !== match.startsAt.getTime() ||
        JSON.stringify(before.result) !== JSON.stringify(result) ||
        JSON.stringify(before.liveState) !== JSON.stringify(liveState)
      ) {
        changed.add(match.id);
      }
      if (status === 'cancelled' || status === 'ended') toSettle.add(match.id);
      matchRows.push({
        id: match.id,
        sportId: match.sportId,
        categoryId: match.categoryId,
        tournamentId: match.tournamentId,
        startsAt: match.startsAt,
        status,
        team1: merged(before?.team1, match.team1),
        team2: merged(before?.team2, match.team2),
        marketsTotal: match.marketsTotal ?? before?.marketsTotal ?? match.markets.length,
        result,
        liveState,
        simulation: match.simulation ?? before?.simulation ?? null,
        updatedAt: now,
      });
    }
    // Rows are written in id order, table by table (matches, markets, outcomes): the order a bet takes its share locks
    // in, so a delivery and a bet being priced never deadlock.
    matchRows.sort((a, b) => a.id - b.id);
    for (const rows of chunks(matchRows)) {
      await tx
        .insert(matches)
        .values(rows)
        .onConflictDoUpdate({
          target: matches.id,
          set: {
            sportId: sql`excluded.sport_id`,
            categoryId: sql`excluded.category_id`,
            tournamentId: sql`excluded.tournament_id`,
            startsAt: sql`excluded.starts_at`,
            status: sql`excluded.status`,
            team1: sql`excluded.team1`,
            team2: sql`excluded.team2`,
            marketsTotal: sql`excluded.markets_total`,
            result: sql`excluded.result`,
            liveState: sql`excluded.live_state`,
            simulation: sql`excluded.simulation`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    }

    // Markets of the delivered matches, and those a status change of their match affects.
    const existingMarkets = new Map<number, typeof markets.$inferSelect>();
    for (const ids of chunks(matchIds)) {
      for (const row of await tx.select().from(markets).where(inArray(markets.matchId, ids))) {
        existingMarkets.set(row.id, row);
      }
    }
    const marketRows = new Map<number, typeof markets.$inferInsert>();
    const deliveredMarkets: { market: DeliveryMarket; matchId: number }[] = [];
    for (const match of deliveredMatches) {
      for (const market of match.markets) {
        const before = existingMarkets.get(market.id);
        const status = marketStatusFor(market.status, before?.status, matchStatus.get(match.id)!, {
          traderHold: before?.traderHold ?? false,
          wentLive: wentLive.has(match.id),
        });
        if (
          before &&
          FINAL_MARKET_STATUSES.includes(before.status) &&
          market.status !== undefined &&
          market.status !== before.status
        ) {
          skipped.push(`final:market:${market.id}`);
        }
        if (!before || before.status !== status) changed.add(match.id);
        if (status === 'void' || status === 'settled') toSettle.add(match.id);
        marketRows.set(market.id, {
          id: market.id,
          matchId: match.id,
          name: merged(before?.name, market.name),
          position: market.position,
          status,
          updatedAt: now,
        });
        deliveredMarkets.push({ market, matchId: match.id });
      }
    }
    for (const before of existingMarkets.values()) {
      if (marketRows.has(before.id)) continue;
      const status = marketStatusFor(undefined, before.status, matchStatus.get(before.matchId)!, {
        traderHold: before.traderHold,
        wentLive: wentLive.has(before.matchId),
      });
      if (status !== before.status) {
        changed.add(before.matchId);
        marketRows.set(before.id, { ...before, status, updatedAt: now });
      }
    }
    for (const rows of chunks([...marketRows.values()].sort((a, b) => a.id - b.id))) {
      await tx
        .insert(markets)
        .values(rows)
        .onConflictDoUpdate({
          target: markets.id,
          set: {
            matchId: sql`excluded.match_id`,
            name: sql`excluded.name`,
            position: sql`excluded.position`,
            status: sql`excluded.status`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    }

    // Outcomes, unique per market by label.
    const deliveredMarketIds = deliveredMarkets.map(({ market }) => market.id);
    const existingOutcomes = new Map<string, typeof outcomes.$inferSelect>();
    for (const ids of chunks(deliveredMarketIds)) {
      for (const row of await tx.select().from(outcomes).where(inArray(outcomes.marketId, ids))) {
        existingOutcomes.set(`${row.marketId}\u0000${row.label}`, row);
      }
    }
    const outcomeRows: (typeof outcomes.$inferInsert)[] = [];
    for (const { market, matchId } of deliveredMarkets) {
      for (const outcome of market.outcomes) {
        const before = existingOutcomes.get(`${market.id}\u0000${outcome.label}`);
        if (before?.result != null) {
          // A result, once given, is final: a later delivery changes neither it nor the outcome's price or status.
          if (outcome.result !== undefined && outcome.result !== before.result) {
            skipped.push(`final:outcome:${market.id}:${outcome.label}`);
          }
          continue;
        }
        const odd = outcome.oddThousandths ?? before?.oddThousandths;
        if (odd === undefined) {
          skipped.push(`outcome:${market.id}:${outcome.label}`);
          continue;
        }
        // An outcome is priced or it is not: a price without a status offers it (again), no price suspends it.
        const status: OutcomeStatus = outcome.oddThousandths === null ? 'suspended' : (outcome.status ?? 'open');
        const result = outcome.result ?? null;
        if (!before || before.oddThousandths !== odd || before.status !== status || result !== null) {
          changed.add(matchId);
        }
        if (result !== null) toSettle.add(matchId);
        outcomeRows.push({
          marketId: market.id,
          label: outcome.label,
          position: outcome.position,
          oddThousandths: odd,
          status,
          result,
          updatedAt: now,
        });
      }
    }
    // Outcomes already in the book in id order; new ones (no bet can hold a lock on them) after them.
    const outcomeOrder = (row: (typeof outcomeRows)[number]) =>
      existingOutcomes.get(`${row.marketId}\u0000${row.label}`)?.id ?? Number.MAX_SAFE_INTEGER;
    outcomeRows.sort((a, b) => outcomeOrder(a) - outcomeOrder(b));
    for (const rows of chunks(outcomeRows)) {
      await tx
        .insert(outcomes)
        .values(rows)
        .onConflictDoUpdate({
          target: [outcomes.marketId, outcomes.label],
          set: {
            position: sql`excluded.position`,
            oddThousandths: sql`excluded.odd_thousandths`,
            status: sql`excluded.status`,
            result: sql`excluded.result`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    }

    const changedMatchIds = [...changed];
    await notifyChanged(tx, changedMatchIds);
    return {
      sports: sportRows.length,
      categories: categoryRows.length,
      tournaments: tournamentRows.length,
      matches: matchRows.length,
      markets: marketRows.size,
      outcomes: outcomeRows.length,
      skipped,
      changedMatchIds,
      settleMatchIds: [...toSettle],
    };
  }

  return {
    /** Upserts a delivery in one transaction and publishes the changed matches once it commits. */
    async ingest(delivery: Delivery, now = new Date()): Promise<IngestResult> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${INGEST_LOCK_KEY})`);
        return upsert(tx, delivery, now);
      });
    },
  };
}
