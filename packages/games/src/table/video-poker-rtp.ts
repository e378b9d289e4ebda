import type { Card } from './cards';
import { JACKS_OR_BETTER_PAYS, jacksOrBetterHand } from './video-poker';

/**
 * The exact return of Jacks or Better with the best hold on every deal, from the engine's own hand evaluation.
 *
 * For each of the C(52,5) deals and each of its 32 holds, the expected pay of the hold is the average pay of the
 * C(47, 5 − held) final hands that keep the held cards and none of the discarded ones. Summing the pay of every final
 * hand into each of its 32 subsets once (`sums[k][colex rank of a k-card subset]`), the total pay of the hands that
 * contain a set S and avoid the discarded cards D∖S is, by inclusion–exclusion, Σ over T ⊆ D∖S of (−1)^|T| sums[S ∪ T]
 * (a Möbius transform over the deal's 32 subsets). So each deal costs 32 look-ups and 80 additions, and the whole game
 * a few seconds of arithmetic instead of the billions of hands a direct enumeration of every draw would evaluate.
 */

const BINOMIAL: number[][] = Array.from({ length: 53 }, (_, n) => {
  const row = [1];
  for (let k = 1; k <= 5; k += 1) row[k] = k > n ? 0 : (row[k - 1]! * (n - k + 1)) / k;
  return row;
});

export function binomial(n: number, k: number): number {
  return BINOMIAL[n]![k]!;
}

export interface VideoPokerExact {
  /** Average return per unit staked with the best hold on every deal. */
  rtp: number;
  deals: number;
}

/** The pay (for one) of every five-card hand, indexed by the colex rank of its sorted cards. */
function payByHand(): Uint16Array {
  const pays = new Uint16Array(binomial(52, 5));
  const hand: Card[] = [0, 0, 0, 0, 0];
  for (let e = 4; e < 52; e += 1) {
    for (let d = 3; d < e; d += 1) {
      for (let c = 2; c < d; c += 1) {
        for (let b = 1; b < c; b += 1) {
          for (let a = 0; a < b; a += 1) {
            hand[0] = a;
            hand[1] = b;
            hand[2] = c;
            hand[3] = d;
            hand[4] = e;
            const rank = a + binomial(b, 2) + binomial(c, 3) + binomial(d, 4) + binomial(e, 5);
            pays[rank] = JACKS_OR_BETTER_PAYS[jacksOrBetterHand(hand)];
          }
        }
      }
    }
  }
  return pays;
}

/** Colex rank of the subset of `cards` (sorted ascending) picked by `mask`. */
function subsetRank(cards: readonly number[], mask: number): number {
  let rank = 0;
  let position = 0;
  for (let index = 0; index < 5; index += 1) {
    if (mask & (1 << index)) {
      position += 1;
      rank += binomial(cards[index]!, position);
    }
  }
  return rank;
}

const POPCOUNT = Array.from({ length: 32 }, (_, mask) => mask.toString(2).replaceAll('0', '').length);

export function jacksOrBetterExactRtp(): VideoPokerExact {
  const pays = payByHand();
  const sums = [0, 1, 2, 3, 4, 5].map((k) => new Float64Array(binomial(52, k)));
  const cards = [0, 0, 0, 0, 0];
  const forEachHand = (visit: (rank: number) => void) => {
    for (let e = 4; e < 52; e += 1) {
      cards[4] = e;
      for (let d = 3; d < e; d += 1) {
        cards[3] = d;
        for (let c = 2; c < d; c += 1) {
          cards[2] = c;
          for (let b = 1; b < c; b += 1) {
            cards[1] = b;
            for (let a = 0; a < b; a += 1) {
              cards[0] = a;
              visit(a + binomial(b, 2) + binomial(c, 3) + binomial(d, 4) + binomial(e, 5));
            }
          }
        }
      }
    }
  };
  forEachHand((rank) => {
    const pay = pays[rank]!;
    if (pay === 0) return;
    for (let mask = 0; mask < 32; mask += 1) sums[POPCOUNT[mask]!]![subsetRank(cards, mask)]! += pay;
  });
  const transform = new Float64Array(32);
  const draws = [0, 1, 2, 3, 4, 5].map((held) => binomial(47, 5 - held));
  let total = 0;
  let deals = 0;
  forEachHand(() => {
    for (let mask = 0; mask < 32; mask += 1) transform[mask] = sums[POPCOUNT[mask]!]![subsetRank(cards, mask)]!;
    for (let bit = 1; bit < 32; bit <<= 1) {
      for (let mask = 0; mask < 32; mask += 1) if (!(mask & bit)) transform[mask]! -= transform[mask | bit]!;
    }
    let best = 0;
    for (let mask = 0; mask < 32; mask += 1) {
      const expected = transform[mask]! / draws[POPCOUNT[mask]!]!;
      if (expected > best) best = expected;
    }
    total += best;
    deals += 1;
  });
  return { rtp: total / deals, deals };
}

/** The expected pay of holding `hold` (positions) of a deal, by drawing every replacement: for tests and hints. */
export function holdExpectedPay(dealt: readonly Card[], hold: readonly number[]): number {
  const kept = hold.map((position) => dealt[position]!);
  const deck = Array.from({ length: 52 }, (_, card) => card).filter((card) => !dealt.includes(card));
  const need = 5 - kept.length;
  let total = 0;
  let count = 0;
  const chosen: Card[] = [];
  const visit = (from: number) => {
    if (chosen.length === need) {
      total += JACKS_OR_BETTER_PAYS[jacksOrBetterHand([...kept, ...chosen])];
      count += 1;
      return;
    }
    for (let index = from; index < deck.length; index += 1) {
      chosen.push(deck[index]!);
      visit(index + 1);
      chosen.pop();
    }
  };
  visit(0);
  return total / count;
}
