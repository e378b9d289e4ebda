import { describe, expect, it } from 'vitest';
import { STATED_RTP_BP } from './rounds';
import { simulateRtp } from './simulation';
import { evaluateLine, playSlot, slotRtp, SLOT_PAYLINES, SLOT_STRIPS, type SlotSymbol } from './slot';

describe('slot', () => {
  it('pays a left-to-right run of three or more, with the wild standing in', () => {
    expect(evaluateLine(['crown', 'crown', 'crown', 'bell', 'crown'])).toEqual({ symbol: 'crown', count: 3, pay: 20 });
    expect(evaluateLine(['crown', 'wild', 'crown', 'crown', 'grape'])).toEqual({ symbol: 'crown', count: 4, pay: 100 });
    expect(evaluateLine(['wild', 'wild', 'bell', 'bell', 'bell'])).toEqual({ symbol: 'bell', count: 5, pay: 150 });
    expect(evaluateLine(['bell', 'crown', 'crown', 'crown', 'crown']).pay).toBe(0);
    expect(evaluateLine(['grape', 'grape', 'lemon', 'grape', 'grape']).pay).toBe(0);
  });

  it('pays the wilds on their own when that is worth more than what they complete', () => {
    expect(evaluateLine(['wild', 'wild', 'wild', 'wild', 'grape'])).toEqual({ symbol: 'wild', count: 4, pay: 150 });
    expect(evaluateLine(['wild', 'wild', 'wild', 'wild', 'wild'])).toEqual({ symbol: 'wild', count: 5, pay: 1000 });
  });

  it('shows three consecutive strip positions per reel from each stop and pays each line over ten', () => {
    const floats = SLOT_STRIPS.map(() => 0);
    const outcome = playSlot(floats);
    expect(outcome.stops).toEqual([0, 0, 0, 0, 0]);
    outcome.grid.forEach((column, reel) => expect(column).toEqual(SLOT_STRIPS[reel]!.slice(0, 3)));
    expect(outcome.multiplier.denominator).toBe(SLOT_PAYLINES.length);
    expect(outcome.multiplier.numerator).toBe(outcome.wins.reduce((sum, win) => sum + win.pay, 0));
    for (const win of outcome.wins) {
      const symbols = SLOT_PAYLINES[win.line]!.map((row, reel) => outcome.grid[reel]![row]!);
      expect(evaluateLine(symbols).pay).toBe(win.pay);
    }
  });

  it('wraps around the end of a strip', () => {
    const last = SLOT_STRIPS.map((strip) => (strip.length - 1 + 0.5) / strip.length);
    const outcome = playSlot(last);
    outcome.grid.forEach((column, reel) => {
      const strip = SLOT_STRIPS[reel]!;
      expect(column).toEqual([strip[strip.length - 1], strip[0], strip[1]] as SlotSymbol[]);
    });
  });

  it('has an exact return to player of 96.08%, its stated figure', () => {
    expect(Math.round(slotRtp() * 10_000)).toBe(STATED_RTP_BP.slot);
  });

  it('returns its stated RTP over 1,000,000 simulated spins', { timeout: 300_000 }, () => {
    const result = simulateRtp(1_000_000, 42, () => ({ engine: 'slot', params: {} }));
    expect(result.standardError).toBeLessThan(0.01);
    expect(Math.abs(result.rtp - slotRtp())).toBeLessThan(4 * result.standardError);
    expect(Math.abs(result.rtp - STATED_RTP_BP.slot / 10_000)).toBeLessThan(4 * result.standardError);
    expect(result.hitRate).toBeGreaterThan(0.2);
  });
});
