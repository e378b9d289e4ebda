import type { MatchResult } from '@playhouse/db/schema';
import type { LiveIncident, LiveState } from '@playhouse/shared';
import { pointProbabilityFor, servesFor, type Serves } from './race';
import { sampleNormal, samplePoisson, type Random, type Simulation } from './pricing';

/*
 * A simulated match played out: drawn once, at kick-off, from the match's model and a seed, then replayed to any
 * moment. The whole match is a pure function of (model, seed), so every api instance and every restart sees the same
 * match, and nothing but the seed is stored. Times are "wall" seconds of match time since kick-off (breaks included);
 * the simulator maps them to real time at its speed.
 */

/** mulberry32: a small, fast, well-distributed 32-bit generator, enough to draw a match from its seed. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** What the simulator keeps of a match in play (in matches.simulation.play). */
export interface PlaySetup {
  seed: number;
  /** Tennis: each player's chance of winning a point on serve. */
  serves?: Serves;
  /** Volleyball, table tennis: team 1's chance of winning a rally. */
  rally?: number;
}

export type Pair = [number, number];
type Team = '1' | '2';

/** One state of the match from `t` on, until the next step. */
export interface Step {
  t: number;
  period: number;
  phase: 'play' | 'break' | 'ended';
  score: Pair;
  periods: Pair[];
  gamePoints?: [string, string];
  server?: Team;
  tieBreak?: boolean;
  /** Football. */
  yellow?: Pair;
  red?: Pair;
  corners?: Pair;
  /** A goal awarded from the spot is pending (football). */
  penalty?: boolean;
  /** What happened at `t`, and until when the markets stay suspended for it. */
  incident?: { kind: LiveIncident; team?: Team; until: number };
}

export interface Play {
  sport: Simulation['sport'];
  /** Wall seconds from kick-off to the end. */
  length: number;
  steps: Step[];
  result: MatchResult;
  /** The match clock at wall time `t` (football, ice hockey, basketball). */
  clockAt?: (t: number) => NonNullable<LiveState['clock']>;
  /** Football: the stoppage time announced per half. */
  addedMinutes?: Pair;
  /**
   * Playing time left at wall time `t`, in the sport's clock minutes: football's including the halves' added time,
   * ice hockey's and basketball's regulation time only (overtime is priced as a coin toss of the level score).
   */
  remainingAt?: (t: number) => number;
}

const MINUTE = 60;
/** Markets stay suspended this long after a goal or a red card (wall seconds). */
export const GOAL_HOLD_S = 30;
const RED_CARD_HOLD_S = 20;
const TIMEOUT_HOLD_S = 45;

const add = (pair: Pair, team: Team, value = 1): Pair =>
  team === '1' ? [pair[0] + value, pair[1]] : [pair[0], pair[1] + value];
const other = (team: Team): Team => (team === '1' ? '2' : '1');
const withLast = (periods: Pair[], last: Pair): Pair[] => [...periods.slice(0, -1), last];

/** Football's and ice hockey's scoring shift with sending-offs: fewer for the side a man down, more for the other. */
export function redCardFactor(own: number, opponent: number): number {
  return 0.78 ** own * 1.18 ** opponent;
}

// Football

/** Per team and 90 minutes, besides goals (UEFA and Premier League averages, rounded). */
const FOOTBALL_RATES = { penalty: 0.13, yellow: 1.8, red: 0.06, corners: 5 };
const PENALTY_SCORED = 0.78;

