import { and, eq, gte, inArray, isNotNull, lt, max, notExists, sql } from 'drizzle-orm';
import type { Db } from '@playhouse/db';
import { betSelections, matches } from '@playhouse/db/schema';
import {
  SPORTS_CATALOGUE,
  teamName,
  writeSportsCatalogue,
  type CatalogueSport,
  type SportKey,
} from '@playhouse/db/sports-catalogue';
import type { Clock } from '../../../lib/clock';
import type { Delivery, DeliveryMarket, DeliveryMatch, FeedIngest } from '../feed-ingest';
import type { SettlementService } from '../settlement-service';
import {
  chooseLines,
  oddFor,
  priceMarkets,
  sampleNormal,
  sampleResult,
  settleMarkets,
  type MatchModel,
  type Random,
  simulationSchema,
  type Simulation,
} from './pricing';

/** Match ids the simulator hands out start here, away from the ids a real feed would push in tests and demos. */
export const SIMULATOR_MATCH_ID_BASE = 50_000_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface SportPlan {
  /** Fixtures a day, spread over the hours (UTC) matches start in. */
  perDay: number;
  hoursUtc: [from: number, to: number];
  durationMinutes: number;
  /** A team plays at most once within this many hours. */
  restHours: number;
}

const PLANS: Record<SportKey, SportPlan> = {
  football: { perDay: 18, hoursUtc: [11, 21], durationMinutes: 110, restHours: 48 },
  tennis: { perDay: 14, hoursUtc: [9, 20], durationMinutes: 100, restHours: 20 },
  basketball: { perDay: 9, hoursUtc: [16, 23], durationMinutes: 135, restHours: 40 },
  ice_hockey: { perDay: 10, hoursUtc: [15, 22], durationMinutes: 150, restHours: 40 },
  volleyball: { perDay: 8, hoursUtc: [14, 21], durationMinutes: 110, restHours: 40 },
  table_tennis: { perDay: 24, hoursUtc: [7, 22], durationMinutes: 35, restHours: 2 },
};

/** Average basketball totals per competition. */
const POINTS_TOTALS: Record<number, number> = { 3001: 226, 3002: 162, 3003: 165 };

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Earlier teams in a tournament's list are the stronger ones. */
function strength(index: number, count: number, random: Random): number {
  return 1 - (0.4 * index) / Math.max(1, count - 1) + sampleNormal(0, 0.05, random);
}

function newModel(sport: SportKey, tournamentId: number, s1: number, s2: number, random: Random): MatchModel {
  const ratio = Math.max(0.2, s1) / Math.max(0.2, s2);
  switch (sport) {
    case 'football':
      return {
        kind: 'goals',
        home: clamp(1.35 * ratio ** 0.9 * 1.08, 0.4, 3.2),
        away: clamp(1.15 * (1 / ratio) ** 0.9, 0.35, 3),
      };
    case 'ice_hockey':
      return { kind: 'goals', home: clamp(3 * ratio ** 0.7 * 1.04, 1.2, 5), away: clamp(2.8 / ratio ** 0.7, 1, 4.8) };
    case 'basketball':
      return {
        kind: 'points',
        margin: 14 * (s1 - s2) + 2.5 + sampleNormal(0, 2, random),
        total: (POINTS_TOTALS[tournamentId] ?? 165) + sampleNormal(0, 5, random),
      };
    case 'tennis':
      return { kind: 'sets', p: clamp(0.5 + 0.55 * (s1 - s2) + sampleNormal(0, 0.04, random), 0.12, 0.88), bestOf: 3 };
    case 'volleyball':
      return { kind: 'sets', p: clamp(0.5 + 0.5 * (s1 - s2) + sampleNormal(0, 0.04, random), 0.12, 0.88), bestOf: 5 };
    case 'table_tennis':
      return { kind: 'sets', p: clamp(0.5 + 0.5 * (s1 - s2) + sampleNormal(0, 0.06, random), 0.12, 0.88), bestOf: 5 };
  }
}

/** Market news moves the model a little; the lines stay, so the odds move. */
export function jitter(sim: Simulation, random: Random): Simulation {
  const { model } = sim;
  switch (model.kind) {
    case 'goals':
      return {
        ...sim,
        model: {
          ...model,
          home: clamp(model.home * Math.exp(sampleNormal(0, 0.06, random)), 0.2, 6),
          away: clamp(model.away * Math.exp(sampleNormal(0, 0.06, random)), 0.2, 6),
        },
      };
    case 'points':
      return {
        ...sim,
        model: {
          ...model,
          margin: model.margin + sampleNormal(0, 1.2, random),
          total: model.total + sampleNormal(0, 2, random),
        },
      };
    case 'sets':
      return { ...sim, model: { ...model, p: clamp(model.p + sampleNormal(0, 0.03, random), 0.06, 0.94) } };
  }
}

