import { describe, expect, it } from 'vitest';
import { cashOutAmount, cashOutPrice, fairChance, priceAcceptable, type CashOutLeg } from './cash-out-pricing';

/** A 1X2 market at these odds (thousandths), outcome ids 1, 2, 3. */
function leg(placedOdd: number, odds: number[], selected = 1, overrides: Partial<CashOutLeg> = {}): CashOutLeg {
  return {
    outcomeId: selected,
    placedOdd,
    marketStatus: 'open',
    matchStatus: 'live',
    outcomes: odds.map((odd, index) => ({ id: index + 1, odd, status: 'open' })),
    switchedOff: false,
    ...overrides,
  };
}

describe('cash-out pricing', () => {
  it('takes the market margin out of the implied chances (basic normalization)', () => {
    // 1.90 / 1.90: each 1/1.9 = 0.526…, normalized to exactly one half.
    const even = fairChance(1, [
      { id: 1, odd: 1900, status: 'open' },
      { id: 2, odd: 1900, status: 'open' },
    ]);
    expect(Number(even.num) / Number(even.den)).toBeCloseTo(0.5, 12);
    // 2.00 / 4.00 / 4.00 has no margin: 0.5, 0.25, 0.25.
    const odds = [2000, 4000, 4000].map((odd, index) => ({ id: index + 1, odd, status: 'open' }));
    expect(Number(fairChance(2, odds).num) / Number(fairChance(2, odds).den)).toBeCloseTo(0.25, 12);
  });

  it('prices a single: potential payout × fair chance now, less the margin', () => {
    // Stake 10.00 at 3.00; the outcome now 2.00 in a margin-free 2.00/4.00/4.00 market: 30.00 × 0.5 = 15.00, less 5 %.
    expect(cashOutPrice(1000n, [leg(3000, [2000, 4000, 4000])], 500)).toEqual({ price: 1425n });
    expect(cashOutPrice(1000n, [leg(3000, [2000, 4000, 4000])], 0)).toEqual({ price: 1500n });
  });

  it('prices an accumulator as the product of its legs, rounded down once', () => {
    // 10.00 at 2.00 × 3.00 = 60.00; chances now 0.5 and 1/3: 10.00 exactly, less 5 % = 9.50.
    const price = cashOutPrice(1000n, [leg(2000, [2000, 4000, 4000]), leg(3000, [3000, 3000, 3000])], 500);
    expect(price).toEqual({ price: 950n });
    // An odd chance rounds down to the cent, never up.
    expect(cashOutPrice(1000n, [leg(2000, [2000, 4000, 4000]), leg(3000, [3000, 3000, 3000], 1)], 333)).toEqual({
      price: 966n,
    });
  });

  it('has no price while a leg is suspended, over, or switched off', () => {
    const open = leg(2000, [2000, 4000, 4000]);
    expect(cashOutPrice(1000n, [open, leg(3000, [3000, 3000, 3000], 1, { marketStatus: 'suspended' })], 500)).toEqual({
      unavailable: 'suspended',
    });
    const lockedOutcome = leg(2000, [2000, 4000, 4000]);
    lockedOutcome.outcomes = lockedOutcome.outcomes.map((outcome) => ({ ...outcome, status: 'suspended' }));
    expect(cashOutPrice(1000n, [lockedOutcome], 500)).toEqual({ unavailable: 'suspended' });
    expect(cashOutPrice(1000n, [leg(2000, [2000, 4000, 4000], 1, { marketStatus: 'settled' })], 500)).toEqual({
      unavailable: 'suspended',
    });
    expect(cashOutPrice(1000n, [leg(2000, [2000, 4000, 4000], 1, { matchStatus: 'ended' })], 500)).toEqual({
      unavailable: 'not_open',
    });
    expect(cashOutPrice(1000n, [leg(2000, [2000, 4000, 4000], 1, { switchedOff: true })], 500)).toEqual({
      unavailable: 'switched_off',
    });
    expect(cashOutPrice(1n, [leg(1010, [40000, 1010, 40000])], 500)).toEqual({ unavailable: 'too_small' });
  });

  it('pays a partial cash out its share of the price, the rest of the bet staying in play', () => {
    expect(cashOutAmount(1425n, 400n, 1000n)).toBe(570n);
    expect(cashOutAmount(1425n, 333n, 1000n)).toBe(474n); // 474.525 rounded down
    expect(cashOutAmount(1425n, 1000n, 1000n)).toBe(1425n);
    expect(cashOutAmount(1425n, 2000n, 1000n)).toBe(1425n);
  });

  it('accepts a price at most the tolerance below the one seen', () => {
    expect(priceAcceptable(990n, 1000n, 100)).toBe(true);
    expect(priceAcceptable(989n, 1000n, 100)).toBe(false);
    expect(priceAcceptable(1200n, 1000n, 100)).toBe(true);
  });
});
