import { describe, expect, it } from 'vitest';
import { hashServerSeed } from '../fair';
import { multiplierValue } from '../multiplier';
import { floatsNeeded, playFairRound, validateRound, verifyRound } from '../rounds';
import { seededFloats } from '../simulation';
import {
  SLOT_CONFIG_IDS,
  SLOT_CONFIG_MAX_MULTIPLIER,
  SLOT_CONFIG_STATED_RTP_BP,
  SLOT_CONFIGS,
  BOOK,
  WAYS_243,
  type SlotConfigId,
} from './configs';
import {
  evaluateLineFor,
  playSlotConfig,
  slotConfigMaxMultiplier,
  slotConfigRtp,
  slotFloats,
  slotStrips,
  type SlotConfig,
} from './engine';

function simulate(config: SlotConfig, spins: number, seed: number) {
  const random = seededFloats(seed);
  let sum = 0;
  let sumOfSquares = 0;
  const floats: number[] = [];
  for (let spin = 0; spin < spins; spin += 1) {
    floats.length = 0;
    for (let index = slotFloats(config); index > 0; index -= 1) floats.push(random());
    const value = multiplierValue(playSlotConfig(config, floats).multiplier);
    sum += value;
    sumOfSquares += value * value;
  }
  const mean = sum / spins;
  const variance = sumOfSquares / spins - mean * mean;
  return { rtp: mean, sd: Math.sqrt(variance), standardError: Math.sqrt(variance / spins) };
}

/** Each configuration's exact RTP, computed once: the line enumeration takes a moment. */
const exact = new Map<SlotConfigId, number>();
function exactRtp(id: SlotConfigId): number {
  if (!exact.has(id)) exact.set(id, slotConfigRtp(SLOT_CONFIGS[id]).rtp);
  return exact.get(id)!;
}

