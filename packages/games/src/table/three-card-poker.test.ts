import { describe, expect, it } from 'vitest';
import { parseCards, stackedCards } from './cards';
import { evaluateThreeCard } from './poker-hands';
import { IllegalActionError } from './round';
import { dealerQualifies, playsByOptimalStrategy, ThreeCardPokerRound } from './three-card-poker';

/** Player's three cards, then the dealer's three. */
function round(cards: string, pairPlus = 0n) {
  return new ThreeCardPokerRound({ ante: 10n, pairPlus }, stackedCards(parseCards(cards)));
}

function settle(cards: string, decision: 'play' | 'fold', pairPlus = 0n): Record<string, bigint> {
  const game = round(cards, pairPlus);
  const extra = game.act({ type: decision });
  const settlement = game.settlement();
  const payouts: Record<string, bigint> = Object.fromEntries(settlement.bets.map((bet) => [bet.bet, bet.payout]));
  return { extra, ...payouts, total: settlement.totalPayout };
}

describe('three card poker', () => {
  it('keeps the dealer cards hidden until the player decides', () => {
    const game = round('Ah Kd 9c 2s 3s 7h');
    expect(game.view()).toMatchObject({
      phase: 'deciding',
      player: ['Ah', 'Kd', '9c'],
      dealer: null,
      dealerHand: null,
    });
    expect(game.allowedActions()).toEqual(['play', 'fold']);
    game.act({ type: 'play' });
    expect(game.view()).toMatchObject({ phase: 'finished', dealer: ['2s', '3s', '7h'], dealerQualifies: false });
    expect(() => game.act({ type: 'fold' })).toThrow(IllegalActionError);
  });

  it('the dealer qualifies with queen high or better', () => {
    expect(dealerQualifies(evaluateThreeCard(parseCards('Qh 3d 2c')))).toBe(true);
    expect(dealerQualifies(evaluateThreeCard(parseCards('Jh Td 8c')))).toBe(false);
    expect(dealerQualifies(evaluateThreeCard(parseCards('2h 2d 3c')))).toBe(true);
  });

  it('a dealer who does not qualify pays the ante 1:1 and pushes the play', () => {
    expect(settle('Ah Kd 9c 2s 3s 7h', 'play')).toMatchObject({ extra: 10n, ante: 20n, play: 10n, total: 30n });
  });

  it('against a qualifying dealer the better hand wins both bets, equal hands push, a worse hand loses both', () => {
    expect(settle('Ah Ad 9c Kh Qd 2c', 'play')).toMatchObject({ ante: 20n, play: 20n });
    expect(settle('Kh Qd 2c Ah Ad 9c', 'play')).toMatchObject({ ante: 0n, play: 0n });
    expect(settle('Kh Qd 2c Ks Qc 2d', 'play')).toMatchObject({ ante: 10n, play: 10n });
  });

  it('pays the ante bonus on a straight or better to a player who plays, even when the dealer wins', () => {
    expect(settle('4h 5d 6c 8s 8d 8h', 'play')).toMatchObject({ ante: 10n, play: 0n });
    expect(settle('7h 7d 7c As Kd 2h', 'play')).toMatchObject({ ante: 60n, play: 20n });
    expect(settle('9h Th Jh Qs Kd 2h', 'play')).toMatchObject({ ante: 70n, play: 20n });
  });

  it('folding loses the ante and the pair plus', () => {
    expect(settle('9h 9d 3c Qs Kd 2h', 'fold', 5n)).toMatchObject({ extra: 0n, ante: 0n, 'pair plus': 0n, total: 0n });
  });

  it('pays pair plus 1/4/6/30/40 on the player hand alone', () => {
    const pairPlus = (cards: string) => settle(`${cards} Qs Kd 2h`, 'play', 10n)['pair plus'];
    expect(pairPlus('9h 9d 3c')).toBe(20n);
    expect(pairPlus('2c 9c Jc')).toBe(50n);
    expect(pairPlus('4h 5d 6c')).toBe(70n);
    expect(pairPlus('7h 7d 7c')).toBe(310n);
    expect(pairPlus('9h Th Jh')).toBe(410n);
    expect(pairPlus('Ah 9d 3c')).toBe(0n);
  });

  it('plays Q-6-4 or better by the optimal strategy', () => {
    const plays = (cards: string) => playsByOptimalStrategy(evaluateThreeCard(parseCards(cards)));
    expect(plays('Qh 6d 4c')).toBe(true);
    expect(plays('Qh 6d 3c')).toBe(false);
    expect(plays('Qh 5d 4c')).toBe(false);
    expect(plays('Qh 7d 2c')).toBe(true);
    expect(plays('Kh 3d 2c')).toBe(true);
    expect(plays('Jh Td 8c')).toBe(false);
    expect(plays('2h 2d 3c')).toBe(true);
  });
});
