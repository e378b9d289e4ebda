import { describe, expect, it } from 'vitest';
import { parseCards } from './cards';
import { binomial, holdExpectedPay } from './video-poker-rtp';

describe('video poker hold values', () => {
  it('holding four to a royal is worth the royal, the flushes, the straights and the high pairs of its 47 draws', () => {
    // A♠K♠Q♠J♠ with 2♦: T♠ royal (800), 8 other spades flush (6), 3 other tens straight (4), 12 high pairs (1).
    expect(holdExpectedPay(parseCards('As Ks Qs Js 2d'), [0, 1, 2, 3])).toBeCloseTo(
      (800 + 8 * 6 + 3 * 4 + 12) / 47,
      12,
    );
  });

  it('holding all five pays the hand, and a pair of jacks is worth more than its stake', () => {
    expect(holdExpectedPay(parseCards('9c 9d 9h 2s 2c'), [0, 1, 2, 3, 4])).toBe(9);
    expect(holdExpectedPay(parseCards('Jh Jd 8c 4s 2h'), [0, 1])).toBeGreaterThan(1.5);
    expect(binomial(47, 3)).toBe(16_215);
    expect(binomial(52, 5)).toBe(2_598_960);
  });
});
