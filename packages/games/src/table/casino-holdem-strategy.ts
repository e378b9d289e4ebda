import { seededFloats } from '../simulation';
import { rankOf, suitOf, type Card } from './cards';
import { casinoHoldemCalled } from './casino-holdem';
import { categoryOf, evaluatePoker, scoreRanks } from './poker-hands';
import { multiplierValue } from '../multiplier';

/**
 * The call-or-fold strategy the RTP simulation plays. Calling is right whenever it loses less than the ante a fold
 * gives up (expected result of calling > −1 ante). The exact expectation needs every turn, river and dealer hand
 * (over a million hands) at each decision, too slow for ten million simulated rounds, so:
 * - hands that always call: two pair or better, a pair that uses a hole card, four to a flush;
 * - every other hand is estimated from `samples` completions (turn, river and the dealer's two cards drawn from the
 *   unseen cards), with a generator seeded by the five known cards, so the strategy is a fixed function of the hand.
 * It calls about four hands in five, like the optimal strategy (82%); its return is below the optimal one by the
 * estimate's noise near the threshold (docs/decisions.md gives both).
 */
export const CASINO_HOLDEM_STRATEGY_SAMPLES = 100;

export function casinoHoldemStrategy(
  hole: readonly Card[],
  flop: readonly Card[],
  samples = CASINO_HOLDEM_STRATEGY_SAMPLES,
): boolean {
  if (alwaysCalls(hole, flop)) return true;
  return estimatedCallResult(hole, flop, samples) > -1;
}

function alwaysCalls(hole: readonly Card[], flop: readonly Card[]): boolean {
  const score = evaluatePoker([...hole, ...flop]);
  const category = categoryOf(score);
  if (category !== 'high_card' && category !== 'pair') return true;
  if (category === 'pair' && hole.map(rankOf).includes(scoreRanks(score)[0]!)) return true;
  return hole.some((card) => [...hole, ...flop].filter((other) => suitOf(other) === suitOf(card)).length >= 4);
}

/** The expected result of calling, in antes (ante and call settled, both stakes counted), by sampling completions. */
export function estimatedCallResult(hole: readonly Card[], flop: readonly Card[], samples: number): number {
  const known = new Set([...hole, ...flop]);
  const unseen: Card[] = [];
  for (let card = 0; card < 52; card += 1) if (!known.has(card)) unseen.push(card);
  const seed = [...hole, ...flop].reduce((value, card) => (value * 53 + card + 1) >>> 0, 17);
  const random = seededFloats(seed);
  const player: Card[] = [hole[0]!, hole[1]!, flop[0]!, flop[1]!, flop[2]!, 0, 0];
  const dealer: Card[] = [0, 0, flop[0]!, flop[1]!, flop[2]!, 0, 0];
  let total = 0;
  for (let sample = 0; sample < samples; sample += 1) {
    // The first four cards of a fresh Fisher–Yates pass over the unseen cards: turn, river, the dealer's two.
    for (let index = 0; index < 4; index += 1) {
      const pick = index + Math.floor(random() * (unseen.length - index));
      const card = unseen[pick]!;
      unseen[pick] = unseen[index]!;
      unseen[index] = card;
    }
    player[5] = dealer[5] = unseen[0]!;
    player[6] = dealer[6] = unseen[1]!;
    dealer[0] = unseen[2]!;
    dealer[1] = unseen[3]!;
    const outcome = casinoHoldemCalled(evaluatePoker(player), evaluatePoker(dealer));
    total += multiplierValue(outcome.ante) + 2 * multiplierValue(outcome.call) - 3;
  }
  return total / samples;
}
