import type { Multiplier } from './multiplier';

/**
 * "Lucky Reels": five reels, three rows, ten fixed paylines. Each reel stops at a position drawn from one float; a
 * line pays when three or more equal symbols run from the leftmost reel, the wild standing in for any symbol. The
 * bet is spread over the ten lines, so a spin pays (sum of the line pays) / 10 times the bet.
 */
export const SLOT_SYMBOLS = ['wild', 'crown', 'diamond', 'bell', 'seven', 'cherry', 'lemon', 'plum', 'grape'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

export const SLOT_REELS = 5;
export const SLOT_ROWS = 3;
export const SLOT_FLOATS = SLOT_REELS;

/** Rows (0 top, 1 middle, 2 bottom) a line crosses on reels 1 to 5. */
export const SLOT_PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
];

/** Line pays in line bets for 3, 4 and 5 of a kind. */
export const SLOT_PAYTABLE: Record<SlotSymbol, readonly [number, number, number]> = {
  wild: [25, 150, 1000],
  crown: [20, 100, 500],
  diamond: [15, 60, 250],
  bell: [10, 40, 150],
  seven: [8, 25, 100],
  cherry: [5, 15, 60],
  lemon: [4, 10, 40],
  plum: [3, 8, 30],
  grape: [2, 6, 20],
};

/** How many of each symbol each reel strip holds; the order on the strip only changes how a spin looks. */
const REEL_COUNTS: readonly Record<SlotSymbol, number>[] = [
  { wild: 3, crown: 3, diamond: 1, bell: 3, seven: 3, cherry: 4, lemon: 5, plum: 3, grape: 6 },
  { wild: 2, crown: 3, diamond: 2, bell: 2, seven: 1, cherry: 4, lemon: 2, plum: 5, grape: 3 },
  { wild: 2, crown: 3, diamond: 2, bell: 2, seven: 1, cherry: 4, lemon: 2, plum: 5, grape: 3 },
  { wild: 2, crown: 3, diamond: 2, bell: 2, seven: 1, cherry: 4, lemon: 2, plum: 5, grape: 3 },
  { wild: 3, crown: 3, diamond: 1, bell: 3, seven: 3, cherry: 4, lemon: 5, plum: 3, grape: 6 },
];

/** Deals the symbols round-robin, rarest first, so equal symbols are spread along the strip instead of clumped. */
function buildStrip(counts: Record<SlotSymbol, number>): SlotSymbol[] {
  const remaining = new Map(SLOT_SYMBOLS.map((symbol) => [symbol, counts[symbol]]));
  const strip: SlotSymbol[] = [];
  while ([...remaining.values()].some((left) => left > 0)) {
    for (const symbol of SLOT_SYMBOLS) {
      const left = remaining.get(symbol)!;
      if (left > 0) {
        strip.push(symbol);
        remaining.set(symbol, left - 1);
      }
    }
  }
  return strip;
}

export const SLOT_STRIPS: readonly (readonly SlotSymbol[])[] = REEL_COUNTS.map(buildStrip);

export interface LineWin {
  /** Index into SLOT_PAYLINES. */
  line: number;
  symbol: SlotSymbol;
  count: number;
  /** In line bets. */
  pay: number;
}

export interface SlotOutcome {
  /** Stop position on each reel's strip. */
  stops: number[];
  /** grid[reel][row]. */
  grid: SlotSymbol[][];
  wins: LineWin[];
  multiplier: Multiplier;
}

function payFor(symbol: SlotSymbol, count: number): number {
  return count >= 3 ? SLOT_PAYTABLE[symbol][count - 3]! : 0;
}

/** The best pay of one line's five symbols, left to right. */
export function evaluateLine(symbols: readonly SlotSymbol[]): { symbol: SlotSymbol; count: number; pay: number } {
  let wildRun = 0;
  while (wildRun < symbols.length && symbols[wildRun] === 'wild') wildRun += 1;
  const wildPay = payFor('wild', wildRun);
  if (wildRun === symbols.length) return { symbol: 'wild', count: wildRun, pay: wildPay };
  const symbol = symbols[wildRun]!;
  let run = wildRun;
  while (run < symbols.length && (symbols[run] === symbol || symbols[run] === 'wild')) run += 1;
  const symbolPay = payFor(symbol, run);
  return symbolPay >= wildPay
    ? { symbol, count: run, pay: symbolPay }
    : { symbol: 'wild', count: wildRun, pay: wildPay };
}

export function playSlot(floats: readonly number[]): SlotOutcome {
  const stops = SLOT_STRIPS.map((strip, reel) => Math.floor(floats[reel]! * strip.length));
  const grid = SLOT_STRIPS.map((strip, reel) =>
    Array.from({ length: SLOT_ROWS }, (_, row) => strip[(stops[reel]! + row) % strip.length]!),
  );
  const wins: LineWin[] = [];
  const line: SlotSymbol[] = [];
  for (let index = 0; index < SLOT_PAYLINES.length; index += 1) {
    const rows = SLOT_PAYLINES[index]!;
    for (let reel = 0; reel < SLOT_REELS; reel += 1) line[reel] = grid[reel]![rows[reel]!]!;
    const result = evaluateLine(line);
    if (result.pay > 0) wins.push({ line: index, ...result });
  }
  const totalPay = wins.reduce((sum, win) => sum + win.pay, 0);
  return { stops, grid, wins, multiplier: { numerator: totalPay, denominator: SLOT_PAYLINES.length } };
}

/**
 * The exact return to player. Every line reads one symbol per reel, and each reel's symbol at any row follows that
 * reel's symbol frequencies, independently of the other reels; so every line has the same expected pay, and the
 * spin's expected multiplier (sum of lines / lines) equals it. Enumerating the 9⁵ symbol sequences gives it exactly.
 */
export function slotRtp(): number {
  const frequencies = SLOT_STRIPS.map((strip) =>
    SLOT_SYMBOLS.map((symbol) => strip.filter((item) => item === symbol).length / strip.length),
  );
  let expected = 0;
  const sequence: SlotSymbol[] = [];
  const visit = (reel: number, probability: number) => {
    if (probability === 0) return;
    if (reel === SLOT_REELS) {
      expected += probability * evaluateLine(sequence).pay;
      return;
    }
    SLOT_SYMBOLS.forEach((symbol, index) => {
      sequence[reel] = symbol;
      visit(reel + 1, probability * frequencies[reel]![index]!);
    });
  };
  visit(0, 1);
  return expected;
}
