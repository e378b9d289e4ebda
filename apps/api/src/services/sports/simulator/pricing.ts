import type { LocalizedText } from '@playhouse/db';
import type { MatchResult, SelectionResult } from '@playhouse/db/schema';
import { SPORTS_CATALOGUE, type SportKey } from '@playhouse/db/sports-catalogue';
import { z } from 'zod';

/*
 * The simulator's pricing: a small statistical model per sport (Poisson goals, normal points, independent sets),
 * the markets priced from it with the bookmaker's margin on a realistic odds ladder, results sampled from the same
 * model, and every market settled from a result. Pure functions; randomness comes in as a function.
 */

export type Random = () => number;

export type MatchModel =
  /** Goals per side are Poisson (football, ice hockey). */
  | { kind: 'goals'; home: number; away: number }
  /** Points margin (team 1 − team 2) and total are normal (basketball). */
  | { kind: 'points'; margin: number; total: number }
  /** Team 1 wins each set with probability p (tennis best of 3; volleyball and table tennis best of 5). */
  | { kind: 'sets'; p: number; bestOf: 3 | 5 };

/** What the simulator keeps of a match in matches.simulation (a type literal: a JSON object as the column takes it). */
export type Simulation = {
  sport: SportKey;
  model: MatchModel;
  /** Lines are fixed when the market opens; only the odds move. */
  lines: { total: number; handicap: number };
  /** Bookmaker's margin, e.g. 0.06 for a 106 % book. */
  margin: number;
  durationMinutes: number;
  /** Set at kick-off: how the match is played out (play.ts), and what the simulator last delivered of it. */
  play?: {
    seed: number;
    serves?: { s1: number; s2: number };
    rally?: number;
    /** The last step whose incident the feed has shown (an incident is shown at least once, however late a tick). */
    shown?: number;
    /** The prices and statuses last delivered, so an unchanged book is not delivered again. */
    signature?: string;
  };
};

const sportKeys = new Set<string>(SPORTS_CATALOGUE.map((sport) => sport.key));

/** A stored simulation read back: checked, since the column holds whatever JSON was written. */
export const simulationSchema = z.object({
  sport: z.custom<SportKey>((value) => typeof value === 'string' && sportKeys.has(value)),
  model: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('goals'), home: z.number(), away: z.number() }),
    z.object({ kind: z.literal('points'), margin: z.number(), total: z.number() }),
    z.object({ kind: z.literal('sets'), p: z.number(), bestOf: z.union([z.literal(3), z.literal(5)]) }),
  ]),
  lines: z.object({ total: z.number(), handicap: z.number() }),
  margin: z.number(),
  durationMinutes: z.number(),
  play: z
    .object({
      seed: z.number(),
      serves: z.object({ s1: z.number(), s2: z.number() }).optional(),
      rally: z.number().optional(),
      shown: z.number().optional(),
      signature: z.string().optional(),
    })
    .optional(),
}) satisfies z.ZodType<Simulation>;

export interface PricedOutcome {
  label: string;
  probability: number;
}
export interface PricedMarket {
  /** Market number within the match (its feed id is matchId × 10 + k). */
  k: number;
  position: number;
  name: LocalizedText;
  outcomes: PricedOutcome[];
}

const t = (en: string, de: string, es: string, pt: string, ru: string): LocalizedText => ({ en, de, es, pt, ru });
const withLine = (name: LocalizedText, line: string): LocalizedText =>
  Object.fromEntries(Object.entries(name).map(([locale, text]) => [locale, `${text} ${line}`]));

