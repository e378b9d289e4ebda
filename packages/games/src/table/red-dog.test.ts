import { describe, expect, it } from 'vitest';
import { parseCards, stackedCards } from './cards';
import { RedDogRound } from './red-dog';
import { IllegalActionError } from './round';

describe('red dog', () => {
  const play = (cards: string, action?: 'raise' | 'stand') => {
    const round = new RedDogRound({ ante: 10n }, stackedCards(parseCards(cards)));
    const extra = action ? round.act({ type: action }) : 0n;
    return { round, extra, payout: round.settlement().totalPayout, stake: round.settlement().totalStake };
  };

  it('consecutive cards push at once, with nothing to decide', () => {
    const { round, payout } = play('6h 7c');
    expect(round.finished).toBe(true);
    expect(round.view()).toMatchObject({ spread: 0, cards: ['6h', '7c'] });
    expect(payout).toBe(10n);
    expect(play('Kh Ac').payout).toBe(10n);
  });

  it('a pair deals the third card at once: three of a kind pays 11:1, anything else pushes', () => {
    expect(play('8h 8c 8d').payout).toBe(120n);
    expect(play('8h 8c 9d').payout).toBe(10n);
  });

  it('pays by the spread when the third card falls strictly between, the raise alike', () => {
    expect(play('5h 7c 6d', 'stand').payout).toBe(60n);
    expect(play('5h 8c 6d', 'stand').payout).toBe(50n);
    expect(play('5h 9c 6d', 'stand').payout).toBe(30n);
    expect(play('2h Ac 6d', 'stand').payout).toBe(20n);
    const raised = play('2h Ac Kd', 'raise');
    expect(raised.extra).toBe(10n);
    expect(raised.stake).toBe(20n);
    expect(raised.payout).toBe(40n);
  });

  it('loses both bets on a third card equal to either or outside', () => {
    expect(play('5h 9c 9d', 'raise').payout).toBe(0n);
    expect(play('5h 9c 5d', 'stand').payout).toBe(0n);
    expect(play('5h 9c Ad', 'raise').payout).toBe(0n);
  });

  it('asks raise or stand only on a spread, once', () => {
    const round = new RedDogRound({ ante: 10n }, stackedCards(parseCards('2h Ac Kd')));
    expect(round.allowedActions()).toEqual(['raise', 'stand']);
    expect(round.view().spread).toBe(11);
    round.act({ type: 'stand' });
    expect(() => round.act({ type: 'raise' })).toThrow(IllegalActionError);
  });
});
