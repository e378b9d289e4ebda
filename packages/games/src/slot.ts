import type { Multiplier } from './multiplier';
import { evaluateLineFor, playSlotConfig, slotConfigRtp, slotStrips, type SlotConfig } from './slots/engine';

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

/** Lucky Reels as a configuration of the slot engine (slots/engine.ts): the first of the configurations. */
export const LUCKY_REELS: SlotConfig<SlotSymbol> = {
  id: 'lucky-reels',
  reels: SLOT_REELS,
  rows: SLOT_ROWS,
  symbols: SLOT_SYMBOLS,
  wild: 'wild',
  scatter: null,
  reelCounts: REEL_COUNTS,
  evaluation: { kind: 'lines', paylines: SLOT_PAYLINES },
  paytable: Object.fromEntries(SLOT_SYMBOLS.map((symbol) => [symbol, [0, 0, 0, ...SLOT_PAYTABLE[symbol]]])),
  coins: SLOT_PAYLINES.length,
  volatility: 'medium',
};

export const SLOT_STRIPS: readonly (readonly SlotSymbol[])[] = slotStrips(LUCKY_REELS);

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

/** The best pay of one line's five symbols, left to right. */
export function evaluateLine(symbols: readonly SlotSymbol[]): { symbol: SlotSymbol; count: number; pay: number } {
  return evaluateLineFor(LUCKY_REELS, symbols);
}

export function playSlot(floats: readonly number[]): SlotOutcome {
  const { stops, grid, wins, multiplier } = playSlotConfig(LUCKY_REELS, floats);
  return { stops, grid, wins: wins.filter((win): win is LineWin => 'line' in win), multiplier };
}

/**
 * The exact return to player. Every line reads one symbol per reel, and each reel's symbol at any row follows that
 * reel's symbol frequencies, independently of the other reels; so every line has the same expected pay, and the
 * spin's expected multiplier (sum of lines / lines) equals it. Enumerating the 9⁵ symbol sequences gives it exactly.
 */
export function slotRtp(): number {
  return slotConfigRtp(LUCKY_REELS).rtp;
}