function playFootball(sim: Simulation, random: Random): Play {
  if (sim.model.kind !== 'goals') throw new Error('football plays on a goals model');
  const { home, away } = sim.model;
  const added: Pair = [1 + Math.floor(random() * 4), 2 + Math.floor(random() * 5)];
  const firstEnd = (45 + added[0]) * MINUTE;
  const secondStart = firstEnd + 15 * MINUTE;
  const length = secondStart + (45 + added[1]) * MINUTE;

  type Event = { t: number; kind: 'goal' | 'penalty' | 'miss' | 'yellow' | 'red' | 'corner'; team: Team };
  const events: Event[] = [];
  let reds: Pair = [0, 0];
  for (const [start, minutes] of [
    [0, 45 + added[0]],
    [secondStart, 45 + added[1]],
  ] as const) {
    const halfEnd = start + minutes * MINUTE;
    for (let minute = 0; minute < minutes; minute++) {
      for (const team of ['1', '2'] as const) {
        const own = team === '1' ? reds[0] : reds[1];
        const opponent = team === '1' ? reds[1] : reds[0];
        const goals = ((team === '1' ? home : away) * redCardFactor(own, opponent)) / 90;
        const at = () => start + minute * MINUTE + Math.floor(random() * 50);
        for (let k = samplePoisson(goals * (1 - FOOTBALL_RATES.penalty / 2.6), random); k > 0; k--) {
          events.push({ t: at(), kind: 'goal', team });
        }
        if (random() < FOOTBALL_RATES.penalty / 90) {
          const t = at();
          events.push({ t, kind: 'penalty', team });
          // Taken a minute or so later, within the half.
          const kick = Math.min(t + 60 + Math.floor(random() * 40), halfEnd - 1);
          events.push({ t: kick, kind: random() < PENALTY_SCORED ? 'goal' : 'miss', team });
        }
        if (random() < FOOTBALL_RATES.yellow / 90) events.push({ t: at(), kind: 'yellow', team });
        if (random() < FOOTBALL_RATES.red / 90) {
          events.push({ t: at(), kind: 'red', team });
          reds = add(reds, team);
        }
        for (let k = samplePoisson(FOOTBALL_RATES.corners / 90, random); k > 0; k--) {
          events.push({ t: at(), kind: 'corner', team });
        }
      }
    }
  }
  events.sort((a, b) => a.t - b.t);

  let step: Step = {
    t: 0,
    period: 1,
    phase: 'play',
    score: [0, 0],
    periods: [[0, 0]],
    yellow: [0, 0],
    red: [0, 0],
    corners: [0, 0],
  };
  const steps: Step[] = [step];
  const push = (next: Omit<Step, 'incident'> & { incident?: Step['incident'] }) => {
    step = next;
    steps.push(step);
  };
  const boundaries = [
    { t: firstEnd, apply: () => push({ ...step, t: firstEnd, phase: 'break', penalty: false, incident: undefined }) },
    {
      t: secondStart,
      apply: () =>
        push({
          ...step,
          t: secondStart,
          period: 2,
          phase: 'play',
          periods: [...step.periods, [0, 0]],
          incident: undefined,
        }),
    },
  ];
  for (const event of events) {
    while (boundaries[0] && boundaries[0].t <= event.t) boundaries.shift()!.apply();
    const base = { ...step, t: event.t, incident: undefined };
    switch (event.kind) {
      case 'goal':
        push({
          ...base,
          score: add(step.score, event.team),
          periods: withLast(step.periods, add(step.periods.at(-1)!, event.team)),
          penalty: false,
          incident: { kind: 'goal', team: event.team, until: event.t + GOAL_HOLD_S },
        });
        break;
      case 'penalty':
        push({ ...base, penalty: true, incident: { kind: 'penalty', team: event.team, until: Infinity } });
        break;
      case 'miss':
        push({ ...base, penalty: false });
        break;
      case 'yellow':
        push({ ...base, yellow: add(step.yellow!, event.team) });
        break;
      case 'red':
        push({
          ...base,
          red: add(step.red!, event.team),
          incident: { kind: 'red_card', team: event.team, until: event.t + RED_CARD_HOLD_S },
        });
        break;
      case 'corner':
        push({ ...base, corners: add(step.corners!, event.team) });
        break;
    }
  }
  for (const boundary of boundaries) boundary.apply();
  push({ ...step, t: length, phase: 'ended', penalty: false, incident: undefined });
  closePenalties(steps);

  const [score1, score2] = step.score;
  return {
    sport: sim.sport,
    length,
    steps,
    result: { score1, score2, periods: step.periods },
    addedMinutes: added,
    clockAt: (t) => {
      if (t < firstEnd) return { seconds: Math.floor(t), running: true, direction: 'up' };
      if (t < secondStart) return { seconds: 45 * MINUTE, running: false, direction: 'up' };
      if (t < length) return { seconds: Math.floor(45 * MINUTE + t - secondStart), running: true, direction: 'up' };
      return { seconds: 90 * MINUTE, running: false, direction: 'up' };
    },
    // Goals come at the same rate in stoppage time: the minutes left include the half's added time.
    remainingAt: (t) => {
      const second = 45 + added[1];
      if (t < firstEnd) return (firstEnd - t) / MINUTE + second;
      if (t < secondStart) return second;
      return Math.max(0, (length - t) / MINUTE);
    },
  };
}

