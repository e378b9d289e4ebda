import { ACE, rankOf, type Card } from './cards';
import { cardPoints, handValue, type BlackjackActionType } from './blackjack';

/**
 * Total-dependent basic strategy for these rules (6 decks, dealer stands on soft 17, double any two, double after
 * split, split to four hands, no surrender, peek), as charted by the Wizard of Odds' basic strategy for 4–8 decks with
 * the dealer standing on soft 17. The RTP simulation plays it; never insurance.
 */
type Move = 'H' | 'S' | 'D' | 'Ds' | 'P';

/** Dealer up card 2..10, 11 for the ace → column 0..9. */
function column(upCard: Card): number {
  const rank = rankOf(upCard);
  const value = rank === ACE ? 11 : Math.min(rank, 10);
  return value - 2;
}

//                                     2    3    4    5    6    7    8    9    T    A
const HARD: Record<number, Move[]> = {
  9: ['H', 'D', 'D', 'D', 'D', 'H', 'H', 'H', 'H', 'H'],
  10: ['D', 'D', 'D', 'D', 'D', 'D', 'D', 'D', 'H', 'H'],
  11: ['D', 'D', 'D', 'D', 'D', 'D', 'D', 'D', 'D', 'H'],
  12: ['H', 'H', 'S', 'S', 'S', 'H', 'H', 'H', 'H', 'H'],
  13: ['S', 'S', 'S', 'S', 'S', 'H', 'H', 'H', 'H', 'H'],
  14: ['S', 'S', 'S', 'S', 'S', 'H', 'H', 'H', 'H', 'H'],
  15: ['S', 'S', 'S', 'S', 'S', 'H', 'H', 'H', 'H', 'H'],
  16: ['S', 'S', 'S', 'S', 'S', 'H', 'H', 'H', 'H', 'H'],
};

/** Soft totals 13 to 19. */
const SOFT: Record<number, Move[]> = {
  13: ['H', 'H', 'H', 'D', 'D', 'H', 'H', 'H', 'H', 'H'],
  14: ['H', 'H', 'H', 'D', 'D', 'H', 'H', 'H', 'H', 'H'],
  15: ['H', 'H', 'D', 'D', 'D', 'H', 'H', 'H', 'H', 'H'],
  16: ['H', 'H', 'D', 'D', 'D', 'H', 'H', 'H', 'H', 'H'],
  17: ['H', 'D', 'D', 'D', 'D', 'H', 'H', 'H', 'H', 'H'],
  18: ['S', 'Ds', 'Ds', 'Ds', 'Ds', 'S', 'S', 'H', 'H', 'H'],
  19: ['S', 'S', 'S', 'S', 'S', 'S', 'S', 'S', 'S', 'S'],
};

/** Pairs by the card's points (1 = aces), with double after split allowed. */
const PAIRS: Record<number, Move[]> = {
  1: ['P', 'P', 'P', 'P', 'P', 'P', 'P', 'P', 'P', 'P'],
  2: ['P', 'P', 'P', 'P', 'P', 'P', 'H', 'H', 'H', 'H'],
  3: ['P', 'P', 'P', 'P', 'P', 'P', 'H', 'H', 'H', 'H'],
  4: ['H', 'H', 'H', 'P', 'P', 'H', 'H', 'H', 'H', 'H'],
  6: ['P', 'P', 'P', 'P', 'P', 'H', 'H', 'H', 'H', 'H'],
  7: ['P', 'P', 'P', 'P', 'P', 'P', 'H', 'H', 'H', 'H'],
  8: ['P', 'P', 'P', 'P', 'P', 'P', 'P', 'P', 'P', 'P'],
  9: ['P', 'P', 'P', 'P', 'P', 'S', 'P', 'P', 'S', 'S'],
};

export function basicStrategy(
  cards: readonly Card[],
  upCard: Card,
  allowed: readonly BlackjackActionType[],
): BlackjackActionType {
  if (allowed.includes('no_insurance')) return 'no_insurance';
  const col = column(upCard);
  if (allowed.includes('split') && cards.length === 2) {
    const pair = PAIRS[cardPoints(cards[0]!)];
    if (pair?.[col] === 'P') return 'split';
  }
  const { total, soft } = handValue(cards);
  let move: Move;
  if (soft) move = total >= 19 ? 'S' : (SOFT[total]?.[col] ?? 'H');
  else if (total >= 17) move = 'S';
  else if (total <= 8) move = 'H';
  else move = HARD[total]![col]!;
  if (move === 'D' || move === 'Ds') {
    if (allowed.includes('double')) return 'double';
    return move === 'Ds' ? 'stand' : 'hit';
  }
  return move === 'S' ? 'stand' : 'hit';
}
