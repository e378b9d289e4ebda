import type { Multiplier } from '../multiplier';
import type { FloatSource } from './cards';
import { IllegalActionError, LOSE, settledBet, settlementOf, type TableRound, type TableSettlement } from './round';

/**
 * Roulette. One float picks the pocket: floor(f × pockets) indexes the wheel's pockets in their order round the wheel,
 * so the screen can land the ball where the numbers say.
 * - European: 37 pockets, one zero; every bet pays 36/n for n numbers covered (35:1 … 1:1), so every bet returns
 *   36/37 = 97.30%.
 * - French: the European wheel and layout with la partage: on zero, even-money bets (red/black, odd/even, low/high)
 *   return half their stake; those bets return 73/74 = 98.65%, the others 97.30%.
 * - American: 38 pockets (0 and 00); every bet returns 36/38 = 94.74% except the five-number top line (0-00-1-2-3,
 *   6:1), 35/38 = 92.11%.
 * Inside bets: straight (35:1), split (17:1, two neighbours on the layout, zeros included), street (11:1, a row of three
 * or a zero trio: 0-1-2 and 0-2-3 in European; 0-1-2, 0-00-2 and 00-2-3 in American), corner (8:1, four numbers
 * meeting at a corner, and European "first four" 0-1-2-3), six line (5:1, two rows), top line (American 0-00-1-2-3,
 * 6:1). Outside bets: red, black, odd, even, low 1–18, high 19–36 (1:1), dozens and columns (2:1); zeros lose them.
 */
export const ROULETTE_VARIANTS = ['european', 'french', 'american'] as const;
export type RouletteVariant = (typeof ROULETTE_VARIANTS)[number];

/** The American double zero, numbered 37 inside the engine and shown as "00". */
export const DOUBLE_ZERO = 37;

export const EUROPEAN_WHEEL: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7,
  28, 12, 35, 3, 26,
];
export const AMERICAN_WHEEL: readonly number[] = [
  0,
  28,
  9,
  26,
  30,
  11,
  7,
  20,
  32,
  17,
  5,
  22,
  34,
  15,
  3,
  24,
  36,
  13,
  1,
  DOUBLE_ZERO,
  27,
  10,
  25,
  29,
  12,
  8,
  19,
  31,
  18,
  6,
  21,
  33,
  16,
  4,
  23,
  35,
  14,
  2,
];

export function rouletteWheel(variant: RouletteVariant): readonly number[] {
  return variant === 'american' ? AMERICAN_WHEEL : EUROPEAN_WHEEL;
}

export const RED_NUMBERS: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

export function pocketName(pocket: number): string {
  return pocket === DOUBLE_ZERO ? '00' : String(pocket);
}

export const INSIDE_BETS = ['straight', 'split', 'street', 'corner', 'six_line', 'top_line'] as const;
export const EVEN_MONEY_BETS = ['red', 'black', 'odd', 'even', 'low', 'high'] as const;
export const DOZEN_BETS = ['dozen', 'column'] as const;
export type InsideBetKind = (typeof INSIDE_BETS)[number];
export type EvenMoneyBetKind = (typeof EVEN_MONEY_BETS)[number];
export type DozenBetKind = (typeof DOZEN_BETS)[number];
export type RouletteBetKind = InsideBetKind | EvenMoneyBetKind | DozenBetKind;

export type RouletteBet =
  | { kind: InsideBetKind; numbers: number[]; stake: bigint }
  | { kind: EvenMoneyBetKind; stake: bigint }
  | { kind: DozenBetKind; index: 1 | 2 | 3; stake: bigint };

export interface RouletteBets {
  bets: RouletteBet[];
}

export const ROULETTE_MAX_BETS = 200;
export const ROULETTE_FLOATS = 1;

function key(kind: string, numbers: readonly number[]): string {
  return `${kind}:${[...numbers].sort((a, b) => a - b).join('-')}`;
}

/** Every inside bet the layout takes, by kind and the sorted numbers it covers. */
function insideBets(variant: RouletteVariant): Map<string, { kind: InsideBetKind; numbers: number[] }> {
  const bets = new Map<string, { kind: InsideBetKind; numbers: number[] }>();
  const add = (kind: InsideBetKind, numbers: number[]) => bets.set(key(kind, numbers), { kind, numbers });
  const zeros = variant === 'american' ? [0, DOUBLE_ZERO] : [0];
  for (const zero of zeros) add('straight', [zero]);
  for (let number = 1; number <= 36; number += 1) {
    add('straight', [number]);
    if (number % 3 !== 0) add('split', [number, number + 1]);
    if (number <= 33) add('split', [number, number + 3]);
    if (number % 3 === 1) add('street', [number, number + 1, number + 2]);
    if (number % 3 !== 0 && number <= 32) add('corner', [number, number + 1, number + 3, number + 4]);
    if (number % 3 === 1 && number <= 31)
      add('six_line', [number, number + 1, number + 2, number + 3, number + 4, number + 5]);
  }
  if (variant === 'american') {
    for (const pair of [
      [0, 1],
      [0, 2],
      [DOUBLE_ZERO, 2],
      [DOUBLE_ZERO, 3],
      [0, DOUBLE_ZERO],
    ]) {
      add('split', pair);
    }
    add('street', [0, 1, 2]);
    add('street', [0, DOUBLE_ZERO, 2]);
    add('street', [DOUBLE_ZERO, 2, 3]);
    add('top_line', [0, DOUBLE_ZERO, 1, 2, 3]);
  } else {
    add('split', [0, 1]);
    add('split', [0, 2]);
    add('split', [0, 3]);
    add('street', [0, 1, 2]);
    add('street', [0, 2, 3]);
    add('corner', [0, 1, 2, 3]);
  }
  return bets;
}

