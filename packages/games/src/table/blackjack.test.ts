import { describe, expect, it } from 'vitest';
import { handValue, isBlackjack, startBlackjack, type BlackjackActionType, type BlackjackRound } from './blackjack';
import { parseCards, stackedCards } from './cards';
import { IllegalActionError } from './round';

/** A round dealt from these cards in order: box cards, up card, box cards, hole card, then draws. */
function deal(cards: string, boxes: bigint[] = [100n]): BlackjackRound {
  return startBlackjack({ boxes }, stackedCards(parseCards(cards)));
}

function play(round: BlackjackRound, ...actions: BlackjackActionType[]): bigint[] {
  return actions.map((type) => round.act({ type }));
}

function payouts(round: BlackjackRound): Record<string, string> {
  return Object.fromEntries(round.settlement().bets.map((bet) => [bet.bet, `${bet.stake}->${bet.payout}`]));
}

describe('blackjack hand values', () => {
  it('counts an ace as 11 while that stays at 21 or under, and says so', () => {
    expect(handValue(parseCards('Ah 6c'))).toEqual({ total: 17, soft: true });
    expect(handValue(parseCards('Ah 6c Tc'))).toEqual({ total: 17, soft: false });
    expect(handValue(parseCards('Ah Ad 9c'))).toEqual({ total: 21, soft: true });
    expect(handValue(parseCards('Kh Qd 2c'))).toEqual({ total: 22, soft: false });
    expect(isBlackjack(parseCards('As Jd'))).toBe(true);
    expect(isBlackjack(parseCards('7s 7d 7c'))).toBe(false);
  });
});