const NAMES = {
  result: t('Match result', 'Spielausgang', 'Resultado del partido', 'Resultado final', 'Исход матча'),
  regularTime: t(
    'Regular time result',
    'Ergebnis nach regulärer Spielzeit',
    'Resultado en tiempo reglamentario',
    'Resultado no tempo regulamentar',
    'Исход основного времени',
  ),
  winner: t('Winner', 'Sieger', 'Ganador', 'Vencedor', 'Победитель'),
  winnerOvertime: t(
    'Winner (incl. overtime)',
    'Sieger (inkl. Verlängerung)',
    'Ganador (incl. prórroga)',
    'Vencedor (incl. prolongamento)',
    'Победитель (с учётом ОТ)',
  ),
  totalGoals: t('Total goals', 'Tore gesamt', 'Total de goles', 'Total de golos', 'Тотал голов'),
  totalPoints: t('Total points', 'Punkte gesamt', 'Total de puntos', 'Total de pontos', 'Тотал очков'),
  totalGames: t('Total games', 'Spiele gesamt', 'Total de juegos', 'Total de jogos', 'Тотал геймов'),
  totalSets: t('Total sets', 'Sätze gesamt', 'Total de sets', 'Total de sets', 'Тотал сетов'),
  doubleChance: t('Double chance', 'Doppelte Chance', 'Doble oportunidad', 'Dupla hipótese', 'Двойной шанс'),
  handicap: t('Handicap', 'Handicap', 'Hándicap', 'Handicap', 'Фора'),
  setHandicap: t('Set handicap', 'Satz-Handicap', 'Hándicap de sets', 'Handicap de sets', 'Фора по сетам'),
  bothScore: t(
    'Both teams to score',
    'Beide Teams treffen',
    'Ambos equipos marcan',
    'Ambas as equipas marcam',
    'Обе забьют',
  ),
  firstSet: t(
    'First set winner',
    'Sieger 1. Satz',
    'Ganador del primer set',
    'Vencedor do 1.º set',
    'Победитель 1-го сета',
  ),
};

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));
const over = (line: number) => `> ${line}`;
const under = (line: number) => `< ${line}`;
const handicapLabels = (h1: number) => [`1 (${signed(h1)})`, `2 (${signed(-h1)})`] as const;

// Distributions

