import { describe, expect, it } from 'vitest';
import type { LockedBonus } from '../bonuses/bonus-engine';
import { decideFunding, type FundingAsk } from './stake-pipeline';

/** A running bonus as the decision sees it: only the terms it reads matter here. */
function running(terms: { maxBet?: bigint | null; freeSpins?: { game: string; stake: bigint; left: number } } = {}) {
  return {
    bonus: { id: 'b0000000-0000-4000-8000-000000000000', freeSpinsLeft: terms.freeSpins?.left ?? null },
    campaign: {
      kind: terms.freeSpins ? 'free_spins' : 'free_money',
      maxBet: terms.maxBet ?? null,
      gameSlug: terms.freeSpins?.game ?? null,
      freeSpinStake: terms.freeSpins?.stake ?? null,
    },
  } as LockedBonus;
}

const sports = (amount: bigint): FundingAsk => ({ product: 'sports', currency: 'EUR', amount });
const casino = (amount: bigint, gameSlug = 'dice'): FundingAsk => ({
  product: 'casino',
  currency: 'EUR',
  amount,
  gameSlug,
});

describe('decideFunding', () => {
  it('takes main money first, then the running bonus money', () => {
    expect(decideFunding(sports(800n), { main: 300n, bonus: 2000n, scoped: running() })).toMatchObject({
      kind: 'funded',
      shares: { main: 300n, bonus: 500n, freeSpin: 0n },
    });
    expect(decideFunding(sports(200n), { main: 300n, bonus: 2000n, scoped: running() })).toMatchObject({
      shares: { main: 200n, bonus: 0n, freeSpin: 0n },
    });
  });

  it('lends no bonus money without a running bonus that takes part', () => {
    const decision = decideFunding(sports(400n), { main: 300n, bonus: 2000n, scoped: undefined });
    expect(decision.kind).toBe('refused');
    expect(decision.kind === 'refused' && decision.error.code).toBe('insufficient_funds');
  });

  it('caps the stake at the bonus max bet, naming it, before looking at the money', () => {
    const decision = decideFunding(sports(501n), { main: 0n, bonus: 0n, scoped: running({ maxBet: 500n }) });
    expect(decision.kind === 'refused' && decision.error.code).toBe('bonus_max_bet_exceeded');
    expect(decision.kind === 'refused' && decision.error.message).toContain('5.00');
  });

  it("pays a free spin from the house: the campaign's game at its spin stake while spins are left", () => {
    const spins = running({ maxBet: 10n, freeSpins: { game: 'lucky-reels', stake: 20n, left: 1 } });
    expect(decideFunding(casino(20n, 'lucky-reels'), { main: 0n, bonus: 0n, scoped: spins })).toMatchObject({
      kind: 'funded',
      freeSpin: true,
      shares: { main: 0n, bonus: 0n, freeSpin: 20n },
    });
    expect(decideFunding(casino(20n, 'dice'), { main: 0n, bonus: 0n, scoped: spins }).kind).toBe('refused');
    expect(decideFunding(sports(20n), { main: 100n, bonus: 0n, scoped: spins }).kind).toBe('refused');
  });
});