const INSIDE_BY_VARIANT: Record<RouletteVariant, Map<string, { kind: InsideBetKind; numbers: number[] }>> = {
  european: insideBets('european'),
  french: insideBets('french'),
  american: insideBets('american'),
};

/** Every inside bet of the variant's layout (for the table's screen and the RTP check). */
export function rouletteInsideBets(variant: RouletteVariant): { kind: InsideBetKind; numbers: number[] }[] {
  return [...INSIDE_BY_VARIANT[variant].values()];
}

function isKind<T extends string>(list: readonly T[], kind: string): kind is T {
  return (list as readonly string[]).includes(kind);
}

export function validateRouletteBets(variant: RouletteVariant, { bets }: RouletteBets): string | null {
  if (!Array.isArray(bets) || bets.length === 0) return 'place at least one bet';
  if (bets.length > ROULETTE_MAX_BETS) return `place at most ${ROULETTE_MAX_BETS} bets`;
  for (const bet of bets) {
    if (typeof bet.stake !== 'bigint' || bet.stake <= 0n) return 'each bet needs a positive stake';
    if (isKind(INSIDE_BETS, bet.kind)) {
      if (!('numbers' in bet) || !Array.isArray(bet.numbers)) return `a ${bet.kind} bet names its numbers`;
      if (!INSIDE_BY_VARIANT[variant].has(key(bet.kind, bet.numbers))) {
        return `${bet.kind} ${bet.numbers.map(pocketName).join('-')} is not a bet on this table`;
      }
    } else if (isKind(DOZEN_BETS, bet.kind)) {
      if (!('index' in bet) || ![1, 2, 3].includes(bet.index)) return `a ${bet.kind} bet names its index, 1 to 3`;
    } else if (!isKind(EVEN_MONEY_BETS, bet.kind)) {
      return 'unknown bet';
    }
  }
  return null;
}

/** The numbers a bet covers. */
export function betNumbers(bet: RouletteBet): number[] {
  switch (bet.kind) {
    case 'straight':
    case 'split':
    case 'street':
    case 'corner':
    case 'six_line':
    case 'top_line':
      return bet.numbers;
    case 'dozen':
      return Array.from({ length: 12 }, (_, index) => (bet.index - 1) * 12 + index + 1);
    case 'column':
      return Array.from({ length: 12 }, (_, index) => index * 3 + bet.index);
    case 'red':
      return [...RED_NUMBERS];
    case 'black':
      return range(1, 36).filter((number) => !RED_NUMBERS.has(number));
    case 'odd':
      return range(1, 36).filter((number) => number % 2 === 1);
    case 'even':
      return range(1, 36).filter((number) => number % 2 === 0);
    case 'low':
      return range(1, 18);
    case 'high':
      return range(19, 36);
  }
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

/** What a winning bet returns, stake included: 36/n for n numbers, the American top line 7 (6:1). */
export function rouletteWinMultiplier(bet: RouletteBet): Multiplier {
  if (bet.kind === 'top_line') return { numerator: 7, denominator: 1 };
  return { numerator: 36 / betNumbers(bet).length, denominator: 1 };
}

/** The multiplier of one bet once the ball has landed in `pocket`. */
export function rouletteBetMultiplier(variant: RouletteVariant, bet: RouletteBet, pocket: number): Multiplier {
  if (betNumbers(bet).includes(pocket)) return rouletteWinMultiplier(bet);
  if (variant === 'french' && pocket === 0 && isKind(EVEN_MONEY_BETS, bet.kind))
    return { numerator: 1, denominator: 2 };
  return LOSE;
}

export function betLabel(bet: RouletteBet): string {
  if ('numbers' in bet) return `${bet.kind} ${bet.numbers.map(pocketName).join('-')}`;
  if ('index' in bet) return `${bet.kind} ${bet.index}`;
  return bet.kind;
}

export interface RouletteView {
  variant: RouletteVariant;
  /** The winning number (37 is "00"). */
  pocket: number;
  /** Its place on the wheel, counted from the zero clockwise. */
  wheelIndex: number;
  color: 'green' | 'red' | 'black';
}

export class RouletteRound implements TableRound<never, RouletteView> {
  readonly finished = true;
  private readonly wheelIndex: number;

  constructor(
    private readonly variant: RouletteVariant,
    private readonly bets: RouletteBets,
    next: FloatSource,
  ) {
    this.wheelIndex = Math.floor(next() * rouletteWheel(variant).length);
  }

  get pocket(): number {
    return rouletteWheel(this.variant)[this.wheelIndex]!;
  }

  allowedActions(): readonly string[] {
    return [];
  }

  act(): bigint {
    throw new IllegalActionError('a roulette round has no actions');
  }

  view(): RouletteView {
    const pocket = this.pocket;
    const color = pocket === 0 || pocket === DOUBLE_ZERO ? 'green' : RED_NUMBERS.has(pocket) ? 'red' : 'black';
    return { variant: this.variant, pocket, wheelIndex: this.wheelIndex, color };
  }

  settlement(): TableSettlement {
    return settlementOf(
      this.bets.bets.map((bet) =>
        settledBet(betLabel(bet), bet.stake, rouletteBetMultiplier(this.variant, bet, this.pocket)),
      ),
    );
  }
}
