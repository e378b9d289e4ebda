import { LUCKY_REELS, SLOT_PAYLINES } from '../slot';
import type { SlotConfig } from './engine';

/**
 * The slot configurations: data for the one engine in engine.ts. Premium symbols are p1 (best) to p4, card symbols
 * ace to nine; a title themes them with its own art (p1 a pharaoh in one game, a dragon in another), so the symbol ids
 * stay neutral. Each configuration's RTP is computed exactly from these numbers (engine.ts, checked in
 * configs.test.ts), its volatility label from ten million simulated spins (scripts/rtp.ts, docs/decisions.md).
 */

/** The 25 lines of a 5×3 game; the first 10 are Lucky Reels' lines, the first 20 the 20-line games'. */
export const PAYLINES_25: readonly (readonly number[])[] = [
  ...SLOT_PAYLINES,
  [2, 1, 1, 1, 2],
  [1, 0, 1, 0, 1],
  [1, 2, 1, 2, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
  [2, 0, 0, 0, 2],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [1, 0, 2, 0, 1],
  [1, 2, 0, 2, 1],
];
export const PAYLINES_20 = PAYLINES_25.slice(0, 20);

/** The five lines of a 3×3 game: the rows and the diagonals. */
export const PAYLINES_3X3: readonly (readonly number[])[] = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

type Card = 'ace' | 'king' | 'queen' | 'jack' | 'ten' | 'nine';
type Premium = 'p1' | 'p2' | 'p3' | 'p4';

/** Fruit classic: three reels, five lines, no wild or feature; cherries pay two in a row. Low volatility. */
export type FruitSymbol = 'seven' | 'bar' | 'bell' | 'plum' | 'orange' | 'lemon' | 'cherry';
const FRUIT_REEL: Record<FruitSymbol, number> = { seven: 1, bar: 2, bell: 3, plum: 4, orange: 4, lemon: 4, cherry: 4 };
export const FRUIT_CLASSIC: SlotConfig<FruitSymbol> = {
  id: 'fruit-classic',
  reels: 3,
  rows: 3,
  symbols: ['seven', 'bar', 'bell', 'plum', 'orange', 'lemon', 'cherry'],
  wild: null,
  scatter: null,
  reelCounts: [FRUIT_REEL, FRUIT_REEL, FRUIT_REEL],
  evaluation: { kind: 'lines', paylines: PAYLINES_3X3 },
  paytable: {
    seven: [0, 0, 0, 400],
    bar: [0, 0, 0, 125],
    bell: [0, 0, 0, 65],
    plum: [0, 0, 0, 35],
    orange: [0, 0, 0, 20],
    lemon: [0, 0, 0, 20],
    cherry: [0, 0, 4, 17],
  },
  coins: 5,
  volatility: 'low',
};

/**
 * Book: 5×3, ten lines; the book is both the wild and the scatter. Three books or more pay and start ten free spins
 * at triple pay. High volatility: most of the return sits in the feature and the premium five of a kind.
 */
export type BookSymbol = 'book' | Premium | Exclude<Card, 'nine'>;
const BOOK_SYMBOLS: readonly BookSymbol[] = ['book', 'p1', 'p2', 'p3', 'p4', 'ace', 'king', 'queen', 'jack', 'ten'];
const bookReel = (books: number): Partial<Record<BookSymbol, number>> => ({
  book: books,
  p1: 1,
  p2: 2,
  p3: 3,
  p4: 3,
  ace: 5,
  king: 5,
  queen: 6,
  jack: 6,
  ten: 6,
});
export const BOOK: SlotConfig<BookSymbol> = {
  id: 'book',
  reels: 5,
  rows: 3,
  symbols: BOOK_SYMBOLS,
  wild: 'book',
  scatter: 'book',
  reelCounts: [bookReel(2), bookReel(2), bookReel(2), bookReel(2), bookReel(2)],
  evaluation: { kind: 'lines', paylines: SLOT_PAYLINES },
  paytable: {
    p1: [0, 0, 4, 40, 400, 1900],
    p2: [0, 0, 2, 15, 155, 750],
    p3: [0, 0, 2, 11, 40, 300],
    p4: [0, 0, 2, 11, 40, 300],
    ace: [0, 0, 0, 2, 15, 55],
    king: [0, 0, 0, 2, 15, 55],
    queen: [0, 0, 0, 2, 10, 40],
    jack: [0, 0, 0, 2, 10, 40],
    ten: [0, 0, 0, 2, 10, 40],
  },
  coins: SLOT_PAYLINES.length,
  scatterPays: [0, 0, 0, 2, 20, 200],
  freeSpins: { trigger: 3, spins: 10, multiplier: 3 },
  volatility: 'high',
};

/** Riches: 5×3, twenty lines, a wild, scatters start eight free spins at double pay. Many small wins: low. */
export type LinesSymbol = 'wild' | 'scatter' | Premium | Card;
const LINES_SYMBOLS: readonly LinesSymbol[] = [
  'wild',
  'scatter',
  'p1',
  'p2',
  'p3',
  'p4',
  'ace',
  'king',
  'queen',
  'jack',
  'ten',
  'nine',
];
const linesReel = (wild: number, scatter: number): Partial<Record<LinesSymbol, number>> => ({
  wild,
  scatter,
  p1: 2,
  p2: 3,
  p3: 3,
  p4: 4,
  ace: 5,
  king: 5,
  queen: 6,
  jack: 6,
  ten: 7,
  nine: 7,
});
export const RICHES_20: SlotConfig<LinesSymbol> = {
  id: 'riches-20',
  reels: 5,
  rows: 3,
  symbols: LINES_SYMBOLS,
  wild: 'wild',
  scatter: 'scatter',
  reelCounts: [linesReel(2, 2), linesReel(2, 2), linesReel(2, 2), linesReel(2, 2), linesReel(2, 2)],
  evaluation: { kind: 'lines', paylines: PAYLINES_20 },
  paytable: {
    wild: [0, 0, 0, 155, 650, 3150],
    p1: [0, 0, 0, 80, 300, 1250],
    p2: [0, 0, 0, 65, 250, 800],
    p3: [0, 0, 0, 45, 155, 450],
    p4: [0, 0, 0, 40, 125, 400],
    ace: [0, 0, 0, 25, 65, 190],
    king: [0, 0, 0, 25, 65, 190],
    queen: [0, 0, 0, 16, 45, 155],
    jack: [0, 0, 0, 16, 45, 155],
    ten: [0, 0, 0, 13, 30, 125],
    nine: [0, 0, 0, 13, 30, 125],
  },
  coins: 20,
  scatterPays: [0, 0, 0, 2, 10, 50],
  freeSpins: { trigger: 3, spins: 8, multiplier: 2 },
  volatility: 'low',
};

/** Wild 25: 5×3, twenty-five lines, extra wilds on the middle reels paying on their own, scatters start ten free
 * spins at five times the pay. High. */
export const WILD_25: SlotConfig<LinesSymbol> = {
  ...RICHES_20,
  id: 'wild-25',
  reelCounts: [linesReel(2, 2), linesReel(4, 2), linesReel(4, 2), linesReel(4, 2), linesReel(2, 2)],
  evaluation: { kind: 'lines', paylines: PAYLINES_25 },
  paytable: {
    wild: [0, 0, 0, 120, 1200, 6000],
    p1: [0, 0, 0, 45, 170, 900],
    p2: [0, 0, 0, 40, 120, 450],
    p3: [0, 0, 0, 25, 70, 250],
    p4: [0, 0, 0, 17, 60, 170],
    ace: [0, 0, 0, 9, 25, 90],
    king: [0, 0, 0, 9, 25, 90],
    queen: [0, 0, 0, 6, 17, 60],
    jack: [0, 0, 0, 6, 17, 60],
    ten: [0, 0, 0, 5, 12, 45],
    nine: [0, 0, 0, 5, 12, 45],
  },
  coins: 25,
  scatterPays: [0, 0, 0, 2, 10, 100],
  freeSpins: { trigger: 3, spins: 10, multiplier: 5 },
  volatility: 'high',
};

/** 243 ways: 5×3, every way pays, wilds on reels 2–5, scatters start twelve free spins at double pay. Low. */
const waysReel = (wild: number, scatter: number, moreLow: number): Partial<Record<LinesSymbol, number>> => ({
  wild,
  scatter,
  p1: 2,
  p2: 3,
  p3: 3,
  p4: 4,
  ace: 5,
  king: 5,
  queen: 6,
  jack: 6 + moreLow,
  ten: 7 + moreLow,
  nine: 7 + moreLow,
});
const waysReels = (reels: number, moreLow: number) =>
  Array.from({ length: reels }, (_, reel) => waysReel(reel === 0 ? 0 : 2, 2, moreLow));
export const WAYS_243: SlotConfig<LinesSymbol> = {
  id: 'ways-243',
  reels: 5,
  rows: 3,
  symbols: LINES_SYMBOLS,
  wild: 'wild',
  scatter: 'scatter',
  reelCounts: waysReels(5, 2),
  evaluation: { kind: 'ways' },
  paytable: {
    p1: [0, 0, 0, 80, 350, 1650],
    p2: [0, 0, 0, 65, 250, 800],
    p3: [0, 0, 0, 50, 165, 500],
    p4: [0, 0, 0, 40, 130, 400],
    ace: [0, 0, 0, 25, 65, 195],
    king: [0, 0, 0, 25, 65, 195],
    queen: [0, 0, 0, 16, 50, 165],
    jack: [0, 0, 0, 16, 50, 165],
    ten: [0, 0, 0, 13, 35, 130],
    nine: [0, 0, 0, 13, 35, 130],
  },
  coins: 50,
  scatterPays: [0, 0, 0, 2, 10, 50],
  freeSpins: { trigger: 3, spins: 12, multiplier: 2 },
  volatility: 'low',
};

/** 1024 ways: 5×4, every way pays, wilds on reels 2–5, scatters start ten free spins at triple pay. Medium. */
export const WAYS_1024: SlotConfig<LinesSymbol> = {
  ...WAYS_243,
  id: 'ways-1024',
  rows: 4,
  reelCounts: waysReels(5, 1),
  paytable: {
    p1: [0, 0, 0, 30, 130, 650],
    p2: [0, 0, 0, 25, 95, 300],
    p3: [0, 0, 0, 19, 65, 195],
    p4: [0, 0, 0, 16, 50, 155],
    ace: [0, 0, 0, 10, 25, 80],
    king: [0, 0, 0, 10, 25, 80],
    queen: [0, 0, 0, 6, 19, 65],
    jack: [0, 0, 0, 6, 19, 65],
    ten: [0, 0, 0, 5, 13, 50],
    nine: [0, 0, 0, 5, 13, 50],
  },
  coins: 100,
  freeSpins: { trigger: 3, spins: 10, multiplier: 3 },
  volatility: 'medium',
};

/** 4096 ways: 6×4, every way pays, wilds on reels 2–6, rare scatters start eight free spins at five times the pay. High. */
export const WAYS_4096: SlotConfig<LinesSymbol> = {
  ...WAYS_243,
  id: 'ways-4096',
  reels: 6,
  rows: 4,
  reelCounts: waysReels(6, -1).map((counts) => ({ ...counts, scatter: 1 })),
  paytable: {
    p1: [0, 0, 0, 85, 350, 1750, 8700],
    p2: [0, 0, 0, 70, 250, 850, 3450],
    p3: [0, 0, 0, 50, 175, 500, 1750],
    p4: [0, 0, 0, 40, 145, 400, 1450],
    ace: [0, 0, 0, 30, 70, 200, 700],
    king: [0, 0, 0, 30, 70, 200, 700],
    queen: [0, 0, 0, 17, 50, 175, 500],
    jack: [0, 0, 0, 17, 50, 175, 500],
    ten: [0, 0, 0, 14, 35, 145, 350],
    nine: [0, 0, 0, 14, 35, 145, 350],
  },
  coins: 400,
  freeSpins: { trigger: 3, spins: 8, multiplier: 5 },
  volatility: 'high',
};

/** Every configuration by id: what a catalogue entry names. */
export const SLOT_CONFIGS = {
  'lucky-reels': LUCKY_REELS,
  'fruit-classic': FRUIT_CLASSIC,
  book: BOOK,
  'riches-20': RICHES_20,
  'wild-25': WILD_25,
  'ways-243': WAYS_243,
  'ways-1024': WAYS_1024,
  'ways-4096': WAYS_4096,
} as const satisfies Record<string, SlotConfig<string>>;
export type SlotConfigId = keyof typeof SLOT_CONFIGS;
export const SLOT_CONFIG_IDS = Object.keys(SLOT_CONFIGS) as SlotConfigId[];

/**
 * Each configuration's exact return to player in basis points (`slotConfigRtp`, checked by configs.test.ts): stored
 * rather than computed on import, because the line enumeration takes a moment and the browser imports this module.
 */
export const SLOT_CONFIG_STATED_RTP_BP: Record<SlotConfigId, number> = {
  'lucky-reels': 9608,
  'fruit-classic': 9575,
  book: 9659,
  'riches-20': 9636,
  'wild-25': 9613,
  'ways-243': 9627,
  'ways-1024': 9534,
  'ways-4096': 9515,
};

/**
 * The largest multiple of the stake each configuration can pay in one round (`slotConfigMaxMultiplier`, a bound
 * including the free spins), rounded up: the wallet's win cap for a title must not be below it.
 */
export const SLOT_CONFIG_MAX_MULTIPLIER: Record<SlotConfigId, number> = {
  'lucky-reels': 1000,
  'fruit-classic': 400,
  book: 65_100,
  'riches-20': 54_400,
  'wild-25': 311_100,
  'ways-243': 19_820,
  'ways-1024': 10_093,
  'ways-4096': 55_807,
};
