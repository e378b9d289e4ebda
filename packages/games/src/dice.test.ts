import { describe, expect, it } from 'vitest';
import { DICE_RTP, diceMultiplier, diceWinChance, playDice, validateDiceParams, type DiceParams } from './dice';
import { multiplierValue, payoutFor } from './multiplier';
import { STATED_RTP_BP } from './rounds';
import { simulateRtp } from './simulation';

const float = (roll: number) => (roll + 0.5) / 10_000;

describe('dice', () => {
  it('rolls 0.00 to 99.99 from one float', () => {
    expect(playDice([0], { target: 5000, direction: 'under' }).roll).toBe(0);
    expect(playDice([0.999_999_9], { target: 5000, direction: 'under' }).roll).toBe(9999);
    expect(playDice([0.4217], { target: 5000, direction: 'under' }).roll).toBe(4217);
  });

  it('wins "under" strictly below the target and "over" strictly above it', () => {
    expect(playDice([float(4999)], { target: 5000, direction: 'under' }).won).toBe(true);
    expect(playDice([float(5000)], { target: 5000, direction: 'under' }).won).toBe(false);
    expect(playDice([float(5001)], { target: 5000, direction: 'over' }).won).toBe(true);
    expect(playDice([float(5000)], { target: 5000, direction: 'over' }).won).toBe(false);
  });

  it('pays 0.99 ÷ win probability, exactly, so every target returns 99%', () => {
    for (let target = 200; target <= 9800; target += 1) {
      const params: DiceParams = { target, direction: 'under' };
      const chance = diceWinChance(params) / 10_000;
      expect(chance * multiplierValue(diceMultiplier(params))).toBeCloseTo(DICE_RTP, 12);
    }
    expect(multiplierValue(diceMultiplier({ target: 5000, direction: 'under' }))).toBe(1.98);
    expect(payoutFor(1000n, diceMultiplier({ target: 5000, direction: 'under' }))).toBe(1980n);
    expect(payoutFor(1000n, playDice([float(6000)], { target: 5000, direction: 'under' }).multiplier)).toBe(0n);
  });

  it('allows win chances from 2% to 98% only', () => {
    expect(validateDiceParams({ target: 200, direction: 'under' })).toBeNull();
    expect(validateDiceParams({ target: 199, direction: 'under' })).not.toBeNull();
    expect(validateDiceParams({ target: 9800, direction: 'under' })).toBeNull();
    expect(validateDiceParams({ target: 9801, direction: 'under' })).not.toBeNull();
    expect(validateDiceParams({ target: 9799, direction: 'over' })).toBeNull();
    expect(validateDiceParams({ target: 9800, direction: 'over' })).not.toBeNull();
    expect(validateDiceParams({ target: 50.5, direction: 'under' })).not.toBeNull();
    expect(() => playDice([0.5], { target: 10, direction: 'under' })).toThrow(RangeError);
  });

  it('returns its stated 99.00% over 1,000,000 simulated rounds at random targets', { timeout: 300_000 }, () => {
    expect(STATED_RTP_BP.dice).toBe(9900);
    const result = simulateRtp(1_000_000, 20_250_401, (random) => {
      const direction = random() < 0.5 ? 'under' : 'over';
      const chance = 200 + Math.floor(random() * 9601);
      return { engine: 'dice', params: { direction, target: direction === 'under' ? chance : 9999 - chance } };
    });
    expect(result.standardError).toBeLessThan(0.002);
    expect(Math.abs(result.rtp - DICE_RTP)).toBeLessThan(4 * result.standardError);
  });
});
