import { describe, expect, it } from 'vitest';
import { parseCards, stackedCards } from './cards';
import { IllegalActionError } from './round';
import { jacksOrBetterHand, VideoPokerRound } from './video-poker';

const hand = (cards: string) => jacksOrBetterHand(parseCards(cards));

describe('jacks or better hands', () => {
  it.each([
    ['As Ks Qs Js Ts', 'royal_flush'],
    ['Ts Js Qs Ks As', 'royal_flush'],
    ['9s Ks Qs Js Ts', 'straight_flush'],
    ['Ah 2h 3h 4h 5h', 'straight_flush'],
    ['9c 9d 9h 9s 2c', 'four_of_a_kind'],
    ['9c 9d 9h 2s 2c', 'full_house'],
    ['Ac Tc 7c 4c 2c', 'flush'],
    ['Ac 2d 3h 4s 5c', 'straight'],
    ['Tc Jd Qh Ks Ac', 'straight'],
    ['7c 7d 7h Ks 2c', 'three_of_a_kind'],
    ['2c 2d 3h 3s Kc', 'two_pair'],
    ['Jc Jd 8h 4s 2c', 'jacks_or_better'],
    ['Ac Ad 8h 4s 2c', 'jacks_or_better'],
    ['Tc Td 8h 4s 2c', 'nothing'],
    ['2c 2d 8h 4s Ac', 'nothing'],
    ['Kc Qd 8h 4s 2c', 'nothing'],
    ['Qc Kd Ah 2s 3c', 'nothing'],
  ])('%s is %s', (cards, expected) => {
    expect(hand(cards)).toBe(expected);
  });
});

describe('video poker rounds', () => {
  it('deals five, replaces the cards not held from the same deck in order, and pays for one', () => {
    const round = new VideoPokerRound({ stake: 10n }, stackedCards(parseCards('Jh Jd 4c 9s 2h Jc 7d 8s')));
    expect(round.view()).toEqual({
      phase: 'deal',
      cards: ['Jh', 'Jd', '4c', '9s', '2h'],
      held: null,
      hand: 'jacks_or_better',
    });
    expect(round.act({ type: 'draw', hold: [1, 0] })).toBe(0n);
    expect(round.view()).toEqual({
      phase: 'finished',
      cards: ['Jh', 'Jd', 'Jc', '7d', '8s'],
      held: [0, 1],
      hand: 'three_of_a_kind',
    });
    expect(round.settlement().totalPayout).toBe(30n);
  });

  it('pays the royal 800 for one, a pair of jacks gets the stake back, a pair of tens nothing', () => {
    const play = (cards: string, hold: number[]) => {
      const round = new VideoPokerRound({ stake: 5n }, stackedCards(parseCards(cards)));
      round.act({ type: 'draw', hold });
      return round.settlement().totalPayout;
    };
    expect(play('As Ks Qs Js Ts', [0, 1, 2, 3, 4])).toBe(4000n);
    expect(play('Jc Jd 8h 4s 2c', [0, 1, 2, 3, 4])).toBe(5n);
    expect(play('Tc Td 8h 4s 2c', [0, 1, 2, 3, 4])).toBe(0n);
    expect(play('2c 7d 8h 4s 9c Ah Kh Qh Jh Th', [])).toBe(4000n);
  });

  it('refuses a second draw and holds that are not distinct positions 0–4', () => {
    const round = new VideoPokerRound({ stake: 5n }, stackedCards(parseCards('2c 7d 8h 4s 9c Ah Kh Qh Jh Th')));
    expect(() => round.act({ type: 'draw', hold: [5] })).toThrow(IllegalActionError);
    expect(() => round.act({ type: 'draw', hold: [1, 1] })).toThrow(IllegalActionError);
    expect(() => round.act({ type: 'draw', hold: [0.5] })).toThrow(IllegalActionError);
    expect(round.finished).toBe(false);
    round.act({ type: 'draw', hold: [0, 1, 2, 3, 4] });
    expect(() => round.act({ type: 'draw', hold: [] })).toThrow(IllegalActionError);
  });
});
