import { describe, expect, it } from 'vitest';
import { oddText, payoutFor, totalOddThousandths } from './bet-math';

describe('bet arithmetic', () => {
  it('multiplies odds exactly and rounds the total odd down to the thousandth', () => {
    expect(totalOddThousandths([2150])).toBe(2150n);
    expect(totalOddThousandths([2000, 1500])).toBe(3000n);
    // 1.333 × 1.333 = 1.776889 → 1.776
    expect(totalOddThousandths([1333, 1333])).toBe(1776n);
    expect(totalOddThousandths([])).toBe(1000n);
  });

  it('pays stake × the exact product, rounded down to the cent', () => {
    expect(payoutFor(1000n, [2150])).toBe(2150n);
    // 3.33 € at 1.333 × 1.333 = 5.91704037 € → 5.91 €
    expect(payoutFor(333n, [1333, 1333])).toBe(591n);
    expect(payoutFor(10n, [1010])).toBe(10n);
    expect(payoutFor(100_000n, [500_000])).toBe(50_000_000n);
  });

  it('writes odds as the shortest exact decimal', () => {
    expect(oddText(2150)).toBe('2.15');
    expect(oddText(1875)).toBe('1.875');
    expect(oddText(3000)).toBe('3');
    expect(oddText(1010)).toBe('1.01');
  });
});
