import { describe, expect, it } from 'vitest';
import { liveStateSchema } from '@playhouse/shared';
import { isDecided, priceInPlay } from './in-play-pricing';
import { heldAt, liveStateAt, playMatch, playSetup, stepAt, type Play } from './play';
import { chooseLines, priceMarkets, settleMarkets, type MatchModel, type Simulation } from './pricing';
import { raceWin, servesFor, setEnds, freshSetEnds } from './race';

const MINUTE = 60;

function simulation(sport: Simulation['sport'], model: MatchModel, durationMinutes = 110): Simulation {
  return { sport, model, lines: chooseLines(sport, model), margin: 0.06, durationMinutes };
}

const SPORTS: Simulation[] = [
  simulation('football', { kind: 'goals', home: 1.6, away: 1.1 }),
  simulation('ice_hockey', { kind: 'goals', home: 3.1, away: 2.7 }, 150),
  simulation('basketball', { kind: 'points', margin: 4, total: 220 }, 135),
  simulation('tennis', { kind: 'sets', p: 0.62, bestOf: 3 }, 100),
  simulation('volleyball', { kind: 'sets', p: 0.58, bestOf: 5 }),
  simulation('table_tennis', { kind: 'sets', p: 0.55, bestOf: 5 }, 35),
];

const winProbability = (markets: ReturnType<typeof priceMarkets>) =>
  markets[0]!.outcomes.find((outcome) => outcome.label === '1')!.probability;

describe('race chains', () => {
  it('gives a tennis game, tie-break and set their textbook values', () => {
    // Newton & Keller's table: a server winning 60 % of points holds 73.6 % of games.
    expect(raceWin(4, 0.6)).toBeCloseTo(0.7357, 3);
    expect(raceWin(4, 0.5)).toBeCloseTo(0.5, 10);
    expect(raceWin(4, 0.6, 3, 3)).toBeCloseTo(0.36 / 0.52, 10);
    const even = freshSetEnds({ s1: 0.62, s2: 0.62 }).reduce((total, end) => total + (end.win1 ? end.p : 0), 0);
    expect(even).toBeCloseTo(0.5, 10);
    const ends = setEnds({ s1: 0.65, s2: 0.6 }, 5, 5, 1);
    expect(ends.reduce((total, end) => total + end.p, 0)).toBeCloseTo(1, 10);
    expect(new Set(ends.map((end) => end.games))).toEqual(new Set([12, 13]));
  });

  it('finds serve strengths behind a set-winning chance', () => {
    const serves = servesFor(0.7);
    const won = freshSetEnds(serves).reduce((total, end) => total + (end.win1 ? end.p : 0), 0);
    expect(won).toBeCloseTo(0.7, 4);
    expect(serves.s1).toBeGreaterThan(serves.s2);
  });
});

