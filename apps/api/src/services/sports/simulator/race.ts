/*
 * Point-level Markov chains of the racket and net sports (Newton & Keller, "Probability of winning at tennis I",
 * Studies in Applied Mathematics 114, 2005; the same race serves volleyball's and table tennis's rally scoring):
 * a game, tie-break or set is a race to N points won by two, a match a race to a number of sets. Pure functions.
 */

/** Probability that side 1 wins a race to `target` (won by two) from (a, b), winning each point with probability x. */
export function raceWin(target: number, x: number, a = 0, b = 0): number {
  const y = 1 - x;
  // Once both sides reach target − 1 the race is a run of deuces: win two in a row from level.
  const deuce = x * x + y * y === 0 ? 0.5 : (x * x) / (x * x + y * y);
  const memo = new Map<number, number>();
  const go = (p: number, q: number): number => {
    if (p >= target && p - q >= 2) return 1;
    if (q >= target && q - p >= 2) return 0;
    if (p >= target - 1 && q >= target - 1) {
      if (p === q) return deuce;
      return p > q ? x + y * deuce : x * deuce;
    }
    const key = p * 1000 + q;
    let value = memo.get(key);
    if (value === undefined) {
      value = x * go(p + 1, q) + y * go(p, q + 1);
      memo.set(key, value);
    }
    return value;
  };
  return go(a, b);
}

/** The side-1 point probability at which side 1 wins a race to `target` with probability `p` (bisection). */
export function pointProbabilityFor(target: number, p: number): number {
  let low = 0.2;
  let high = 0.8;
  for (let step = 0; step < 40; step++) {
    const mid = (low + high) / 2;
    if (raceWin(target, mid) < p) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** One way a set can end: who won it, in how many games, with what probability. */
export interface SetEnd {
  win1: boolean;
  games: number;
  p: number;
}

/** Tennis serving strengths: the probability that each player wins a point on their own serve. */
export interface Serves {
  s1: number;
  s2: number;
}

/** Probability that player 1 wins a game from (a, b) points, `server` serving. */
export function gameWin({ s1, s2 }: Serves, server: 1 | 2, a = 0, b = 0): number {
  return server === 1 ? raceWin(4, s1, a, b) : 1 - raceWin(4, s2, b, a);
}

/** Tie-breaks alternate the serve, so each point is won at the average of both players' chances. */
export function tieBreakWin({ s1, s2 }: Serves, a = 0, b = 0): number {
  return raceWin(7, (s1 + 1 - s2) / 2, a, b);
}

/**
 * How a tennis set ends from (g1, g2) games with `server` to serve the game under way, which player 1 wins with
 * probability `current` (default: from love). Six games won by two, a tie-break at 6–6 (counted as a game).
 */
export function setEnds(serves: Serves, g1: number, g2: number, server: 1 | 2, current?: number): SetEnd[] {
  const memo = new Map<string, SetEnd[]>();
  const hold = { 1: gameWin(serves, 1), 2: gameWin(serves, 2) };
  const tieBreak = tieBreakWin(serves);
  const go = (a: number, b: number, srv: 1 | 2, first: boolean): SetEnd[] => {
    if ((a >= 6 && a - b >= 2) || a === 7) return [{ win1: true, games: a + b, p: 1 }];
    if ((b >= 6 && b - a >= 2) || b === 7) return [{ win1: false, games: a + b, p: 1 }];
    const key = `${a}:${b}:${srv}:${first}`;
    const kept = memo.get(key);
    if (kept) return kept;
    const win = first && current !== undefined ? current : a === 6 && b === 6 ? tieBreak : hold[srv];
    const next: 1 | 2 = srv === 1 ? 2 : 1;
    const merged = new Map<string, SetEnd>();
    const add = (ends: SetEnd[], weight: number) => {
      for (const end of ends) {
        const id = `${end.win1}:${end.games}`;
        const before = merged.get(id);
        if (before) before.p += end.p * weight;
        else merged.set(id, { ...end, p: end.p * weight });
      }
    };
    add(go(a + 1, b, next, false), win);
    add(go(a, b + 1, next, false), 1 - win);
    const ends = [...merged.values()];
    memo.set(key, ends);
    return ends;
  };
  return go(g1, g2, server, true);
}

/** A fresh set, whoever serves first (the players toss for it; later sets follow the rotation, about even). */
export function freshSetEnds(serves: Serves): SetEnd[] {
  const merged = new Map<string, SetEnd>();
  for (const server of [1, 2] as const) {
    for (const end of setEnds(serves, 0, 0, server)) {
      const id = `${end.win1}:${end.games}`;
      const before = merged.get(id);
      if (before) before.p += end.p / 2;
      else merged.set(id, { ...end, p: end.p / 2 });
    }
  }
  return [...merged.values()];
}

/** One way a match can end: the sets each side won, the games (tennis) played in all, the probability. */
export interface MatchEnd {
  sets1: number;
  sets2: number;
  games: number;
  p: number;
}

/**
 * How a match of `bestOf` sets ends from (sets1, sets2) won and `gamesSoFar` games in finished sets: the set under way
 * ends as `current`, each later one as `fresh(setNumber)` (volleyball's fifth set is shorter).
 */
export function matchEnds(
  bestOf: number,
  sets1: number,
  sets2: number,
  gamesSoFar: number,
  current: SetEnd[],
  fresh: (setNumber: number) => SetEnd[],
): MatchEnd[] {
  const need = (bestOf + 1) / 2;
  const out = new Map<string, MatchEnd>();
  const go = (w1: number, w2: number, games: number, p: number, ends: SetEnd[]) => {
    if (p < 1e-12) return;
    if (w1 === need || w2 === need) {
      const id = `${w1}:${w2}:${games}`;
      const before = out.get(id);
      if (before) before.p += p;
      else out.set(id, { sets1: w1, sets2: w2, games, p });
      return;
    }
    for (const end of ends) {
      const n1 = end.win1 ? w1 + 1 : w1;
      const n2 = end.win1 ? w2 : w2 + 1;
      go(n1, n2, games + end.games, p * end.p, fresh(n1 + n2 + 1));
    }
  };
  go(sets1, sets2, gamesSoFar, 1, current);
  return [...out.values()];
}

/** A set (volleyball) or game (table tennis) that is a plain race of rallies: the two ways it ends. */
export function raceSetEnds(target: number, x: number, a = 0, b = 0): SetEnd[] {
  const win = raceWin(target, x, a, b);
  return [
    { win1: true, games: 0, p: win },
    { win1: false, games: 0, p: 1 - win },
  ];
}

/** The serve strengths of two players of whom player 1 wins a fresh set with probability `p`. */
export function servesFor(p: number, base = 0.62): Serves {
  const setWin = (d: number) =>
    freshSetEnds({ s1: base + d, s2: base - d }).reduce((t, e) => t + (e.win1 ? e.p : 0), 0);
  let low = -0.25;
  let high = 0.25;
  for (let step = 0; step < 30; step++) {
    const mid = (low + high) / 2;
    if (setWin(mid) < p) low = mid;
    else high = mid;
  }
  const d = (low + high) / 2;
  return { s1: base + d, s2: base - d };
}