describe('slot configurations', () => {
  it('are distinct games: reels, rows, lines or ways, features and volatility differ', () => {
    const shapes = new Set(
      SLOT_CONFIG_IDS.map((id) => {
        const config: SlotConfig = SLOT_CONFIGS[id];
        const reading = config.evaluation.kind === 'lines' ? `${config.evaluation.paylines.length} lines` : 'ways';
        return `${config.reels}x${config.rows} ${reading} ${config.scatter ? 'scatter' : ''} ${config.freeSpins?.multiplier ?? ''}`;
      }),
    );
    expect(shapes.size).toBe(SLOT_CONFIG_IDS.length);
    expect(new Set(SLOT_CONFIG_IDS.map((id) => SLOT_CONFIGS[id].volatility))).toEqual(
      new Set(['low', 'medium', 'high']),
    );
  });

  it.each(SLOT_CONFIG_IDS)('%s has an exact RTP between 94% and 97.5%, its stated figure', (id) => {
    const rtp = exactRtp(id);
    expect(rtp).toBeGreaterThan(0.94);
    expect(rtp).toBeLessThan(0.975);
    expect(Math.round(rtp * 10_000)).toBe(SLOT_CONFIG_STATED_RTP_BP[id]);
    expect(SLOT_CONFIG_MAX_MULTIPLIER[id]).toBeGreaterThanOrEqual(slotConfigMaxMultiplier(SLOT_CONFIGS[id]));
  });

  it.each(SLOT_CONFIG_IDS)('%s pays its exact RTP over 20,000 simulated rounds (within four standard errors)', (id) => {
    const result = simulate(SLOT_CONFIGS[id], 20_000, 99);
    expect(Math.abs(result.rtp - exactRtp(id))).toBeLessThan(4 * result.standardError);
  });

  it('labels volatility by the spread of a round: every high configuration spreads more than every low one', () => {
    const spread = (volatility: string) =>
      SLOT_CONFIG_IDS.filter((id) => SLOT_CONFIGS[id].volatility === volatility).map(
        (id) => simulate(SLOT_CONFIGS[id], 20_000, 5).sd,
      );
    expect(Math.min(...spread('high'))).toBeGreaterThan(Math.max(...spread('low')));
  });

  it('keeps the wild off the first reel of a ways game', () => {
    for (const id of SLOT_CONFIG_IDS) {
      const config: SlotConfig = SLOT_CONFIGS[id];
      if (config.evaluation.kind === 'ways') expect(slotStrips(config)[0]).not.toContain(config.wild);
    }
  });

  it('the book is wild on the lines and a scatter anywhere', () => {
    expect(evaluateLineFor(BOOK, ['book', 'p1', 'book', 'p1', 'ace'])).toEqual({ symbol: 'p1', count: 4, pay: 400 });
    expect(evaluateLineFor(BOOK, ['book', 'book', 'book', 'ace', 'king'])).toEqual({
      symbol: 'ace',
      count: 4,
      pay: 15,
    });
    const strips = slotStrips(BOOK);
    const bookStops = strips.map((strip) => strip.indexOf('book'));
    const floats = Array.from({ length: slotFloats(BOOK) }, (_, index) =>
      index < 5 ? (bookStops[index]! + 0.5) / strips[index]!.length : 0.5,
    );
    const outcome = playSlotConfig(BOOK, floats);
    expect(outcome.scatter).toEqual({ count: 5, pay: 200 * BOOK.coins });
    expect(outcome.freeSpins?.spins).toHaveLength(10);
    expect(outcome.freeSpins?.multiplier).toBe(3);
    const free = outcome.freeSpins!.spins.reduce(
      (sum, spin) => sum + spin.wins.reduce((total, win) => total + win.pay, 0) + (spin.scatter?.pay ?? 0),
      0,
    );
    const base = outcome.wins.reduce((sum, win) => sum + win.pay, 0) + outcome.scatter!.pay;
    expect(outcome.multiplier).toEqual({ numerator: base + 3 * free, denominator: BOOK.coins });
  });

  it('counts ways: the product of matching rows on consecutive reels from the first', () => {
    const strips = slotStrips(WAYS_243);
    // Stop every reel where its window holds the most p1-or-wild, then count by hand.
    const floats = strips.map((strip) => {
      let best = 0;
      let bestStop = 0;
      for (let stop = 0; stop < strip.length; stop += 1) {
        const shown = [0, 1, 2].map((row) => strip[(stop + row) % strip.length]);
        const matches = shown.filter((symbol) => symbol === 'p1' || symbol === 'wild').length;
        if (matches > best) [best, bestStop] = [matches, stop];
      }
      return (bestStop + 0.5) / strip.length;
    });
    const outcome = playSlotConfig(WAYS_243, [...floats, ...new Array<number>(slotFloats(WAYS_243) - 5).fill(0.5)]);
    const perReel = outcome.grid.map(
      (column) => column.filter((symbol) => symbol === 'p1' || symbol === 'wild').length,
    );
    const p1 = outcome.wins.find((win) => win.symbol === 'p1');
    expect(p1).toMatchObject({ count: 5, ways: perReel.reduce((product, count) => product * count, 1) });
    expect(p1!.pay).toBe(WAYS_243.paytable.p1![5]! * ('ways' in p1! ? p1.ways : 0));
  });

  it('plays a configuration as an Originals slot round, provably fair and verifiable', async () => {
    const seeds = { serverSeed: '3'.repeat(64), clientSeed: 'reels', nonce: 4 };
    expect(validateRound({ engine: 'slot', params: { config: 'book' } })).toBeNull();
    expect(validateRound({ engine: 'slot', params: { config: 'nope' as 'book' } })).toMatch(/unknown/);
    expect(floatsNeeded({ engine: 'slot', params: { config: 'book' } })).toBe(5 * 11);
    expect(floatsNeeded({ engine: 'slot', params: {} })).toBe(5);
    const played = await playFairRound(seeds, { engine: 'slot', params: { config: 'ways-4096' } });
    if (played.engine !== 'slot') throw new Error('a slot round');
    expect(played.outcome.grid).toHaveLength(6);
    const verified = await verifyRound(
      { ...seeds, serverSeedHash: await hashServerSeed(seeds.serverSeed) },
      {
        engine: 'slot',
        params: { config: 'ways-4096' },
      },
    );
    expect(verified).toEqual({ seedMatchesHash: true, outcome: played });
  });
});