describe('blackjack rounds', () => {
  it('deals box, up card, box, hole card and hides the hole card until the end', () => {
    const round = deal('Th 9c 8d 5s');
    const view = round.view();
    expect(view.boxes[0]!.hands[0]!.cards).toEqual(['Th', '8d']);
    expect(view.dealer).toEqual({ cards: ['9c'], holeCardHidden: true, total: 9, soft: false });
    expect(round.allowedActions()).toEqual(['hit', 'stand', 'double']);
  });

  it('the dealer stands on soft 17', () => {
    const round = deal('Th 6c 8d As');
    play(round, 'stand');
    expect(round.finished).toBe(true);
    expect(round.view().dealer.cards).toEqual(['6c', 'As']);
    expect(payouts(round)).toEqual({ 'box 1': '100->200' });
  });

  it('the dealer draws to 16 and stops at 17 or more', () => {
    const round = deal('Th Tc 8d 6s 3h 2c');
    play(round, 'stand');
    expect(round.view().dealer.cards).toEqual(['Tc', '6s', '3h']);
    expect(payouts(round)).toEqual({ 'box 1': '100->0' });
  });

  it('pays a blackjack 3:2 and ends the box at once', () => {
    const round = deal('Ah 9c Kd 7s');
    expect(round.finished).toBe(true);
    expect(round.view().dealer.cards).toEqual(['9c', '7s']);
    expect(payouts(round)).toEqual({ 'box 1': '100->250' });
    expect(round.settlement().totalPayout).toBe(250n);
  });

  it('peeks with a ten up: a dealer blackjack ends the round taking the original stake only', () => {
    const round = deal('9h Kc 9d As');
    expect(round.finished).toBe(true);
    expect(round.allowedActions()).toEqual([]);
    expect(payouts(round)).toEqual({ 'box 1': '100->0' });
    const both = deal('Ah Kc Td As');
    expect(payouts(both)).toEqual({ 'box 1': '100->100' });
  });

  it('offers insurance with an ace up; it costs half the stake and pays 2:1 on a dealer blackjack', () => {
    const round = deal('9h Ac 9d Ks');
    expect(round.view().phase).toBe('insurance');
    expect(round.allowedActions()).toEqual(['insurance', 'no_insurance']);
    expect(play(round, 'insurance')).toEqual([50n]);
    expect(round.finished).toBe(true);
    expect(payouts(round)).toEqual({ 'box 1': '100->0', 'insurance box 1': '50->150' });
    expect(round.settlement().totalStake).toBe(150n);
  });

  it('loses the insurance when the dealer has no blackjack, and play goes on', () => {
    const round = deal('Th Ac 9d 5s 5h');
    play(round, 'insurance');
    expect(round.view().phase).toBe('playing');
    play(round, 'stand');
    expect(round.view().dealer.cards).toEqual(['Ac', '5s', '5h']);
    expect(payouts(round)).toEqual({ 'box 1': '100->0', 'insurance box 1': '50->0' });
  });

  it('takes even money: a blackjack insured against a dealer blackjack returns 2.5 times its stake', () => {
    const round = deal('Ah Ac Kd Ks');
    play(round, 'insurance');
    expect(payouts(round)).toEqual({ 'box 1': '100->100', 'insurance box 1': '50->150' });
  });

  it('declining insurance against a dealer blackjack loses the box only', () => {
    const round = deal('Th Ac 7d Ks');
    play(round, 'no_insurance');
    expect(payouts(round)).toEqual({ 'box 1': '100->0' });
  });

  it('doubles on any two cards: the stake again, one card, then the hand stands', () => {
    const round = deal('Ah 6c 7d Ts 2c 5h');
    expect(play(round, 'double')).toEqual([100n]);
    expect(round.view().boxes[0]!.hands[0]).toMatchObject({ cards: ['Ah', '7d', '2c'], doubled: true, total: 20 });
    expect(round.view().dealer.cards).toEqual(['6c', 'Ts', '5h']);
    expect(payouts(round)).toEqual({ 'box 1': '200->0' });
  });

  it('refuses to double a three-card hand or to hit during the insurance question, changing nothing', () => {
    const round = deal('5h 6c 4d Ts 2c');
    play(round, 'hit');
    expect(() => round.act({ type: 'double' })).toThrow(IllegalActionError);
    expect(round.view().boxes[0]!.hands[0]!.cards).toEqual(['5h', '4d', '2c']);
    const insurance = deal('5h Ac 4d 5s');
    expect(() => insurance.act({ type: 'hit' })).toThrow(IllegalActionError);
    expect(insurance.view().phase).toBe('insurance');
    expect(() => deal('Ah 9c Kd 7s').act({ type: 'stand' })).toThrow(/over/);
  });

  it('refuses to split two cards of different values, and splits a ten and a king', () => {
    expect(() => deal('9h 6c 8d Ts').act({ type: 'split' })).toThrow(IllegalActionError);
    const tens = deal('Th 6c Kd Ts');
    expect(tens.allowedActions()).toContain('split');
  });

  it('splits a pair into two hands, each played in turn, with double after split', () => {
    // 8 8 against a 6: split, first hand 8+3 doubles (draws T), second hand 8+9 stands; dealer 6+T+8 busts.
    const round = deal('8h 6c 8d Ts 3c Th 9s 8c');
    expect(play(round, 'split')).toEqual([100n]);
    expect(round.view().boxes[0]!.hands.map((hand) => hand.cards)).toEqual([['8h', '3c'], ['8d']]);
    expect(play(round, 'double')).toEqual([100n]);
    expect(round.view().boxes[0]!.hands[1]!.cards).toEqual(['8d', '9s']);
    expect(round.view().active).toEqual({ box: 0, hand: 1 });
    play(round, 'stand');
    expect(round.view().dealer.cards).toEqual(['6c', 'Ts', '8c']);
    expect(payouts(round)).toEqual({ 'box 1 hand 1': '200->400', 'box 1 hand 2': '100->200' });
    expect(round.settlement().totalStake).toBe(300n);
  });

  it('resplits to four hands at most', () => {
    const round = deal('8h 6c 8d Ts 8c 8s 8h 5c 5d 5h 5s');
    play(round, 'split', 'split', 'split');
    const hands = round.view().boxes[0]!.hands;
    expect(hands).toHaveLength(4);
    expect(hands[0]!.cards).toEqual(['8h', '8h']);
    expect(round.allowedActions()).not.toContain('split');
    play(round, 'stand', 'stand', 'stand', 'stand');
    expect(round.finished).toBe(true);
    expect(round.settlement().totalStake).toBe(400n);
  });

  it('splits aces once: one card each, no more play, and 21 there pays even money, not 3:2', () => {
    const round = deal('Ah 9c Ad 7s Kc Ac 2h');
    expect(play(round, 'split')).toEqual([100n]);
    expect(round.finished).toBe(true);
    const hands = round.view().boxes[0]!.hands;
    expect(hands.map((hand) => hand.cards)).toEqual([
      ['Ah', 'Kc'],
      ['Ad', 'Ac'],
    ]);
    expect(payouts(round)).toEqual({ 'box 1 hand 1': '100->200', 'box 1 hand 2': '100->0' });
  });

  it('a hand that reaches 21 stands by itself', () => {
    const round = deal('5h 9c 6d 8s Tc 7h');
    play(round, 'hit');
    expect(round.finished).toBe(true);
    expect(payouts(round)).toEqual({ 'box 1': '100->200' });
  });

  it('the dealer does not draw when every hand is bust', () => {
    const round = deal('Th 6c 6d Ts Kc 5h');
    play(round, 'hit');
    expect(round.finished).toBe(true);
    expect(round.view().dealer.cards).toEqual(['6c', 'Ts']);
    expect(payouts(round)).toEqual({ 'box 1': '100->0' });
  });

  it('plays multihand boxes left to right against one dealer hand', () => {
    // Boxes: T+9, A+K (blackjack), 7+2; dealer 6 up, T in the hole, draws 5 → 21.
    const round = deal('Th Ah 7c 6c 9d Kd 2s Ts 9c 5h', [100n, 50n, 20n]);
    expect(round.view().active).toEqual({ box: 0, hand: 0 });
    play(round, 'stand');
    expect(round.view().active).toEqual({ box: 2, hand: 0 });
    play(round, 'hit', 'stand');
    expect(round.view().dealer.cards).toEqual(['6c', 'Ts', '5h']);
    expect(payouts(round)).toEqual({ 'box 1': '100->0', 'box 2': '50->125', 'box 3': '20->0' });
  });

  it('asks each multihand box about insurance in turn', () => {
    const round = deal('Th 9h Ac 9d 8d 5s 5c', [100n, 40n]);
    expect(play(round, 'insurance', 'no_insurance')).toEqual([50n, 0n]);
    expect(round.view().boxes.map((box) => box.insurance)).toEqual(['taken', 'declined']);
    play(round, 'stand', 'stand');
    expect(payouts(round)).toEqual({ 'box 1': '100->0', 'insurance box 1': '50->0', 'box 2': '40->0' });
  });
});
