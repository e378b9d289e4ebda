import { describe, expect, it } from 'vitest';
import { parseCards } from './cards';
import {
  categoryOf,
  evaluatePoker,
  evaluateThreeCard,
  isRoyalFlush,
  scoreRanks,
  threeCardCategory,
} from './poker-hands';

const poker = (cards: string) => evaluatePoker(parseCards(cards));
const three = (cards: string) => evaluateThreeCard(parseCards(cards));

describe('five-card poker hands', () => {
  it.each([
    ['As Ks Qs Js Ts', 'straight_flush'],
    ['9h 8h 7h 6h 5h', 'straight_flush'],
    ['5d 4d 3d 2d Ad', 'straight_flush'],
    ['9c 9d 9h 9s 2c', 'four_of_a_kind'],
    ['9c 9d 9h 2s 2c', 'full_house'],
    ['Ac Tc 7c 4c 2c', 'flush'],
    ['Ac Kd Qh Js Tc', 'straight'],
    ['5c 4d 3h 2s Ac', 'straight'],
    ['7c 7d 7h Ks 2c', 'three_of_a_kind'],
    ['7c 7d Kh Ks 2c', 'two_pair'],
    ['Jc Jd Kh 4s 2c', 'pair'],
    ['Ac Jd 8h 4s 2c', 'high_card'],
  ])('%s is %s', (cards, category) => {
    expect(categoryOf(poker(cards))).toBe(category);
  });

  it('does not wrap a straight round the ace (Q-K-A-2-3 is nothing)', () => {
    expect(categoryOf(poker('Qc Kd Ah 2s 3c'))).toBe('high_card');
  });

  it('knows a royal flush from a smaller straight flush, and the wheel is the lowest straight', () => {
    expect(isRoyalFlush(poker('As Ks Qs Js Ts'))).toBe(true);
    expect(isRoyalFlush(poker('Ks Qs Js Ts 9s'))).toBe(false);
    expect(poker('5c 4d 3h 2s Ac')).toBeLessThan(poker('6c 5d 4h 3s 2c'));
    expect(scoreRanks(poker('5d 4d 3d 2d Ad'))).toEqual([5]);
  });

  it('breaks ties by pair rank, then kickers, in order; suits never count', () => {
    expect(poker('Jc Jd Kh 4s 2c')).toBeGreaterThan(poker('Tc Td Ah Ks Qc'));
    expect(poker('Jc Jd Kh 4s 3c')).toBeGreaterThan(poker('Jh Js Kd 4c 2d'));
    expect(poker('Jc Jd Kh 4s 2c')).toBe(poker('Jh Js Kd 4c 2d'));
    expect(poker('Kc Kd 2h 2s Ac')).toBeGreaterThan(poker('Qc Qd Jh Js Ac'));
    expect(poker('Kc Kd 3h 3s 2c')).toBeGreaterThan(poker('Kh Ks 2d 2c Ac'));
    expect(poker('Ah Kh 9h 5h 3h')).toBeGreaterThan(poker('Ac Kc 9c 5c 2c'));
    expect(poker('3c 3d 3h As Ac')).toBeLessThan(poker('4c 4d 4h 2s 2c'));
  });

  it('picks the best five of seven cards', () => {
    expect(categoryOf(poker('Ah Kh Qh Jh Th 9h 8h'))).toBe('straight_flush');
    expect(isRoyalFlush(poker('Ah Kh Qh Jh Th 9h 8h'))).toBe(true);
    expect(categoryOf(poker('9c 9d 9h 2s 2c 2d 5h'))).toBe('full_house');
    expect(scoreRanks(poker('9c 9d 9h 2s 2c 2d 5h'))).toEqual([9, 2]);
    expect(scoreRanks(poker('9c 9d 9h 9s Kc Qd Ah'))).toEqual([9, 14]);
    expect(categoryOf(poker('Ac 2c 3d 4h 5s Kc Qc'))).toBe('straight');
    expect(categoryOf(poker('Ac 2c 3c 4c 9c Kd 5s'))).toBe('flush');
    expect(scoreRanks(poker('Kc Kd Qh Qs Jc Jd 2h'))).toEqual([13, 12, 11]);
    expect(scoreRanks(poker('6c 7d 8h 9s Tc Jd Qh'))).toEqual([12]);
  });
});

describe('three-card poker hands', () => {
  it.each([
    ['Qh Kh Ah', 'straight_flush'],
    ['Ah 2h 3h', 'straight_flush'],
    ['7c 7d 7h', 'three_of_a_kind'],
    ['Ac 2d 3h', 'straight'],
    ['Qc Kd Ah', 'straight'],
    ['2c 9c Kc', 'flush'],
    ['9c 9d 2h', 'pair'],
    ['Ac 9d 2h', 'high_card'],
    ['Kc Ad 2h', 'high_card'],
  ])('%s is %s', (cards, category) => {
    expect(threeCardCategory(three(cards))).toBe(category);
  });

  it('ranks a straight above a flush, and A-2-3 as the lowest straight', () => {
    expect(three('4c 5d 6h')).toBeGreaterThan(three('Ac Kc Jc'));
    expect(three('Ac 2d 3h')).toBeLessThan(three('2c 3d 4h'));
    expect(three('Qc Kd Ah')).toBeGreaterThan(three('Jc Qd Kh'));
  });

  it('breaks ties by the pair, then the kicker, then high cards in order', () => {
    expect(three('9c 9d Kh')).toBeGreaterThan(three('9h 9s Qc'));
    expect(three('Tc Td 2h')).toBeGreaterThan(three('9h 9s Ac'));
    expect(three('Kc 7d 5h')).toBeGreaterThan(three('Kh 7s 4c'));
    expect(three('Kc 7d 5h')).toBe(three('Kh 7s 5c'));
  });
});