export function poissonPmf(lambda: number, max = 12): number[] {
  const pmf: number[] = [];
  let p = Math.exp(-lambda);
  for (let k = 0; k <= max; k++) {
    pmf.push(p);
    p = (p * lambda) / (k + 1);
  }
  return pmf;
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26, error below 1.5e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const k = 1 / (1 + 0.3275911 * z);
  const erf =
    1 -
    ((((1.061405429 * k - 1.453152027) * k + 1.421413741) * k - 0.284496736) * k + 0.254829592) * k * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

export function samplePoisson(lambda: number, random: Random): number {
  const limit = Math.exp(-lambda);
  let k = 0;
  let p = random();
  while (p > limit) {
    k++;
    p *= random();
  }
  return k;
}

export function sampleNormal(mean: number, sd: number, random: Random): number {
  const u = Math.max(random(), 1e-12);
  const v = random();
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

export const POINTS_MARGIN_SD = 12;
export const POINTS_TOTAL_SD = 16;

/** Probability of each final set score (sets won by team 1, by team 2) of a best-of-n match. */
export function setScoreProbabilities(p: number, bestOf: 3 | 5): Map<string, number> {
  const need = (bestOf + 1) / 2;
  const q = 1 - p;
  const scores = new Map<string, number>();
  const choose = (n: number, k: number) => {
    let c = 1;
    for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
    return c;
  };
  for (let lost = 0; lost < need; lost++) {
    // The winner takes the last set; the loser's sets fall anywhere among the earlier ones.
    const ways = choose(need - 1 + lost, lost);
    scores.set(`${need}-${lost}`, ways * p ** need * q ** lost);
    scores.set(`${lost}-${need}`, ways * q ** need * p ** lost);
  }
  return scores;
}

const sum = (cells: ScoreCell[], test: (s1: number, s2: number) => boolean) =>
  cells.reduce((total, cell) => (test(cell.s1, cell.s2) ? total + cell.p : total), 0);

// Lines

/** The line of the candidates whose "over" is closest to even money. */
function closestLine(candidates: number[], overProbability: (line: number) => number): number {
  return candidates.reduce((best, line) =>
    Math.abs(overProbability(line) - 0.5) < Math.abs(overProbability(best) - 0.5) ? line : best,
  );
}

/** Lines for a new match: totals near even money, the handicap against the favourite. */
export function chooseLines(sport: SportKey, model: MatchModel): Simulation['lines'] {
  switch (model.kind) {
    case 'goals': {
      const cells = goalsGrid(model);
      const candidates = sport === 'ice_hockey' ? [4.5, 5.5, 6.5] : [1.5, 2.5, 3.5];
      const total = closestLine(candidates, (line) => sum(cells, (a, b) => a + b > line));
      return { total, handicap: model.home >= model.away ? -1.5 : 1.5 };
    }
    case 'points':
      return { total: Math.round(model.total) + 0.5, handicap: -(Math.round(model.margin) + 0.5) };
    case 'sets': {
      const total = model.bestOf === 3 ? 22.5 : 3.5;
      return { total, handicap: model.p >= 0.5 ? -1.5 : 1.5 };
    }
  }
}

// Markets

/** A final score's probability: one cell of the grid of goals. */
export interface ScoreCell {
  s1: number;
  s2: number;
  p: number;
}

/** Final scores when each side adds Poisson goals to what it has (prematch: nothing yet). */
export function goalsGrid(model: { home: number; away: number }, score: [number, number] = [0, 0]): ScoreCell[] {
  const home = poissonPmf(model.home);
  const away = poissonPmf(model.away);
  const cells: ScoreCell[] = [];
  home.forEach((ph, s1) => away.forEach((pa, s2) => cells.push({ s1: s1 + score[0], s2: s2 + score[1], p: ph * pa })));
  return cells;
}

/** Market k of a match: its position in the list is its number. */
const market = (k: number, name: LocalizedText, outcomes: PricedOutcome[]): PricedMarket => ({
  k,
  position: k,
  name,
  outcomes,
});
/** Two outcomes that share the whole chance: the first has `p`, the second the rest. */
const twoWay = (first: string, second: string, p: number): PricedOutcome[] => [
  { label: first, probability: p },
  { label: second, probability: 1 - p },
];
/** Market k on a total line: over it with `pOver`, under it with the rest. */
const overUnder = (k: number, name: LocalizedText, line: number, pOver: number) =>
  market(k, withLine(name, String(line)), twoWay(over(line), under(line), pOver));
/** Market k on the handicap line: team 1 covers it with `p1`. */
const handicapMarket = (k: number, name: LocalizedText, handicap: number, p1: number) =>
  market(k, name, twoWay(...handicapLabels(handicap), p1));
/** The three markets every sport opens with a winner, the total line and the handicap line, in that order. */
function winnerTotalHandicap(
  sim: Simulation,
  names: { winner: LocalizedText; total: LocalizedText; handicap: LocalizedText },
  p: { win1: number; totalOver: number; handicap1: number },
): PricedMarket[] {
  const { lines } = sim;
  return [
    market(0, names.winner, twoWay('1', '2', p.win1)),
    overUnder(1, names.total, lines.total, p.totalOver),
    handicapMarket(2, names.handicap, lines.handicap, p.handicap1),
  ];
}

/** The goal sports' markets (football, ice hockey) from the distribution of the final (regular-time) score. */
export function goalsMarkets(sim: Simulation, cells: ScoreCell[]): PricedMarket[] {
  const { lines } = sim;
  const win1 = sum(cells, (a, b) => a > b);
  const draw = sum(cells, (a, b) => a === b);
  const win2 = sum(cells, (a, b) => a < b);
  const totalOver = sum(cells, (a, b) => a + b > lines.total);
  const handicap1 = sum(cells, (a, b) => a + lines.handicap > b);
  const hockey = sim.sport === 'ice_hockey';
  const markets: PricedMarket[] = [
    market(0, hockey ? NAMES.regularTime : NAMES.result, [
      { label: '1', probability: win1 },
      { label: 'X', probability: draw },
      { label: '2', probability: win2 },
    ]),
    overUnder(1, NAMES.totalGoals, lines.total, totalOver),
    market(2, NAMES.doubleChance, [
      { label: '1X', probability: win1 + draw },
      { label: '12', probability: win1 + win2 },
      { label: 'X2', probability: draw + win2 },
    ]),
    handicapMarket(3, NAMES.handicap, lines.handicap, handicap1),
  ];
  if (!hockey) {
    const both = sum(cells, (a, b) => a > 0 && b > 0);
    markets.push(market(4, NAMES.bothScore, twoWay('GG', 'NG', both)));
  }
  return markets;
}

/** Basketball's markets from the chances that team 1 wins, the total goes over its line and team 1 covers. */
export function pointsMarkets(
  sim: Simulation,
  p: { win1: number; totalOver: number; handicap1: number },
): PricedMarket[] {
  return winnerTotalHandicap(
    sim,
    { winner: NAMES.winnerOvertime, total: NAMES.totalPoints, handicap: NAMES.handicap },
    p,
  );
}

/**
 * The set sports' markets: winner, the total (games in tennis's best of three, sets otherwise), the set handicap, and
 * tennis's first-set winner.
 */
export function setsMarkets(
  sim: Simulation,
  p: { win1: number; totalOver: number; handicap1: number; firstSet1: number },
): PricedMarket[] {
  const { model } = sim;
  const bestOfThree = model.kind === 'sets' && model.bestOf === 3;
  const markets = winnerTotalHandicap(
    sim,
    { winner: NAMES.winner, total: bestOfThree ? NAMES.totalGames : NAMES.totalSets, handicap: NAMES.setHandicap },
    p,
  );
  if (bestOfThree) markets.push(market(3, NAMES.firstSet, twoWay('1', '2', p.firstSet1)));
  return markets;
}

/** Every market of the match with its true probabilities (before the margin). */
export function priceMarkets(sim: Simulation): PricedMarket[] {
  const { model, lines } = sim;
  switch (model.kind) {
    case 'goals':
      return goalsMarkets(sim, goalsGrid(model));
    case 'points':
      return pointsMarkets(sim, {
        win1: normalCdf(model.margin / POINTS_MARGIN_SD),
        totalOver: 1 - normalCdf((lines.total - model.total) / POINTS_TOTAL_SD),
        handicap1: normalCdf((model.margin + lines.handicap) / POINTS_MARGIN_SD),
      });
    case 'sets': {
      const scores = setScoreProbabilities(model.p, model.bestOf);
      let win1 = 0;
      let setsOver = 0;
      let handicap1 = 0;
      for (const [score, probability] of scores) {
        const [a, b] = score.split('-').map(Number) as [number, number];
        if (a > b) win1 += probability;
        if (a + b > lines.total) setsOver += probability;
        if (a + lines.handicap > b) handicap1 += probability;
      }
      let totalOver = setsOver;
      if (model.bestOf === 3) {
        // Games: about 20 in straight sets, about 30 over three.
        const straight = scores.get('2-0')! + scores.get('0-2')!;
        totalOver =
          straight * (1 - normalCdf((lines.total - 20) / 2.5)) +
          (1 - straight) * (1 - normalCdf((lines.total - 30) / 3));
      }
      return setsMarkets(sim, { win1, totalOver, handicap1, firstSet1: model.p });
    }
  }
}

/** Steps of the odds ladder (in thousandths) from each lower bound up. */
const LADDER: [from: number, step: number][] = [
  [30_000, 2_000],
  [20_000, 1_000],
  [10_000, 500],
  [6_000, 200],
  [4_000, 100],
  [3_000, 50],
  [2_000, 20],
  [1_000, 10],
];
export const MIN_ODD = 1_010;
export const MAX_ODD = 40_000;

/**
 * A fair probability as a bookmaker's decimal odd in thousandths: the margin taken, then rounded down onto the
 * ladder (never up, so the book keeps at least its margin), between 1.01 and 40.
 */
export function oddFor(probability: number, margin: number): number {
  const p = Math.min(0.995, Math.max(0.0001, probability));
  const fair = Math.floor(1000 / (p * (1 + margin)));
  const capped = Math.min(MAX_ODD, Math.max(MIN_ODD, fair));
  const [, step] = LADDER.find(([from]) => capped >= from)!;
  return Math.max(MIN_ODD, Math.floor(capped / step) * step);
}

// Results

/** A final result drawn from the model. Ice hockey's periods are the three regular periods plus any overtime. */
export function sampleResult(sim: Simulation, random: Random): MatchResult {
  const { model } = sim;
  switch (model.kind) {
    case 'goals': {
      if (sim.sport === 'ice_hockey') {
        const periods: [number, number][] = [0, 1, 2].map(() => [
          samplePoisson(model.home / 3, random),
          samplePoisson(model.away / 3, random),
        ]);
        let score1 = periods.reduce((total, [a]) => total + a, 0);
        let score2 = periods.reduce((total, [, b]) => total + b, 0);
        if (score1 === score2) {
          const first = random() < model.home / (model.home + model.away);
          periods.push(first ? [1, 0] : [0, 1]);
          if (first) score1++;
          else score2++;
        }
        return { score1, score2, periods };
      }
      const score1 = samplePoisson(model.home, random);
      const score2 = samplePoisson(model.away, random);
      const firstHalf = (goals: number) => Array.from({ length: goals }).filter(() => random() < 0.45).length;
      const half1: [number, number] = [firstHalf(score1), firstHalf(score2)];
      return { score1, score2, periods: [half1, [score1 - half1[0], score2 - half1[1]]] };
    }
    case 'points': {
      const margin = Math.round(sampleNormal(model.margin, POINTS_MARGIN_SD, random));
      const total = Math.max(60, Math.round(sampleNormal(model.total, POINTS_TOTAL_SD, random)));
      let score1 = Math.round((total + margin) / 2);
      let score2 = total - score1;
      const periods: [number, number][] = [[score1, score2]];
      while (score1 === score2) {
        const extra: [number, number] = [8 + Math.floor(random() * 8), 8 + Math.floor(random() * 8)];
        periods.push(extra);
        score1 += extra[0];
        score2 += extra[1];
      }
      return { score1, score2, periods };
    }
    case 'sets': {
      const need = (model.bestOf + 1) / 2;
      const periods: [number, number][] = [];
      let won1 = 0;
      let won2 = 0;
      while (won1 < need && won2 < need) {
        const first = random() < model.p;
        const decider = won1 + won2 === model.bestOf - 1;
        const [winner, loser] = setScore(sim.sport, decider, random);
        periods.push(first ? [winner, loser] : [loser, winner]);
        if (first) won1++;
        else won2++;
      }
      return { score1: won1, score2: won2, periods };
    }
  }
}

/** The winner's and the loser's points (or games) in one set. */
function setScore(sport: SportKey, decider: boolean, random: Random): [number, number] {
  const roll = random();
  if (sport === 'tennis') {
    if (roll < 0.12) return [7, 6];
    if (roll < 0.25) return [7, 5];
    return [6, Math.floor(random() * 5)];
  }
  if (sport === 'volleyball') {
    const target = decider ? 15 : 25;
    if (roll < 0.2) {
      const extra = Math.floor(random() * 4);
      return [target + 1 + extra, target - 1 + extra];
    }
    return [target, target - 2 - Math.floor(random() * (decider ? 8 : 10))];
  }
  if (roll < 0.2) {
    const extra = Math.floor(random() * 3);
    return [12 + extra, 10 + extra];
  }
  return [11, Math.floor(random() * 10)];
}

/** How each outcome of each market ends, from a final result. */
export function settleMarkets(sim: Simulation, result: MatchResult): Map<number, Map<string, SelectionResult>> {
  const { lines, model } = sim;
  const [h1, h2] = handicapLabels(lines.handicap);
  const settled = new Map<number, Map<string, SelectionResult>>();
  const decide = (k: number, winners: string[], all: string[]) =>
    settled.set(k, new Map(all.map((label) => [label, winners.includes(label) ? 'won' : 'lost'])));

  let a = result.score1;
  let b = result.score2;
  if (sim.sport === 'ice_hockey' && result.periods) {
    // Hockey markets are on regular time: the first three periods.
    a = result.periods.slice(0, 3).reduce((total, [x]) => total + x, 0);
    b = result.periods.slice(0, 3).reduce((total, [, y]) => total + y, 0);
  }
  const outcome1x2 = a > b ? '1' : a < b ? '2' : 'X';
  const totalOf = () => {
    if (model.kind === 'sets' && model.bestOf === 3) {
      return (result.periods ?? []).reduce((total, [x, y]) => total + x + y, 0);
    }
    return a + b;
  };
  const totalLabels = [over(lines.total), under(lines.total)];
  const total = totalOf();
  const handicapWinner = a + lines.handicap > b ? h1 : h2;

  switch (model.kind) {
    case 'goals':
      decide(0, [outcome1x2], ['1', 'X', '2']);
      decide(1, [total > lines.total ? over(lines.total) : under(lines.total)], totalLabels);
      decide(
        2,
        ['1X', '12', 'X2'].filter((label) => label.includes(outcome1x2)),
        ['1X', '12', 'X2'],
      );
      decide(3, [handicapWinner], [h1, h2]);
      if (sim.sport !== 'ice_hockey') decide(4, [a > 0 && b > 0 ? 'GG' : 'NG'], ['GG', 'NG']);
      break;
    case 'points':
    case 'sets':
      decide(0, [a > b ? '1' : '2'], ['1', '2']);
      decide(1, [total > lines.total ? over(lines.total) : under(lines.total)], totalLabels);
      decide(2, [handicapWinner], [h1, h2]);
      if (model.kind === 'sets' && model.bestOf === 3) {
        const [first] = result.periods ?? [];
        decide(3, [first && first[0] > first[1] ? '1' : '2'], ['1', '2']);
      }
      break;
  }
  return settled;
}