/** A penalty holds the markets until it is taken: its incident lasts until the next step. */
function closePenalties(steps: Step[]) {
  steps.forEach((step, index) => {
    if (step.incident?.until === Infinity) step.incident = { ...step.incident, until: steps[index + 1]?.t ?? step.t };
  });
}

// Clock sports: ice hockey and basketball

interface ClockPlan {
  /** Clock seconds per period, and the clock seconds the clock runs per wall minute (whistles stop it). */
  periodClock: number;
  runPerMinute: number;
  /** Wall seconds of the break after period n (1-based). */
  breakAfter: (period: number) => number;
  regulationPeriods: number;
  overtimeClock: number;
}

const HOCKEY: ClockPlan = {
  periodClock: 20 * MINUTE,
  runPerMinute: 35,
  breakAfter: () => 18 * MINUTE,
  regulationPeriods: 3,
  overtimeClock: 5 * MINUTE,
};
const BASKETBALL: ClockPlan = {
  periodClock: 12 * MINUTE,
  runPerMinute: 26,
  breakAfter: (period) => (period === 2 ? 15 * MINUTE : 2 * MINUTE),
  regulationPeriods: 4,
  overtimeClock: 5 * MINUTE,
};

/** Wall seconds a period takes when its clock runs `runPerMinute` seconds of each wall minute. */
const wallOf = (clockSeconds: number, plan: ClockPlan) =>
  Math.floor(clockSeconds / plan.runPerMinute) * MINUTE + (clockSeconds % plan.runPerMinute);

interface Period {
  start: number;
  end: number;
  clock: number;
}

/** Periods laid out in wall time, each followed by its break. */
function layOut(plan: ClockPlan, count: number): Period[] {
  const periods: Period[] = [];
  let at = 0;
  for (let n = 1; n <= count; n++) {
    const clock = n <= plan.regulationPeriods ? plan.periodClock : plan.overtimeClock;
    const end = at + wallOf(clock, plan);
    periods.push({ start: at, end, clock });
    at = end + plan.breakAfter(n);
  }
  return periods;
}

/** A scoring moment at `clock` seconds into period `period` (0-based). */
interface Score {
  period: number;
  clock: number;
  team: Team;
  points: number;
}

