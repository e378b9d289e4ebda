import { ACE, rankOf, suitOf, type Card } from './cards';

/**
 * Poker hand values as one comparable number: the category times 16⁵ plus up to five ranks (2–14) in base 16, most
 * significant first, so a higher number is a better hand and equal numbers tie (suits never break ties).
 */
export const POKER_CATEGORIES = [
  'high_card',
  'pair',
  'two_pair',
  'three_of_a_kind',
  'straight',
  'flush',
  'full_house',
  'four_of_a_kind',
  'straight_flush',
] as const;
export type PokerCategory = (typeof POKER_CATEGORIES)[number];

const BASE = 16 ** 5;

function score(category: number, ranks: readonly number[]): number {
  let value = 0;
  for (let index = 0; index < 5; index += 1) value = value * 16 + (ranks[index] ?? 0);
  return category * BASE + value;
}

export function categoryOf(handScore: number): PokerCategory {
  return POKER_CATEGORIES[Math.floor(handScore / BASE)]!;
}

/** The ranks in the score, most significant first (the straight's top card, the pair's rank, then kickers). */
export function scoreRanks(handScore: number): number[] {
  const ranks: number[] = [];
  let rest = handScore % BASE;
  for (let index = 0; index < 5; index += 1) {
    ranks.unshift(rest % 16);
    rest = Math.floor(rest / 16);
  }
  return ranks.filter((rank) => rank > 0);
}

/** The top card of the best straight in a set of ranks (bit r set for rank r; the ace also plays low), or 0. */
function straightTop(mask: number): number {
  const withLowAce = mask & (1 << ACE) ? mask | 2 : mask;
  for (let top = ACE; top >= 5; top -= 1) {
    const run = 0b11111 << (top - 4);
    if ((withLowAce & run) === run) return top;
  }
  return 0;
}

function topRanks(mask: number, count: number): number[] {
  const ranks: number[] = [];
  for (let rank = ACE; rank >= 2 && ranks.length < count; rank -= 1) if (mask & (1 << rank)) ranks.push(rank);
  return ranks;
}

// Scratch counters reused by every evaluation: the engines evaluate millions of hands in the RTP simulations, and
// JavaScript runs one evaluation at a time, so one set of counters is enough.
const counts = new Uint8Array(15);
const suitCounts = new Uint8Array(4);
const suitMasks = new Uint16Array(4);

/** The best five-card poker hand among five to seven cards. */
export function evaluatePoker(cards: readonly Card[]): number {
  counts.fill(0);
  suitCounts.fill(0);
  suitMasks.fill(0);
  let mask = 0;
  for (const card of cards) {
    const rank = rankOf(card);
    const suit = suitOf(card);
    counts[rank]! += 1;
    suitCounts[suit]! += 1;
    suitMasks[suit]! |= 1 << rank;
    mask |= 1 << rank;
  }
  const flushSuit = suitCounts.findIndex((count) => count >= 5);
  if (flushSuit >= 0) {
    const top = straightTop(suitMasks[flushSuit]!);
    if (top) return score(8, [top]);
  }
  let quads = 0;
  let trips = 0;
  let secondTrips = 0;
  const pairs: number[] = [];
  for (let rank = ACE; rank >= 2; rank -= 1) {
    const count = counts[rank]!;
    if (count === 4) quads = rank;
    else if (count === 3) {
      if (trips) secondTrips = rank;
      else trips = rank;
    } else if (count === 2) pairs.push(rank);
  }
  if (quads) return score(7, [quads, topRanks(mask & ~(1 << quads), 1)[0]!]);
  if (trips && (secondTrips || pairs.length)) return score(6, [trips, Math.max(secondTrips, pairs[0] ?? 0)]);
  if (flushSuit >= 0) return score(5, topRanks(suitMasks[flushSuit]!, 5));
  const top = straightTop(mask);
  if (top) return score(4, [top]);
  if (trips) return score(3, [trips, ...topRanks(mask & ~(1 << trips), 2)]);
  if (pairs.length >= 2) {
    const [high, low] = pairs as [number, number];
    return score(2, [high, low, topRanks(mask & ~(1 << high) & ~(1 << low), 1)[0]!]);
  }
  if (pairs.length === 1) return score(1, [pairs[0]!, ...topRanks(mask & ~(1 << pairs[0]!), 3)]);
  return score(0, topRanks(mask, 5));
}

export function isRoyalFlush(handScore: number): boolean {
  return categoryOf(handScore) === 'straight_flush' && scoreRanks(handScore)[0] === ACE;
}

/**
 * Three-card poker hands rank differently from five-card ones, because a straight is rarer than a flush with three
 * cards: straight flush, three of a kind, straight, flush, pair, high card. A-2-3 is the lowest straight, A-K-Q the
 * highest.
 */
export const THREE_CARD_CATEGORIES = [
  'high_card',
  'pair',
  'flush',
  'straight',
  'three_of_a_kind',
  'straight_flush',
] as const;
export type ThreeCardCategory = (typeof THREE_CARD_CATEGORIES)[number];

export function evaluateThreeCard(cards: readonly Card[]): number {
  const ranks = cards.map(rankOf).sort((a, b) => b - a) as [number, number, number];
  const flush = suitOf(cards[0]!) === suitOf(cards[1]!) && suitOf(cards[1]!) === suitOf(cards[2]!);
  const [a, b, c] = ranks;
  let straight = 0;
  if (a === b + 1 && b === c + 1) straight = a;
  else if (a === ACE && b === 3 && c === 2) straight = 3;
  if (straight && flush) return score(5, [straight]);
  if (a === c) return score(4, [a]);
  if (straight) return score(3, [straight]);
  if (flush) return score(2, ranks);
  if (a === b) return score(1, [a, c]);
  if (b === c) return score(1, [b, a]);
  return score(0, ranks);
}

export function threeCardCategory(handScore: number): ThreeCardCategory {
  return THREE_CARD_CATEGORIES[Math.floor(handScore / BASE)]!;
}
