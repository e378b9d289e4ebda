import { redCardFactor, stepAt, type Play, type PlaySetup } from './play';
import {
  POINTS_MARGIN_SD,
  POINTS_TOTAL_SD,
  goalsGrid,
  goalsMarkets,
  normalCdf,
  pointsMarkets,
  setsMarkets,
  type PricedMarket,
  type Simulation,
} from './pricing';
import {
  freshSetEnds,
  gameWin,
  matchEnds,
  raceSetEnds,
  setEnds,
  tieBreakWin,
  type MatchEnd,
  type SetEnd,
} from './race';

/*
 * In-play prices: the prematch model conditioned on what has happened (docs/decisions.md, "the in-play pricing
 * model"). Goals: the score so far plus Poisson goals for the regulation time left (Dixon & Robinson, "A birth process
 * model for association football matches", The Statistician 47, 1998), a sending-off shifting both rates. Basketball:
 * the points margin and total as Brownian motion over the time left (Stern, "A Brownian motion model for the progress
 * of sports scores", JASA 89, 1994). Tennis, volleyball, table tennis: point by point through games, sets and the
 * match (Newton & Keller 2005, race.ts). The same markets, lines and labels as prematch, so the feed updates the
 * rows it opened.
 */

/** A tennis point count as shown back to points won: "A" is one past 40. */
const POINTS = new Map([
  ['0', 0],
  ['15', 1],
  ['30', 2],
  ['40', 3],
  ['A', 4],
]);
function pointsOf(shown: [string, string] | undefined, tieBreak: boolean): [number, number] {
  if (!shown) return [0, 0];
  if (tieBreak) return [Number(shown[0]), Number(shown[1])];
  return [POINTS.get(shown[0]) ?? 0, POINTS.get(shown[1]) ?? 0];
}

const won = (ends: MatchEnd[], test: (end: MatchEnd) => boolean) =>
  ends.reduce((total, end) => (test(end) ? total + end.p : total), 0);

/** Every market's true probabilities at wall time `t` of the match. */
export function priceInPlay(sim: Simulation, setup: PlaySetup, play: Play, t: number): PricedMarket[] {
  const step = stepAt(play, t);
  const { model, lines } = sim;
  switch (model.kind) {
    case 'goals': {
      // Regulation time left in the sport's clock minutes (90 football, 60 ice hockey), the rates scaled to it.
      const length = sim.sport === 'ice_hockey' ? 60 : 90;
      const left = Math.max(0, play.remainingAt?.(t) ?? 0) / length;
      const [red1, red2] = step.red ?? [0, 0];
      const regular = sim.sport === 'ice_hockey' ? regulationScore(step) : step.score;
      return goalsMarkets(
        sim,
        goalsGrid(
          { home: model.home * redCardFactor(red1, red2) * left, away: model.away * redCardFactor(red2, red1) * left },
          regular,
        ),
      );
    }
    case 'points': {
      const left = Math.max(0, play.remainingAt?.(t) ?? 0) / 48;
      const margin = step.score[0] - step.score[1];
      const total = step.score[0] + step.score[1];
      const chance = (lead: number, drift: number, sd: number) =>
        left <= 0 ? (lead > 0 ? 1 : lead < 0 ? 0 : 0.5) : normalCdf((lead + drift * left) / (sd * Math.sqrt(left)));
      return pointsMarkets(sim, {
        win1: chance(margin, model.margin, POINTS_MARGIN_SD),
        totalOver: chance(total - lines.total, model.total, POINTS_TOTAL_SD),
        handicap1: chance(margin + lines.handicap, model.margin, POINTS_MARGIN_SD),
      });
    }
    case 'sets': {
      const finished = step.phase === 'break' ? step.periods : step.periods.slice(0, -1);
      const under = step.phase === 'break' ? null : step.periods.at(-1)!;
      const setNumber = finished.length + 1;
      let current: SetEnd[];
      let fresh: (setNumber: number) => SetEnd[];
      let gamesSoFar = 0;
      if (sim.sport === 'tennis' && setup.serves) {
        const serves = setup.serves;
        const opening = freshSetEnds(serves);
        fresh = () => opening;
        gamesSoFar = finished.reduce((total, [a, b]) => total + a + b, 0);
        if (!under) current = opening;
        else {
          const [a, b] = pointsOf(step.gamePoints, step.tieBreak === true);
          const server = step.server === '2' ? 2 : 1;
          const game = step.tieBreak ? tieBreakWin(serves, a, b) : gameWin(serves, server, a, b);
          current = setEnds(serves, under[0], under[1], server, game);
        }
      } else {
        const x = setup.rally ?? 0.5;
        const target = (set: number) =>
          sim.sport === 'volleyball' && set === 5 ? 15 : sim.sport === 'volleyball' ? 25 : 11;
        fresh = (set) => raceSetEnds(target(set), x);
        current = under ? raceSetEnds(target(setNumber), x, under[0], under[1]) : fresh(setNumber);
      }
      const [sets1, sets2] = step.score;
      const ends = matchEnds(model.bestOf, sets1, sets2, gamesSoFar, current, fresh);
      const bestOfThree = model.bestOf === 3;
      const firstSet1 =
        finished.length > 0
          ? finished[0]![0] > finished[0]![1]
            ? 1
            : 0
          : current.reduce((total, end) => (end.win1 ? total + end.p : total), 0);
      return setsMarkets(sim, {
        win1: won(ends, (end) => end.sets1 > end.sets2),
        totalOver: won(ends, (end) => (bestOfThree ? end.games : end.sets1 + end.sets2) > lines.total),
        handicap1: won(ends, (end) => end.sets1 + lines.handicap > end.sets2),
        firstSet1,
      });
    }
  }
}

/** Ice hockey's markets are on regular time: overtime's goal does not count for them. */
function regulationScore(step: { periods: [number, number][] }): [number, number] {
  return step.periods.slice(0, 3).reduce<[number, number]>((t, [a, b]) => [t[0] + a, t[1] + b], [0, 0]);
}

/** A market whose every outcome but one is all but impossible is decided: it waits for its result, suspended. */
export function isDecided(market: PricedMarket): boolean {
  return market.outcomes.some((outcome) => outcome.probability > 0.99);
}