function playClock(
  sim: Simulation,
  plan: ClockPlan,
  scores: Score[],
  periodCount: number,
  timeouts: { period: number; clock: number; team: Team }[],
): Play {
  const periods = layOut(plan, periodCount);
  const wallAt = (period: number, clock: number) => periods[period]!.start + wallOf(clock, plan);
  type Event = { t: number; kind: 'score' | 'timeout' | 'start' | 'end'; team?: Team; points?: number; period: number };
  const events: Event[] = [
    ...scores.map((s) => ({
      t: wallAt(s.period, s.clock),
      kind: 'score' as const,
      team: s.team,
      points: s.points,
      period: s.period,
    })),
    ...timeouts.map((s) => ({
      t: wallAt(s.period, s.clock),
      kind: 'timeout' as const,
      team: s.team,
      period: s.period,
    })),
    ...periods.flatMap((p, index) => [
      ...(index > 0 ? [{ t: p.start, kind: 'start' as const, period: index }] : []),
      { t: p.end, kind: 'end' as const, period: index },
    ]),
  ];
  const order = { start: 0, score: 1, timeout: 2, end: 3 };
  events.sort((a, b) => a.t - b.t || order[a.kind] - order[b.kind]);

  let step: Step = { t: 0, period: 1, phase: 'play', score: [0, 0], periods: [[0, 0]] };
  const steps: Step[] = [step];
  const last = periods.length - 1;
  for (const event of events) {
    const base = { ...step, t: event.t, incident: undefined };
    switch (event.kind) {
      case 'score': {
        const team = event.team!;
        step = {
          ...base,
          score: add(step.score, team, event.points),
          periods: withLast(step.periods, add(step.periods.at(-1)!, team, event.points)),
          ...(sim.sport === 'ice_hockey'
            ? { incident: { kind: 'goal' as const, team, until: event.t + GOAL_HOLD_S } }
            : {}),
        };
        break;
      }
      case 'timeout':
        step = { ...base, incident: { kind: 'timeout', team: event.team!, until: event.t + TIMEOUT_HOLD_S } };
        break;
      case 'start':
        step = { ...base, period: event.period + 1, phase: 'play', periods: [...step.periods, [0, 0]] };
        break;
      case 'end':
        step = { ...base, phase: event.period === last ? 'ended' : 'break' };
        break;
    }
    steps.push(step);
  }
  const length = periods[last]!.end;
  const clockIn = (period: Period, t: number) => {
    const wall = Math.max(0, t - period.start);
    const ran = Math.floor(wall / MINUTE) * plan.runPerMinute + Math.min(plan.runPerMinute, wall % MINUTE);
    return { left: Math.max(0, period.clock - Math.floor(ran)), running: wall % MINUTE < plan.runPerMinute };
  };
  return {
    sport: sim.sport,
    length,
    steps,
    result: { score1: step.score[0], score2: step.score[1], periods: step.periods },
    clockAt: (t) => {
      const index = periods.findIndex((p) => t < p.end);
      if (index < 0) return { seconds: 0, running: false, direction: 'down' };
      const period = periods[index]!;
      if (t < period.start) return { seconds: 0, running: false, direction: 'down' };
      const { left, running } = clockIn(period, t);
      return { seconds: left, running: running && left > 0, direction: 'down' };
    },
    remainingAt: (t) => {
      let left = 0;
      for (const [index, period] of periods.entries()) {
        if (index >= plan.regulationPeriods) break;
        if (t >= period.end) continue;
        left += t < period.start ? period.clock : clockIn(period, t).left;
      }
      return left / MINUTE;
    },
  };
}

