import { describe, expect, it } from 'vitest';
import { TABLE_LOWEST_RTP_BP, TABLE_STATED_RTP_BP } from './games';
import {
  baccaratRtp,
  crapsRtp,
  redDogRtp,
  rouletteRtp,
  sicBoRtp,
  simulateBlackjack,
  simulateCasinoHoldem,
  threeCardPokerRtp,
} from './rtp';

const bp = (rtp: number) => Math.round(rtp * 10_000);
const lowest = (figures: Record<string, number | undefined>) => Math.min(...Object.values(figures).map(Number));

describe('table game returns, computed from the engines', () => {
  it('roulette: 97.30% on every European bet, 98.65% French even money, 94.74% American, its top line 92.11%', () => {
    const european = rouletteRtp('european');
    expect(new Set(Object.values(european).map(bp))).toEqual(new Set([9730]));
    const french = rouletteRtp('french');
    expect(bp(french.red!)).toBe(9865);
    expect(bp(french.straight!)).toBe(9730);
    const american = rouletteRtp('american');
    expect(bp(american.straight!)).toBe(9474);
    expect(bp(american.top_line!)).toBe(9211);
    expect(TABLE_STATED_RTP_BP['roulette-european']).toBe(bp(european.red!));
    expect(TABLE_LOWEST_RTP_BP['roulette-american']).toBe(bp(lowest(american)));
  });

  it('baccarat, exact over the eight-deck shoe: banker 98.94%, player 98.76%, tie 85.64%, pairs 89.64%', () => {
    const rtp = baccaratRtp();
    expect(rtp.banker).toBeCloseTo(0.989421, 6);
    expect(rtp.player).toBeCloseTo(0.987649, 6);
    expect(rtp.tie).toBeCloseTo(0.856404, 6);
    expect(rtp.player_pair).toBeCloseTo((12 * 13 * 32 * 31) / (416 * 415), 12);
    expect(rtp.banker_pair).toBeCloseTo(rtp.player_pair, 12);
    expect(TABLE_STATED_RTP_BP.baccarat).toBe(bp(rtp.banker));
    expect(TABLE_LOWEST_RTP_BP.baccarat).toBe(bp(lowest(rtp)));
  });

  it('three card poker, exact: Q-6-4 is the optimal strategy, ante and play 96.63% per ante, pair plus 97.68%', () => {
    const rtp = threeCardPokerRtp();
    expect(rtp.q64Disagreements).toBe(0);
    expect(rtp.antePlayQ64).toBe(rtp.antePlay);
    expect(rtp.antePlay).toBeCloseTo(0.96627, 5);
    expect(rtp.antePlayPerTotalStake).toBeCloseTo(0.979853, 5);
    expect(rtp.pairPlus).toBeCloseTo(0.976833, 5);
    expect(TABLE_STATED_RTP_BP['three-card-poker']).toBe(bp(rtp.antePlay));
  });

  it('sic bo, exact over 216 rolls: small and big 97.22%, the worst bets 81.02%', () => {
    const rtp = sicBoRtp();
    expect(bp(rtp.small!)).toBe(9722);
    expect(bp(rtp['total 9']!)).toBe(8102);
    expect(bp(rtp.single!)).toBe(9213);
    expect(bp(rtp.triple!)).toBe(8380);
    expect(TABLE_LOWEST_RTP_BP['sic-bo']).toBe(bp(lowest(rtp)));
  });

  it('red dog, exact with eight decks: raising from a spread of 7 is best and returns 97.25%', () => {
    const { rtp, raiseFromSpread } = redDogRtp();
    expect(raiseFromSpread).toBe(7);
    expect(TABLE_STATED_RTP_BP['red-dog']).toBe(bp(rtp));
  });

  it("craps, exact: pass 98.59%, don't pass 98.64%, field 97.22%, odds at no edge", () => {
    const rtp = crapsRtp();
    expect(rtp.pass).toBeCloseTo(976 / 990, 12);
    expect(rtp.dontPass).toBeCloseTo(1953 / 1980, 12);
    expect(rtp.field).toBeCloseTo(35 / 36, 12);
    expect(rtp.passOddsAlone).toBeCloseTo(1, 12);
    expect(TABLE_STATED_RTP_BP.craps).toBe(bp(rtp.pass!));
  });

  it('blackjack insurance returns 92.60%: three times the chance of a ten in the hole after the two player cards', () => {
    // By symmetry the hole card is any of the 309 cards left after the ace and the player's two, which hold on average
    // 2 × 96/311 of the 96 tens.
    const tensLeft = 96 - (2 * 96) / 311;
    expect(bp((3 * tensLeft) / 309)).toBe(TABLE_LOWEST_RTP_BP.blackjack);
  });

  it('blackjack with basic strategy returns its stated figure over 100,000 rounds (within four standard errors)', () => {
    const result = simulateBlackjack(100_000, 7);
    expect(Math.abs(result.rtp - TABLE_STATED_RTP_BP.blackjack / 10_000)).toBeLessThan(4 * result.standardError);
  });

  it(
    "casino hold'em under its simple strategy returns its stated figure over 400,000 rounds (within four standard errors)",
    { timeout: 60_000 },
    () => {
      const result = simulateCasinoHoldem(400_000, 7);
      expect(Math.abs(result.rtp - TABLE_STATED_RTP_BP['casino-holdem'] / 10_000)).toBeLessThan(
        4 * result.standardError,
      );
    },
  );
});
