import { describe, expect, it } from 'vitest';
import { PLINKO_MULTIPLIERS, PLINKO_ROWS, playPlinko, plinkoRtp, validatePlinkoParams } from './plinko';
import { STATED_RTP_BP } from './rounds';
import { simulateRtp } from './simulation';

describe('plinko', () => {
  it('bounces right on a float of 0.5 or more and lands in the slot counting the right bounces', () => {
    const outcome = playPlinko([0.1, 0.5, 0.9, 0.49, 0.7, 0.2, 0.99, 0], { rows: 8 });
    expect(outcome.path).toEqual([0, 1, 1, 0, 1, 0, 1, 0]);
    expect(outcome.slot).toBe(4);
    expect(outcome.multiplier).toEqual({ numerator: 50, denominator: 100 });
    expect(playPlinko(new Array(16).fill(0.9), { rows: 16 }).multiplier.numerator).toBe(1600);
  });

  it('has symmetric multiplier rows, one slot more than rows', () => {
    for (const rows of PLINKO_ROWS) {
      const multipliers = PLINKO_MULTIPLIERS[rows];
      expect(multipliers).toHaveLength(rows + 1);
      expect([...multipliers].reverse()).toEqual(multipliers);
    }
  });

  it('plays 8, 12 or 16 rows only, and needs one float per row', () => {
    expect(validatePlinkoParams({ rows: 12 })).toBeNull();
    expect(validatePlinkoParams({ rows: 10 as 12 })).not.toBeNull();
    expect(() => playPlinko([0.5], { rows: 8 })).toThrow(RangeError);
  });

  it('returns at least its stated 98.98% exactly for every row count', () => {
    for (const rows of PLINKO_ROWS) {
      expect(plinkoRtp(rows)).toBeGreaterThanOrEqual(STATED_RTP_BP.plinko / 10_000);
      expect(plinkoRtp(rows)).toBeLessThan(0.991);
    }
  });

  it.each(PLINKO_ROWS)(
    'returns its exact RTP over 1,000,000 simulated drops with %i rows',
    { timeout: 300_000 },
    (rows) => {
      const result = simulateRtp(1_000_000, rows * 1_000_003, () => ({ engine: 'plinko', params: { rows } }));
      expect(result.standardError).toBeLessThan(0.002);
      expect(Math.abs(result.rtp - plinkoRtp(rows))).toBeLessThan(4 * result.standardError);
    },
  );
});