function playHockey(sim: Simulation, random: Random): Play {
  if (sim.model.kind !== 'goals') throw new Error('ice hockey plays on a goals model');
  const { home, away } = sim.model;
  const scores: Score[] = [];
  let tally: Pair = [0, 0];
  for (let period = 0; period < 3; period++) {
    for (const [team, rate] of [
      ['1', home],
      ['2', away],
    ] as const) {
      for (let k = samplePoisson(rate / 3, random); k > 0; k--) {
        scores.push({ period, clock: Math.floor(random() * HOCKEY.periodClock), team, points: 1 });
        tally = add(tally, team);
      }
    }
  }
  let periods = 3;
  if (tally[0] === tally[1]) {
    // Sudden-death overtime; a shootout (no clock) when it stays level: either way one goal decides it.
    periods = 4;
    const first = random() < home / (home + away);
    const inOvertime = random() < 0.6;
    scores.push({
      period: 3,
      clock: inOvertime ? Math.floor(random() * HOCKEY.overtimeClock) : HOCKEY.overtimeClock,
      team: first ? '1' : '2',
      points: 1,
    });
  }
  // Scoring moments in clock order; a sudden-death goal ends the overtime there.
  scores.sort((a, b) => a.period - b.period || a.clock - b.clock);
  const play = playClock(sim, HOCKEY, scores, periods, []);
  if (periods === 4) {
    const decider = scores.at(-1)!;
    const end = layOut(HOCKEY, 4)[3]!.start + wallOf(decider.clock, HOCKEY);
    const after = play.steps.findIndex((step) => step.t > end);
    const index = after < 0 ? play.steps.length : after;
    const final = { ...play.steps[index - 1]!, phase: 'ended' as const, incident: undefined, t: end + 1 };
    return { ...play, length: end + 1, steps: [...play.steps.slice(0, index), final] };
  }
  return play;
}

/** How a team's points in a quarter arrive: threes, twos and free throws, at random moments of the quarter. */
function scoringMoments(points: number, random: Random): number[] {
  const out: number[] = [];
  let left = points;
  while (left > 0) {
    const roll = random();
    const value = left >= 3 && roll < 0.22 ? 3 : left >= 2 && roll < 0.85 ? 2 : 1;
    out.push(value);
    left -= value;
  }
  return out;
}

function playBasketball(sim: Simulation, random: Random): Play {
  if (sim.model.kind !== 'points') throw new Error('basketball plays on a points model');
  const { margin, total } = sim.model;
  const scores: Score[] = [];
  // The prematch model's normal margin (sd 12) and total (sd 16), drawn in independent four-minute slices: the
  // Brownian motion the in-play prices assume (Stern 1994).
  const SLICES = 12;
  const slice = BASKETBALL.periodClock / 3;
  const quarters: Pair[] = [
    [0, 0],
    [0, 0],
    [0, 0],
    [0, 0],
  ];
  for (let k = 0; k < SLICES; k++) {
    const m = sampleNormal(margin / SLICES, 12 / Math.sqrt(SLICES), random);
    const sum = sampleNormal(total / SLICES, 16 / Math.sqrt(SLICES), random);
    const points: Pair = [Math.max(0, Math.round((sum + m) / 2)), Math.max(0, Math.round((sum - m) / 2))];
    const quarter = Math.floor(k / 3);
    quarters[quarter] = [quarters[quarter]![0] + points[0], quarters[quarter]![1] + points[1]];
    for (const [team, value] of [
      ['1', points[0]],
      ['2', points[1]],
    ] as const) {
      for (const made of scoringMoments(value, random)) {
        scores.push({ period: quarter, clock: (k % 3) * slice + Math.floor(random() * slice), team, points: made });
      }
    }
  }
  let periods = 4;
  const tally = (): Pair => quarters.reduce<Pair>((t, [a, b]) => [t[0] + a, t[1] + b], [0, 0]);
  while (tally()[0] === tally()[1]) {
    const extra: Pair = [8 + Math.floor(random() * 8), 8 + Math.floor(random() * 8)];
    quarters.push(extra);
    for (const [team, value] of [
      ['1', extra[0]],
      ['2', extra[1]],
    ] as const) {
      for (const made of scoringMoments(value, random)) {
        scores.push({ period: periods, clock: Math.floor(random() * BASKETBALL.overtimeClock), team, points: made });
      }
    }
    periods++;
  }
  // Timeouts in the last two minutes of the fourth quarter and of every overtime: the tense end the markets wait out.
  const timeouts: { period: number; clock: number; team: Team }[] = [];
  for (let period = 3; period < periods; period++) {
    const clock = period < 4 ? BASKETBALL.periodClock : BASKETBALL.overtimeClock;
    for (let k = 1 + Math.floor(random() * 3); k > 0; k--) {
      timeouts.push({ period, clock: clock - 1 - Math.floor(random() * 120), team: random() < 0.5 ? '1' : '2' });
    }
  }
  return playClock(sim, BASKETBALL, scores, periods, timeouts);
}