/** The simulation's markets as the feed delivers them; with `result`, settled. */
export function simulatedMarkets(matchId: number, sim: Simulation, result?: Parameters<typeof settleMarkets>[1]) {
  const settled = result ? settleMarkets(sim, result) : null;
  return priceMarkets(sim).map((market): DeliveryMarket => ({
    id: matchId * 10 + market.k,
    name: market.name,
    position: market.position,
    ...(settled ? { status: 'settled' as const } : {}),
    outcomes: market.outcomes.map((outcome, position) => ({
      label: outcome.label,
      position,
      oddThousandths: oddFor(outcome.probability, sim.margin),
      ...(settled ? { result: settled.get(market.k)?.get(outcome.label) ?? 'lost' } : {}),
    })),
  }));
}

type ActiveRow = {
  id: number;
  sportId: number;
  categoryId: number;
  tournamentId: number;
  startsAt: Date;
  status: 'scheduled' | 'live' | 'ended' | 'cancelled';
  team1: Record<string, string | undefined>;
  team2: Record<string, string | undefined>;
  simulation: Record<string, unknown> | null;
};

export interface SimulatorTick {
  created: number;
  moved: number;
  started: number;
  ended: number;
  cancelled: number;
  settledBets: number;
  pruned: number;
}

export interface FeedSimulatorOptions {
  db: Db;
  ingest: FeedIngest;
  settlement: SettlementService;
  clock: Clock;
  random?: Random;
  /** How far ahead fixtures are kept (SPEC.md §9: the top offer shows now to now + 3 days). */
  horizonMs?: number;
  /** Chance per tick that a scheduled match's odds move. */
  moveChance?: number;
  /** Chance that a match is called off at kick-off. */
  cancelChance?: number;
}

export type FeedSimulator = ReturnType<typeof createFeedSimulator>;

/**
 * The in-house odds feed: keeps every sport of the catalogue supplied with fixtures for the next three days,
 * moves odds now and then, suspends markets at kick-off, and delivers results (and so settlement) once a match would
 * have ended. All of it goes through the same ingest as a real feed; its state lives in the database, so any api
 * instance can run the next tick.
 */
