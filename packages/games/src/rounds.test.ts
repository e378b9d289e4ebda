import { describe, expect, it } from 'vitest';
import { hashServerSeed } from './fair';
import { payoutFor } from './multiplier';
import {
  ENGINE_MAX_MULTIPLIER,
  evaluateRound,
  floatsNeeded,
  playFairRound,
  validateRound,
  verifyRound,
  type RoundRequest,
} from './rounds';

const seeds = { serverSeed: '5'.repeat(64), clientSeed: 'lucky', nonce: 3 };
const dice: RoundRequest = { engine: 'dice', params: { target: 5000, direction: 'under' } };

describe('provably fair rounds', () => {
  it('is deterministic: the same seeds and nonce give the same outcome', async () => {
    expect(await playFairRound(seeds, dice)).toEqual(await playFairRound(seeds, dice));
    const slot = await playFairRound(seeds, { engine: 'slot', params: {} });
    expect(slot).toEqual(await playFairRound(seeds, { engine: 'slot', params: {} }));
  });

  it('verifies a round from the revealed seed and refuses a seed that does not match the commitment', async () => {
    const played = await playFairRound(seeds, dice);
    const serverSeedHash = await hashServerSeed(seeds.serverSeed);
    const good = await verifyRound({ ...seeds, serverSeedHash }, dice);
    expect(good).toEqual({ seedMatchesHash: true, outcome: played });
    const bad = await verifyRound({ ...seeds, serverSeed: '6'.repeat(64), serverSeedHash }, dice);
    expect(bad.seedMatchesHash).toBe(false);
  });

  it('names the floats each game needs', () => {
    expect(floatsNeeded({ engine: 'slot', params: {} })).toBe(5);
    expect(floatsNeeded(dice)).toBe(1);
    expect(floatsNeeded({ engine: 'plinko', params: { rows: 16 } })).toBe(16);
  });

  it('refuses parameters a game cannot play', async () => {
    expect(validateRound({ engine: 'dice', params: { target: 1, direction: 'under' } })).not.toBeNull();
    expect(validateRound({ engine: 'plinko', params: { rows: 9 as 8 } })).not.toBeNull();
    expect(validateRound({ engine: 'slot', params: { extra: 1 } as never })).not.toBeNull();
    await expect(playFairRound(seeds, { engine: 'plinko', params: { rows: 9 as 8 } })).rejects.toThrow(RangeError);
  });

  it('pays in whole minor units, rounding down', () => {
    const outcome = evaluateRound({ engine: 'dice', params: { target: 3300, direction: 'under' } }, [0]);
    expect(payoutFor(100n, outcome.outcome.multiplier)).toBe(300n);
    expect(payoutFor(101n, outcome.outcome.multiplier)).toBe(303n);
    expect(payoutFor(7n, outcome.outcome.multiplier)).toBe(21n);
  });

  it('states the largest multiple of the stake each engine pays, and no round of many pays more', async () => {
    expect(ENGINE_MAX_MULTIPLIER).toEqual({ slot: 1000, dice: 49.5, plinko: 16 });
    const requests: RoundRequest[] = [
      { engine: 'slot', params: {} },
      { engine: 'dice', params: { target: 200, direction: 'under' } },
      { engine: 'plinko', params: { rows: 16 } },
    ];
    for (const request of requests) {
      for (let nonce = 0; nonce < 300; nonce += 1) {
        const { outcome } = await playFairRound({ ...seeds, nonce }, request);
        const paid = outcome.multiplier.numerator / outcome.multiplier.denominator;
        expect(paid).toBeLessThanOrEqual(ENGINE_MAX_MULTIPLIER[request.engine]);
      }
    }
  });
});