// Racket and net sports: point by point

interface RallyRules {
  bestOf: 3 | 5;
  /** Points to win a set (or game), by two; the deciding set may be shorter. */
  target: (setNumber: number) => number;
  /** Wall seconds a rally takes, and the break between sets. */
  rally: (random: Random) => number;
  setBreak: number;
}

const VOLLEYBALL: RallyRules = {
  bestOf: 5,
  target: (set) => (set === 5 ? 15 : 25),
  rally: (random) => 22 + Math.floor(random() * 17),
  setBreak: 3 * MINUTE,
};
const TABLE_TENNIS: RallyRules = {
  bestOf: 5,
  target: () => 11,
  rally: (random) => 12 + Math.floor(random() * 14),
  setBreak: MINUTE,
};

/** Whether side 1 (or 2) wins the race to `target` by two with the next point. */
const onePointFrom = (target: number, own: number, opponent: number) => own + 1 >= target && own + 1 - opponent >= 2;

function playRallies(sim: Simulation, setup: PlaySetup, rules: RallyRules, random: Random): Play {
  const x = setup.rally ?? 0.5;
  const need = (rules.bestOf + 1) / 2;
  let t = 0;
  let sets: Pair = [0, 0];
  const periods: Pair[] = [[0, 0]];
  let server: Team = random() < 0.5 ? '1' : '2';
  const steps: Step[] = [];
  const tableTennis = sim.sport === 'table_tennis';
  let served = 0;
  const snapshot = (phase: Step['phase']): Step => {
    const [a, b] = periods.at(-1)!;
    const target = rules.target(periods.length);
    let incident: Step['incident'];
    if (phase === 'play') {
      for (const team of ['1', '2'] as const) {
        const [own, opponent] = team === '1' ? [a, b] : [b, a];
        if (!onePointFrom(target, own, opponent)) continue;
        const wouldWinMatch = (team === '1' ? sets[0] : sets[1]) + 1 === need;
        incident = { kind: wouldWinMatch ? 'match_point' : 'set_point', team, until: Infinity };
      }
    }
    return {
      t,
      period: periods.length,
      phase,
      score: sets,
      periods: periods.map((p) => [...p] as Pair),
      server,
      ...(incident ? { incident } : {}),
    };
  };
  steps.push(snapshot('play'));
  while (sets[0] < need && sets[1] < need) {
    const won: Team = random() < x ? '1' : '2';
    t += rules.rally(random);
    periods[periods.length - 1] = add(periods.at(-1)!, won);
    const [a, b] = periods.at(-1)!;
    // Volleyball: the rally's winner serves. Table tennis: two serves each, one each from 10–10.
    if (tableTennis) {
      served++;
      if (served >= 2 || (a >= 10 && b >= 10)) {
        server = other(server);
        served = 0;
      }
    } else server = won;
    const target = rules.target(periods.length);
    if ((a >= target || b >= target) && Math.abs(a - b) >= 2) {
      sets = add(sets, a > b ? '1' : '2');
      if (sets[0] === need || sets[1] === need) break;
      steps.push(snapshot('break'));
      t += rules.setBreak;
      periods.push([0, 0]);
      served = 0;
      if (tableTennis) server = periods.length % 2 === 1 ? steps[0]!.server! : other(steps[0]!.server!);
    }
    steps.push(snapshot('play'));
  }
  steps.push({ ...snapshot('ended'), t, phase: 'ended' });
  closePoints(steps);
  return {
    sport: sim.sport,
    length: t,
    steps,
    result: { score1: sets[0], score2: sets[1], periods },
  };
}