export function createFeedSimulator({
  db,
  ingest,
  settlement,
  clock,
  random = Math.random,
  horizonMs = 3 * DAY + 6 * HOUR,
  moveChance = 0.05,
  cancelChance = 0.01,
}: FeedSimulatorOptions) {
  function identity(row: ActiveRow): Omit<DeliveryMatch, 'markets'> {
    return {
      id: row.id,
      sportId: row.sportId,
      categoryId: row.categoryId,
      tournamentId: row.tournamentId,
      startsAt: row.startsAt,
      team1: row.team1,
      team2: row.team2,
    };
  }

  function planFixtures(
    sport: CatalogueSport,
    active: ActiveRow[],
    now: number,
    nextId: () => number,
  ): DeliveryMatch[] {
    const plan = PLANS[sport.key];
    const own = active.filter((row) => row.sportId === sport.id);
    const busy = new Map<string, number[]>();
    const markBusy = (team: string, at: number) => busy.set(team, [...(busy.get(team) ?? []), at]);
    for (const row of own) {
      markBusy(row.team1.en ?? '', row.startsAt.getTime());
      markBusy(row.team2.en ?? '', row.startsAt.getTime());
    }
    const isFree = (team: string, at: number) =>
      !(busy.get(team) ?? []).some((other) => Math.abs(other - at) < plan.restHours * HOUR);

    const tournaments = sport.categories.flatMap((category) =>
      category.tournaments.map((tournament) => ({ category, tournament })),
    );
    const totalWeight = tournaments.reduce((total, entry) => total + entry.tournament.weight, 0);
    const pickTournament = () => {
      let roll = random() * totalWeight;
      for (const entry of tournaments) {
        roll -= entry.tournament.weight;
        if (roll < 0) return entry;
      }
      return tournaments.at(-1)!;
    };

    const [fromHour, toHour] = plan.hoursUtc;
    const gapMs = ((toHour - fromHour) * HOUR) / plan.perDay;
    const intoHours = (at: number) => {
      const date = new Date(at);
      const hour = date.getUTCHours();
      if (hour >= fromHour && hour < toHour) return at;
      const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
      const base = hour < fromHour ? day : day + DAY;
      return base + fromHour * HOUR + Math.floor(random() * 6) * 5 * MINUTE;
    };
    const latest = own.reduce((last, row) => Math.max(last, row.startsAt.getTime()), 0);
    let at = Math.max(latest, now + 20 * MINUTE);
    const created: DeliveryMatch[] = [];
    for (;;) {
      at += gapMs * (0.4 + random() * 1.2);
      at = intoHours(Math.ceil(at / (5 * MINUTE)) * 5 * MINUTE);
      if (at > now + horizonMs) break;
      const { category, tournament } = pickTournament();
      const teams = tournament.teams.map((team, index) => ({ name: teamName(team), index }));
      let pair: [(typeof teams)[number], (typeof teams)[number]] | null = null;
      for (let attempt = 0; attempt < 12 && !pair; attempt++) {
        const first = teams[Math.floor(random() * teams.length)]!;
        const second = teams[Math.floor(random() * teams.length)]!;
        if (first === second || !isFree(first.name.en, at) || !isFree(second.name.en, at)) continue;
        pair = [first, second];
      }
      if (!pair) continue;
      const [home, away] = pair;
      markBusy(home.name.en, at);
      markBusy(away.name.en, at);
      const model = newModel(
        sport.key,
        tournament.id,
        strength(home.index, teams.length, random),
        strength(away.index, teams.length, random),
        random,
      );
      const sim: Simulation = {
        sport: sport.key,
        model,
        lines: chooseLines(sport.key, model),
        margin: 0.05 + random() * 0.025,
        durationMinutes: plan.durationMinutes,
      };
      const id = nextId();
      created.push({
        id,
        sportId: sport.id,
        categoryId: category.id,
        tournamentId: tournament.id,
        startsAt: new Date(at),
        team1: home.name,
        team2: away.name,
        status: 'scheduled',
        simulation: sim,
        markets: simulatedMarkets(id, sim),
      });
    }
    return created;
  }

  return {
    /** One round: kick-offs, results, odds moves, new fixtures, settlement, and clearing out old matches. */
    async tick(): Promise<SimulatorTick> {
      const now = clock.now();
      const nowMs = now.getTime();
      await writeSportsCatalogue(db);
      const active = (await db
        .select({
          id: matches.id,
          sportId: matches.sportId,
          categoryId: matches.categoryId,
          tournamentId: matches.tournamentId,
          startsAt: matches.startsAt,
          status: matches.status,
          team1: matches.team1,
          team2: matches.team2,
          simulation: matches.simulation,
        })
        .from(matches)
        .where(and(isNotNull(matches.simulation), inArray(matches.status, ['scheduled', 'live'])))) as ActiveRow[];

      const report: SimulatorTick = {
        created: 0,
        moved: 0,
        started: 0,
        ended: 0,
        cancelled: 0,
        settledBets: 0,
        pruned: 0,
      };
      const delivery: Delivery = { sports: [], categories: [], tournaments: [], matches: [] };
      for (const row of active) {
        const sim = simulationSchema.parse(row.simulation);
        const started = row.startsAt.getTime() <= nowMs;
        const over = row.startsAt.getTime() + sim.durationMinutes * MINUTE <= nowMs;
        if (row.status === 'scheduled' && started && random() < cancelChance) {
          delivery.matches.push({ ...identity(row), status: 'cancelled', markets: [] });
          report.cancelled++;
        } else if (over) {
          const result = sampleResult(sim, random);
          delivery.matches.push({
            ...identity(row),
            status: 'ended',
            result,
            markets: simulatedMarkets(row.id, sim, result),
          });
          report.ended++;
        } else if (row.status === 'scheduled' && started) {
          delivery.matches.push({ ...identity(row), status: 'live', markets: [] });
          report.started++;
        } else if (row.status === 'scheduled' && random() < moveChance) {
          const moved = jitter(sim, random);
          delivery.matches.push({
            ...identity(row),
            simulation: moved,
            markets: simulatedMarkets(row.id, moved),
          });
          report.moved++;
        }
      }

      const [last] = await db
        .select({ value: max(matches.id) })
        .from(matches)
        .where(gte(matches.id, SIMULATOR_MATCH_ID_BASE));
      let id = Math.max(SIMULATOR_MATCH_ID_BASE, last?.value ?? 0);
      const nextId = () => ++id;
      const upcoming = active.filter((row) => row.status === 'scheduled');
      for (const sport of SPORTS_CATALOGUE) {
        const created = planFixtures(sport, upcoming, nowMs, nextId);
        delivery.matches.push(...created);
        report.created += created.length;
      }

      if (delivery.matches.length > 0) {
        const result = await ingest.ingest(delivery, now);
        report.settledBets = await settlement.settle(result.settleMatchIds);
      }

      // Old fixtures nobody bet on are of no further use.
      const pruned = await db
        .delete(matches)
        .where(
          and(
            isNotNull(matches.simulation),
            inArray(matches.status, ['ended', 'cancelled']),
            lt(matches.startsAt, new Date(nowMs - 2 * DAY)),
            notExists(
              db
                .select({ one: sql`1` })
                .from(betSelections)
                .where(eq(betSelections.matchId, matches.id)),
            ),
          ),
        )
        .returning({ id: matches.id });
      report.pruned = pruned.length;
      return report;
    },
  };
}
