import { describe, expect, it } from 'vitest';
import { aaBonusPays, CasinoHoldemRound, holdemDealerQualifies } from './casino-holdem';
import { casinoHoldemStrategy } from './casino-holdem-strategy';
import { parseCards, stackedCards } from './cards';
import { evaluatePoker } from './poker-hands';
import { IllegalActionError } from './round';

/** Player two, dealer two, flop three, turn, river. */
function settle(cards: string, decision: 'call' | 'fold', aaBonus = 0n): Record<string, bigint> {
  const round = new CasinoHoldemRound({ ante: 10n, aaBonus }, stackedCards(parseCards(cards)));
  const extra = round.act({ type: decision });
  const settlement = round.settlement();
  const payouts: Record<string, bigint> = Object.fromEntries(settlement.bets.map((bet) => [bet.bet, bet.payout]));
  return { extra, ...payouts, total: settlement.totalPayout };
}

describe("casino hold'em", () => {
  it('shows the flop and hides the dealer cards, turn and river until the player decides', () => {
    const round = new CasinoHoldemRound({ ante: 10n }, stackedCards(parseCards('Ah Kd 2c 3d 9h 9s 4c Jd 5s')));
    expect(round.view()).toMatchObject({
      phase: 'deciding',
      player: ['Ah', 'Kd'],
      board: ['9h', '9s', '4c'],
      dealer: null,
    });
    expect(round.view().playerHand).toBe('pair');
    expect(round.act({ type: 'call' })).toBe(20n);
    expect(round.view()).toMatchObject({ board: ['9h', '9s', '4c', 'Jd', '5s'], dealer: ['2c', '3d'] });
    expect(() => round.act({ type: 'fold' })).toThrow(IllegalActionError);
  });

  it('the dealer qualifies with a pair of fours or better', () => {
    expect(holdemDealerQualifies(evaluatePoker(parseCards('4c 4d Ah 9s 7c Jd 2s')))).toBe(true);
    expect(holdemDealerQualifies(evaluatePoker(parseCards('3c 3d Ah 9s 7c Jd 2s')))).toBe(false);
    expect(holdemDealerQualifies(evaluatePoker(parseCards('Kc Qd Ah 9s 7c Jd 2s')))).toBe(false);
  });

  it('a dealer who does not qualify pays the ante by the table and pushes the call', () => {
    // Player A-K with board K-9-4-J-5: pair of kings; dealer 2-3: no pair of fours.
    expect(settle('Ah Kd 2c 3d Kh 9s 4c Jd 7s', 'call')).toMatchObject({ ante: 20n, call: 20n, total: 40n });
  });

  it('against a qualifying dealer the better hand wins the call 1:1 and the ante by the table; a tie pushes', () => {
    // Player flush (hearts) beats the dealer's pair of nines: ante 2:1, call 1:1.
    expect(settle('Ah 6h 9c 2d Kh 9h 4h Jd 7s', 'call')).toMatchObject({ ante: 30n, call: 40n });
    // Dealer's trips beat the player's pair.
    expect(settle('Ah 6c 9c 9d Kh 9h 4s Jd 7s', 'call')).toMatchObject({ ante: 0n, call: 0n });
    // Both play the board's straight: a tie, both bets back.
    expect(settle('2h 3c 2d 3s 9h Th Jc Qd Ks', 'call')).toMatchObject({ ante: 10n, call: 20n });
  });

  it('pays the ante 100:1 for a royal flush', () => {
    expect(settle('Ah Kh 2c 3d Qh Jh Th 4s 4d', 'call')).toMatchObject({ ante: 1010n, call: 40n });
  });

  it('folding loses the ante and the AA bonus', () => {
    expect(settle('Ah Ad 2c 3d Kh 9s 4c Jd 7s', 'fold', 5n)).toMatchObject({
      extra: 0n,
      ante: 0n,
      'AA bonus': 0n,
      total: 0n,
    });
  });

  it('pays the AA bonus on the player cards and the flop: a pair of aces or better, 7:1 and up', () => {
    const bonus = (five: string) => aaBonusPays(parseCards(five));
    expect(bonus('Ah Ad 2c 7s 9h')).toBe(7);
    expect(bonus('Kh Kd 2c 7s 9h')).toBe(0);
    expect(bonus('Ah Ad 2c 2s 9h')).toBe(7);
    expect(bonus('Kh Kd 2c 2s 9h')).toBe(7);
    expect(bonus('Ah Kd 2c 7s 9h')).toBe(0);
    expect(bonus('2h 2d 2c 7s 9h')).toBe(7);
    expect(bonus('2h 3d 4c 5s 6h')).toBe(7);
    expect(bonus('2h 9h 4h 5h Kh')).toBe(20);
    expect(bonus('2h 2d 2c 9s 9h')).toBe(30);
    expect(bonus('2h 2d 2c 2s 9h')).toBe(40);
    expect(bonus('5h 6h 7h 8h 9h')).toBe(50);
    expect(bonus('Ah Kh Qh Jh Th')).toBe(100);
    // The turn and river do not count for the AA bonus.
    expect(settle('Ah Kd 2c 3d 9h 7s 4c Ac 5s', 'call', 10n)['AA bonus']).toBe(0n);
    expect(settle('Ah Ad 2c 3d 9h 7s 4c Kc 5s', 'call', 10n)['AA bonus']).toBe(80n);
  });

  it('the simple strategy calls made hands and draws, and folds a hand that calling loses more than the ante on', () => {
    const calls = (hole: string, flop: string) => casinoHoldemStrategy(parseCards(hole), parseCards(flop));
    expect(calls('9c 2d', '9h 5s Kc')).toBe(true);
    expect(calls('Ah 6h', '2h 9h Kc')).toBe(true);
    // Exact expectations of calling, by enumerating every turn, river and dealer hand: -0.28 and -1.475 antes.
    expect(calls('8h Ac', '7c 9s 4d')).toBe(true);
    expect(calls('3c 2c', 'Td 9s 5c')).toBe(false);
  });
});