/** A set, break or match point holds the markets while that point is played: until the next step. */
function closePoints(steps: Step[]) {
  steps.forEach((step, index) => {
    if (step.incident?.until === Infinity) step.incident = { ...step.incident, until: steps[index + 1]?.t ?? step.t };
  });
}

const TENNIS_POINTS = ['0', '15', '30', '40'];

/** The points of a game as shown: 0/15/30/40/A, or a tie-break's count. */
export function gamePointsOf(a: number, b: number, tieBreak: boolean): [string, string] {
  if (tieBreak) return [String(a), String(b)];
  if (a >= 3 && b >= 3) {
    if (a === b) return ['40', '40'];
    return a > b ? ['A', '40'] : ['40', 'A'];
  }
  return [TENNIS_POINTS[a]!, TENNIS_POINTS[b]!];
}

function playTennis(sim: Simulation, setup: PlaySetup, random: Random): Play {
  const serves = setup.serves ?? { s1: 0.62, s2: 0.62 };
  const bestOf = sim.model.kind === 'sets' ? sim.model.bestOf : 3;
  const need = (bestOf + 1) / 2;
  let t = 0;
  let sets: Pair = [0, 0];
  const periods: Pair[] = [[0, 0]];
  let server: Team = random() < 0.5 ? '1' : '2';
  let points: Pair = [0, 0];
  let tieBreak = false;
  let tieBreakFirst: Team = server;
  const steps: Step[] = [];
  const snapshot = (phase: Step['phase']): Step => {
    let incident: Step['incident'];
    if (phase === 'play') {
      const [a, b] = points;
      const target = tieBreak ? 7 : 4;
      for (const team of ['1', '2'] as const) {
        const [own, opponent] = team === '1' ? [a, b] : [b, a];
        if (!onePointFrom(target, own, opponent)) continue;
        const [g1, g2] = periods.at(-1)!;
        const [ownGames, opponentGames] = team === '1' ? [g1, g2] : [g2, g1];
        const winsSet = tieBreak || (ownGames + 1 >= 6 && ownGames + 1 - opponentGames >= 2) || ownGames + 1 === 7;
        const winsMatch = winsSet && (team === '1' ? sets[0] : sets[1]) + 1 === need;
        if (winsMatch) incident = { kind: 'match_point', team, until: Infinity };
        else if (winsSet) incident = { kind: 'set_point', team, until: Infinity };
        else if (team !== server && !tieBreak) incident = { kind: 'break_point', team, until: Infinity };
      }
    }
    return {
      t,
      period: periods.length,
      phase,
      score: sets,
      periods: periods.map((p) => [...p] as Pair),
      gamePoints: gamePointsOf(points[0], points[1], tieBreak),
      server,
      tieBreak,
      ...(incident ? { incident } : {}),
    };
  };
  steps.push(snapshot('play'));
  let gamesInMatch = 0;
  while (sets[0] < need && sets[1] < need) {
    const p1 = tieBreak ? (server === '1' ? serves.s1 : 1 - serves.s2) : server === '1' ? serves.s1 : 1 - serves.s2;
    const won: Team = random() < p1 ? '1' : '2';
    t += 25 + Math.floor(random() * 30);
    points = add(points, won);
    const [a, b] = points;
    const target = tieBreak ? 7 : 4;
    if (tieBreak && (a + b) % 2 === 1) server = other(server);
    if ((a >= target || b >= target) && Math.abs(a - b) >= 2) {
      const gameWinner: Team = a > b ? '1' : '2';
      periods[periods.length - 1] = add(periods.at(-1)!, gameWinner);
      points = [0, 0];
      gamesInMatch++;
      const [g1, g2] = periods.at(-1)!;
      const setOver = (Math.max(g1, g2) >= 6 && Math.abs(g1 - g2) >= 2) || Math.max(g1, g2) === 7;
      if (tieBreak) server = other(tieBreakFirst);
      else server = other(server);
      tieBreak = false;
      if (setOver) {
        sets = add(sets, g1 > g2 ? '1' : '2');
        if (sets[0] === need || sets[1] === need) break;
        steps.push(snapshot('break'));
        t += 2 * MINUTE;
        periods.push([0, 0]);
      } else {
        if (g1 === 6 && g2 === 6) {
          tieBreak = true;
          tieBreakFirst = server;
        }
        // Players change ends after every odd game.
        if (gamesInMatch % 2 === 1) t += MINUTE;
      }
    }
    steps.push(snapshot('play'));
  }
  points = [0, 0];
  steps.push({ ...snapshot('ended'), t, phase: 'ended' });
  closePoints(steps);
  return { sport: sim.sport, length: t, steps, result: { score1: sets[0], score2: sets[1], periods } };
}