describe('a simulated match played out', () => {
  it.each(SPORTS.map((sim) => [sim.sport, sim] as const))(
    '%s: plays from kick-off to the end, the same from the same seed, its result its final score',
    (_sport, sim) => {
      for (let seed = 1; seed <= 40; seed++) {
        const setup = playSetup(sim, seed);
        const play = playMatch(sim, setup);
        const again = playMatch(sim, setup);
        expect(again.steps).toEqual(play.steps);
        expect(again.result).toEqual(play.result);
        expect(play.length).toBeGreaterThan(10 * MINUTE);
        for (let i = 1; i < play.steps.length; i++)
          expect(play.steps[i]!.t).toBeGreaterThanOrEqual(play.steps[i - 1]!.t);
        const last = play.steps.at(-1)!;
        expect(last.phase).toBe('ended');
        expect([play.result.score1, play.result.score2]).toEqual(last.score);
        expect(play.result.score1).not.toBe(sim.sport === 'football' ? -1 : play.result.score2);
        // Every market settles from the played result with one winner (two for double chance).
        for (const [, outcomes] of settleMarkets(sim, play.result)) {
          expect([...outcomes.values()].filter((result) => result === 'won').length).toBeGreaterThanOrEqual(1);
        }
        // Each moment gives a state the feed format accepts.
        for (const t of [0, play.length / 3, play.length / 2, play.length - 1, play.length + 60]) {
          expect(liveStateSchema.safeParse(liveStateAt(play, t, 1_700_000_000_000)).success).toBe(true);
        }
      }
    },
  );

  it('lasts about as long as the fixture plan says', () => {
    for (const sim of SPORTS) {
      const lengths = Array.from({ length: 30 }, (_, i) => playMatch(sim, playSetup(sim, 100 + i)).length / MINUTE);
      const mean = lengths.reduce((total, value) => total + value, 0) / lengths.length;
      expect(mean, sim.sport).toBeGreaterThan(sim.durationMinutes * 0.6);
      expect(mean, sim.sport).toBeLessThan(sim.durationMinutes * 1.3);
    }
  });

  it("runs football's clock up through both halves and added time, with half-time between", () => {
    const sim = SPORTS[0]!;
    const play = playMatch(sim, playSetup(sim, 7));
    const [firstAdded] = play.addedMinutes!;
    expect(play.clockAt!(10 * MINUTE)).toEqual({ seconds: 600, running: true, direction: 'up' });
    const halfTime = (45 + firstAdded + 5) * MINUTE;
    expect(play.clockAt!(halfTime)).toEqual({ seconds: 2700, running: false, direction: 'up' });
    expect(stepAt(play, halfTime)).toMatchObject({ period: 1, phase: 'break' });
    const state = liveStateAt(play, (45 + firstAdded - 0.5) * MINUTE, 1);
    expect(state.addedMinutes).toBe(firstAdded);
    expect(stepAt(play, (45 + firstAdded + 16) * MINUTE)).toMatchObject({ period: 2, phase: 'play' });
  });

  it('counts basketball and ice hockey clocks down, stopping now and then', () => {
    for (const sim of [SPORTS[1]!, SPORTS[2]!]) {
      const play = playMatch(sim, playSetup(sim, 3));
      const start = play.clockAt!(0);
      expect(start.direction).toBe('down');
      expect(start.seconds).toBe(sim.sport === 'ice_hockey' ? 1200 : 720);
      const samples = Array.from({ length: 60 }, (_, s) => play.clockAt!(5 * MINUTE + s));
      expect(samples.some((clock) => clock.running)).toBe(true);
      expect(samples.some((clock) => !clock.running)).toBe(true);
      for (let s = 1; s < samples.length; s++) expect(samples[s]!.seconds).toBeLessThanOrEqual(samples[s - 1]!.seconds);
    }
  });

  it('holds the markets on goals, penalties, break points and set points, and lets them go again', () => {
    const kinds = new Set<string>();
    for (const sim of SPORTS) {
      for (let seed = 1; seed <= 20; seed++) {
        const play = playMatch(sim, playSetup(sim, seed));
        for (const step of play.steps) {
          if (!step.incident) continue;
          kinds.add(step.incident.kind);
          expect(heldAt(step, step.t)).toBe(true);
          // The hold ends: at the latest when the match moves on (penalties and points) or 30 s after a goal.
          expect(step.incident.until).toBeLessThan(Infinity);
        }
        expect(heldAt(stepAt(play, 0), 0)).toBe(false);
      }
    }
    expect(kinds).toEqual(
      expect.objectContaining(new Set(['goal', 'break_point', 'set_point', 'match_point', 'timeout', 'penalty'])),
    );
  });
});

describe('in-play prices', () => {
  it.each(SPORTS.map((sim) => [sim.sport, sim] as const))(
    '%s: start near the prematch prices and keep every market a probability distribution',
    (_sport, sim) => {
      const setup = playSetup(sim, 11);
      const play = playMatch(sim, setup);
      const prematch = winProbability(priceMarkets(sim));
      const atKickOff = priceInPlay(sim, setup, play, 0);
      expect(atKickOff.map((market) => market.k)).toEqual(priceMarkets(sim).map((market) => market.k));
      expect(Math.abs(winProbability(atKickOff) - prematch)).toBeLessThan(0.06);
      for (const t of [0, play.length * 0.25, play.length * 0.5, play.length * 0.75, play.length * 0.95]) {
        for (const market of priceInPlay(sim, setup, play, t)) {
          const covered = market.outcomes.some((outcome) => outcome.label === '1X') ? 2 : 1;
          const total = market.outcomes.reduce((sum, outcome) => sum + outcome.probability, 0);
          expect(total, `${sim.sport} market ${market.k} at ${t}`).toBeCloseTo(covered, 3);
        }
      }
      // At the end every winner market is decided.
      expect(isDecided(priceInPlay(sim, setup, play, play.length)[0]!)).toBe(true);
    },
  );

  // Calibration: the generator and the pricing are the same model, so what the prices say at a moment comes true as
  // often as they say. Checked a third of the way into 300 matches per sport (winner markets: ice hockey's is on
  // regular time).
  it.each(SPORTS.map((sim) => [sim.sport, sim] as const))(
    '%s: what the prices say during the match comes true as often',
    (_s, sim) => {
      let said = 0;
      let happened = 0;
      const matches = 300;
      const t = (sim.durationMinutes * MINUTE) / 3;
      const base = playSetup(sim, 0);
      for (let seed = 1; seed <= matches; seed++) {
        const setup = { ...base, seed: 1_000 + seed };
        const play: Play = playMatch(sim, setup);
        said += winProbability(priceInPlay(sim, setup, play, t));
        happened += settleMarkets(sim, play.result).get(0)!.get('1') === 'won' ? 1 : 0;
      }
      expect(Math.abs(said - happened) / matches).toBeLessThan(0.05);
    },
    30_000,
  );
});
