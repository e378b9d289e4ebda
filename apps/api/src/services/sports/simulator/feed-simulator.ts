import { and, eq, gte, inArray, isNotNull, lt, lte, max, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '@playhouse/db';
import { betSelections, matches } from '@playhouse/db/schema';
import {
  SPORTS_CATALOGUE,
  teamName,
  writeSportsCatalogue,
  type CatalogueSport,
  type SportKey,
} from '@playhouse/db/sports-catalogue';
import type { LiveState } from '@playhouse/shared';
import type { Clock } from '../../../lib/clock';
import type { Delivery, DeliveryMarket, DeliveryMatch, FeedIngest } from '../feed-ingest';
import { matchPlacement } from '../sports-queries';
import type { SettlementService } from '../settlement-service';
import { isDecided, priceInPlay } from './in-play-pricing';
import { heldAt, liveStateAt, playMatch, playSetup, stepAt, type Play } from './play';
import {
  chooseLines,
  oddFor,
  priceMarkets,
  sampleNormal,
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
  /** The first fixture of a fresh book starts at least this long after now. */
  leadMinutes: number;
}

// Table tennis's Liga Pro plays round the clock (as the real Czech league nearly does): a match in play at any hour.
const PLANS: Record<SportKey, SportPlan> = {
  football: { perDay: 18, hoursUtc: [11, 21], durationMinutes: 110, restHours: 48, leadMinutes: 20 },
  tennis: { perDay: 14, hoursUtc: [9, 20], durationMinutes: 100, restHours: 20, leadMinutes: 20 },
  basketball: { perDay: 9, hoursUtc: [16, 23], durationMinutes: 135, restHours: 40, leadMinutes: 20 },
  ice_hockey: { perDay: 10, hoursUtc: [15, 22], durationMinutes: 150, restHours: 40, leadMinutes: 20 },
  volleyball: { perDay: 8, hoursUtc: [14, 21], durationMinutes: 110, restHours: 40, leadMinutes: 20 },
  table_tennis: { perDay: 36, hoursUtc: [0, 24], durationMinutes: 35, restHours: 2, leadMinutes: 5 },
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

/**
 * The markets of a match in play at wall time `t`: suspended while a dangerous moment lasts (`held`), else open at
 * the in-play prices, a decided market suspended until its result.
 */
export function liveMarkets(matchId: number, sim: Simulation, play: Play, t: number, held: boolean): DeliveryMarket[] {
  const setup = sim.play ?? { seed: 0 };
  return priceInPlay(sim, setup, play, t).map((market): DeliveryMarket => {
    const suspended = held || isDecided(market);
    return {
      id: matchId * 10 + market.k,
      name: market.name,
      position: market.position,
      status: suspended ? 'suspended' : 'open',
      // While suspended the last prices stay: nobody can bet on them, and the reopening brings new ones.
      outcomes: suspended
        ? []
        : market.outcomes.map((outcome, position) => ({
            label: outcome.label,
            position,
            oddThousandths: oddFor(outcome.probability, sim.margin),
          })),
    };
  });
}

/** A live state without what moves by itself (the running clock and the moment it was seen). */
function stateKey(state: LiveState | null): string {
  if (!state) return '';
  const { at: _at, clock, ...rest } = state;
  return JSON.stringify({ ...rest, clock: clock ? { running: clock.running, direction: clock.direction } : null });
}

/** A match in play is delivered at least this often, so the clock a page extrapolates never drifts far. */
const LIVE_RESYNC_MS = 15_000;

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
  liveState: LiveState | null;
};

export interface SimulatorTick {
  created: number;
  moved: number;
  started: number;
  /** Matches in play whose state or prices were delivered. */
  played: number;
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
  /** Match time per real time: 1 plays in real time; more plays faster (demos, tests). */
  speed?: number;
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
  speed = 1,
}: FeedSimulatorOptions) {
  // The played-out matches, drawn once per process: replaying one to the present is then a binary search.
  const plays = new Map<number, Play>();
  const playOf = (matchId: number, sim: Simulation): Play => {
    let play = plays.get(matchId);
    if (!play) {
      play = playMatch(sim, sim.play ?? { seed: matchId });
      plays.set(matchId, play);
    }
    return play;
  };

  // The two jobs (the round every 30 s, the matches in play every few seconds) never decide on the same book at once.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

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
    let at = Math.max(latest, now + plan.leadMinutes * MINUTE);
    const created: DeliveryMatch[] = [];
    // A fresh book's first fixture comes after the lead alone: a new site has a match to watch soon.
    let fresh = latest === 0;
    for (;;) {
      if (!fresh) at += gapMs * (0.4 + random() * 1.2);
      fresh = false;
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

  /** The simulator's matches not yet over (or, with `dueBy`, only those in play or due to kick off by then). */
  async function activeMatches(dueBy?: Date): Promise<ActiveRow[]> {
    const due = dueBy
      ? or(eq(matches.status, 'live'), and(eq(matches.status, 'scheduled'), lte(matches.startsAt, dueBy)))
      : inArray(matches.status, ['scheduled', 'live']);
    return (await db
      .select({
        ...matchPlacement,
        status: matches.status,
        simulation: matches.simulation,
        liveState: matches.liveState,
      })
      .from(matches)
      .where(and(isNotNull(matches.simulation), due))) as ActiveRow[];
  }

  /**
   * A match in play at `nowMs`: its state and prices when they changed (or the clock needs a resync), its end with
   * the result and every market settled once it is over. Null when there is nothing new to say.
   */
  function playOn(row: ActiveRow, sim: Simulation, nowMs: number, report: SimulatorTick): DeliveryMatch | null {
    const setup: NonNullable<Simulation['play']> = sim.play ?? playSetup(sim, Math.floor(random() * 2 ** 31));
    const current: Simulation = { ...sim, play: setup };
    const play = playOf(row.id, current);
    const t = ((nowMs - row.startsAt.getTime()) * speed) / 1000;
    if (t >= play.length) {
      plays.delete(row.id);
      report.ended++;
      return {
        ...identity(row),
        status: 'ended',
        result: play.result,
        liveState: liveStateAt(play, play.length, nowMs),
        simulation: current,
        markets: simulatedMarkets(row.id, current, play.result),
      };
    }
    // An incident is shown at least once, even when a late tick finds its moment already over.
    const index = play.steps.indexOf(stepAt(play, t));
    let incident = -1;
    for (let i = index; i > (setup.shown ?? -1); i--) {
      if (play.steps[i]!.incident) {
        incident = i;
        break;
      }
    }
    const step = play.steps[index]!;
    const late = incident >= 0 && !heldAt(step, t);
    const held = heldAt(step, t) || late;
    let state = liveStateAt(play, t, nowMs);
    if (late) {
      const { kind, team } = play.steps[incident]!.incident!;
      state = { ...state, incident: { kind, ...(team ? { team } : {}) } };
    }
    const markets = liveMarkets(row.id, current, play, t, held);
    const signature = JSON.stringify(
      markets.map((market) => [market.status, market.outcomes.map((o) => o.oddThousandths)]),
    );
    const shown = incident >= 0 ? incident : setup.shown;
    const unchanged =
      row.status === 'live' &&
      signature === setup.signature &&
      stateKey(state) === stateKey(row.liveState) &&
      row.liveState !== null &&
      nowMs - row.liveState.at < LIVE_RESYNC_MS;
    if (unchanged) return null;
    if (row.status === 'scheduled') report.started++;
    else report.played++;
    return {
      ...identity(row),
      status: 'live',
      liveState: state,
      simulation: { ...current, play: { ...setup, signature, ...(shown !== undefined ? { shown } : {}) } },
      markets,
    };
  }

  /** Kick-offs, the matches in play, and the ends of those that are over: everything that moves by the clock. */
  function liveRound(active: ActiveRow[], nowMs: number, report: SimulatorTick): DeliveryMatch[] {
    const out: DeliveryMatch[] = [];
    for (const row of active) {
      const sim = simulationSchema.parse(row.simulation);
      if (row.startsAt.getTime() > nowMs) continue;
      if (row.status === 'scheduled' && random() < cancelChance) {
        out.push({ ...identity(row), status: 'cancelled', markets: [] });
        report.cancelled++;
        continue;
      }
      const delivered = playOn(row, sim, nowMs, report);
      if (delivered) out.push(delivered);
    }
    return out;
  }

  const emptyReport = (): SimulatorTick => ({
    created: 0,
    moved: 0,
    started: 0,
    played: 0,
    ended: 0,
    cancelled: 0,
    settledBets: 0,
    pruned: 0,
  });

  async function deliver(delivery: Delivery, now: Date, report: SimulatorTick) {
    if (delivery.matches.length === 0) return;
    const result = await ingest.ingest(delivery, now);
    report.settledBets += await settlement.settle(result.settleMatchIds);
  }

  return {
    /**
     * The matches in play, every few seconds: kick-offs, states and prices, ends and their settlement. Cheap when
     * nothing is in play (one indexed read).
     */
    liveTick(): Promise<SimulatorTick> {
      return exclusive(async () => {
        const now = clock.now();
        const report = emptyReport();
        const active = await activeMatches(now);
        const delivery: Delivery = {
          sports: [],
          categories: [],
          tournaments: [],
          matches: liveRound(active, now.getTime(), report),
        };
        await deliver(delivery, now, report);
        return report;
      });
    },

    /** One round: kick-offs, play, results, odds moves, new fixtures, settlement, and clearing out old matches. */
    tick(): Promise<SimulatorTick> {
      return exclusive(async () => {
        const now = clock.now();
        const nowMs = now.getTime();
        await writeSportsCatalogue(db);
        const active = await activeMatches();

        const report = emptyReport();
        const delivery: Delivery = {
          sports: [],
          categories: [],
          tournaments: [],
          matches: liveRound(active, nowMs, report),
        };
        for (const row of active) {
          if (row.status !== 'scheduled' || row.startsAt.getTime() <= nowMs || random() >= moveChance) continue;
          const sim = simulationSchema.parse(row.simulation);
          const moved = jitter(sim, random);
          delivery.matches.push({
            ...identity(row),
            simulation: moved,
            markets: simulatedMarkets(row.id, moved),
          });
          report.moved++;
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

        await deliver(delivery, now, report);

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
      });
    },
  };
}
