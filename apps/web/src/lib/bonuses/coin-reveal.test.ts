import { describe, expect, it } from 'vitest';
import { revealCoins, sameAmount } from './coin-reveal';

/** A fixed sequence of "random" numbers, repeated. */
function sequence(...values: number[]) {
  let index = 0;
  return () => values[index++ % values.length]!;
}

const ITEMS = ['1.00', '5.00', '10.00', '25.00', '50.00'];

describe('revealCoins', () => {
  it('shuffles the amounts (Fisher-Yates from the end) and swaps the drawn amount into the picked place', () => {
    // random 0 at every step rotates the list: [5, 10, 25, 50, 1]
    expect(revealCoins(ITEMS, '25.00', 0, () => 0)).toEqual(['25.00', '10.00', '5.00', '50.00', '1.00']);
    // random just under 1 leaves the order as it is; 1.00 moves from the first place to the picked fourth
    expect(revealCoins(ITEMS, '1.00', 3, () => 0.999)).toEqual(['25.00', '5.00', '10.00', '1.00', '50.00']);
  });

  it('always shows the drawn amount at the picked coin and every amount exactly once', () => {
    for (let picked = 0; picked < ITEMS.length; picked += 1) {
      for (const amount of ITEMS) {
        const coins = revealCoins(ITEMS, amount, picked, sequence(0.3, 0.8, 0.1, 0.55));
        expect(coins[picked]).toBe(amount);
        expect([...coins].sort()).toEqual([...ITEMS].sort());
      }
    }
  });

  it('orders the other coins differently from one shuffle to the next', () => {
    const orders = new Set(
      [0.1, 0.4, 0.7, 0.95].map((value) => revealCoins(ITEMS, '5.00', 2, sequence(value, 1 - value)).join()),
    );
    expect(orders.size).toBeGreaterThan(1);
  });

  it('matches the drawn amount however it is written, and puts an unknown amount at the picked place', () => {
    expect(revealCoins(['2', '4'], '4.00', 0, () => 0.999)).toEqual(['4', '2']);
    expect(revealCoins(['2.00', '4.00'], '7.00', 1, () => 0.999)).toEqual(['2.00', '7.00']);
    expect(revealCoins(ITEMS, '5.00', 9, () => 0)).toHaveLength(ITEMS.length);
  });

  it('sameAmount compares values, not spelling', () => {
    expect(sameAmount('5', '5.00')).toBe(true);
    expect(sameAmount('5.01', '5.00')).toBe(false);
  });
});
