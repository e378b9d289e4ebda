import { describe, expect, it } from 'vitest';
import { impliedOf } from './implied-store';

describe('impliedOf', () => {
  it("gives each outcome's implied probability and the market's margin", () => {
    const market = impliedOf([2.1, 3.4, 3.6])!;
    expect(market.probabilities.map((p) => Number(p.toFixed(4)))).toEqual([0.4762, 0.2941, 0.2778]);
    expect(Number(market.margin.toFixed(4))).toBe(0.0481);
    expect(Number(impliedOf([2, 2])!.margin.toFixed(6))).toBe(0);
  });

  it('says nothing for a market without a price on every outcome', () => {
    expect(impliedOf([])).toBeNull();
    expect(impliedOf([1.9, 0])).toBeNull();
    expect(impliedOf([1.9, 1])).toBeNull();
  });
});