// Setting up and replaying

/** What a match needs to be played: a seed, and for the racket and net sports the point chances behind its model. */
export function playSetup(sim: Simulation, seed: number): PlaySetup {
  if (sim.model.kind !== 'sets') return { seed };
  if (sim.sport === 'tennis') return { seed, serves: servesFor(sim.model.p) };
  return { seed, rally: pointProbabilityFor(sim.sport === 'volleyball' ? 25 : 11, sim.model.p) };
}

/** The whole match, drawn from its model and seed. */
export function playMatch(sim: Simulation, setup: PlaySetup): Play {
  const random = seededRandom(setup.seed);
  switch (sim.sport) {
    case 'football':
      return playFootball(sim, random);
    case 'ice_hockey':
      return playHockey(sim, random);
    case 'basketball':
      return playBasketball(sim, random);
    case 'tennis':
      return playTennis(sim, setup, random);
    case 'volleyball':
      return playRallies(sim, setup, VOLLEYBALL, random);
    case 'table_tennis':
      return playRallies(sim, setup, TABLE_TENNIS, random);
  }
}

/** The step under way at wall time `t` (the last one that began at or before it). */
export function stepAt(play: Play, t: number): Step {
  let low = 0;
  let high = play.steps.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (play.steps[mid]!.t <= t) low = mid;
    else high = mid - 1;
  }
  return play.steps[low]!;
}

/** Whether the markets wait at wall time `t`: a dangerous moment is under way (goal, penalty, break point, …). */
export function heldAt(step: Step, t: number): boolean {
  return step.penalty === true || (step.incident !== undefined && t < step.incident.until);
}

/** The state a feed would deliver at wall time `t`, observed at `at` (epoch ms). */
export function liveStateAt(play: Play, t: number, at: number): LiveState {
  const step = stepAt(play, t);
  const clock = play.clockAt?.(Math.min(t, play.length));
  const stats =
    step.yellow && step.red && step.corners
      ? { stats: { yellowCards: step.yellow, redCards: step.red, corners: step.corners } }
      : {};
  const added = play.addedMinutes && step.period <= 2 ? { addedMinutes: play.addedMinutes[step.period - 1]! } : {};
  // Stoppage time is announced at the end of the half's regular 45 minutes.
  const announced =
    play.addedMinutes && clock && clock.seconds >= (step.period === 1 ? 45 : 90) * MINUTE - 60 ? added : {};
  return {
    at,
    period: step.period,
    phase: step.phase,
    ...(clock ? { clock } : {}),
    ...announced,
    score: step.score,
    periods: step.periods,
    ...(step.gamePoints && step.phase === 'play' ? { gamePoints: step.gamePoints } : {}),
    ...(step.server && step.phase !== 'ended' ? { server: step.server } : {}),
    ...stats,
    ...(step.incident && t < step.incident.until
      ? { incident: { kind: step.incident.kind, ...(step.incident.team ? { team: step.incident.team } : {}) } }
      : {}),
  };
}
