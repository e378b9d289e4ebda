import { describe, expect, it } from 'vitest';
import { CrapsRound, type CrapsAction, type CrapsBets } from './craps';
import { IllegalActionError } from './round';
import { diceFloats } from './test-dice';

describe('craps', () => {
  const play = (bets: CrapsBets, dice: number[], actions: CrapsAction[] = []) => {
    const round = new CrapsRound(bets, diceFloats(dice));
    const stakes = actions.map((action) => round.act(action));
    return { round, stakes, settlement: round.finished ? round.settlement() : null };
  };
  const payouts = (settlement: ReturnType<typeof play>['settlement']) =>
    Object.fromEntries(settlement!.bets.map((bet) => [bet.bet, bet.payout]));

  it("pass wins on a come-out 7 or 11 and loses on 2, 3, 12; don't pass the opposite, pushing on 12", () => {
    expect(payouts(play({ pass: 10n, dontPass: 10n }, [3, 4]).settlement)).toEqual({
      'pass line': 20n,
      "don't pass": 0n,
    });
    expect(payouts(play({ pass: 10n, dontPass: 10n }, [5, 6]).settlement)).toEqual({
      'pass line': 20n,
      "don't pass": 0n,
    });
    expect(payouts(play({ pass: 10n, dontPass: 10n }, [1, 2]).settlement)).toEqual({
      'pass line': 0n,
      "don't pass": 20n,
    });
    expect(payouts(play({ pass: 10n, dontPass: 10n }, [6, 6]).settlement)).toEqual({
      'pass line': 0n,
      "don't pass": 10n,
    });
  });

  it('sets a point, rolls on request until the point (pass wins) or a 7 (pass loses)', () => {
    const made = play({ pass: 10n }, [2, 2, 3, 5, 1, 3], [{ type: 'roll' }, { type: 'roll' }]);
    expect(made.round.view()).toMatchObject({
      phase: 'finished',
      point: 4,
      rolls: [
        [2, 2],
        [3, 5],
        [1, 3],
      ],
    });
    expect(payouts(made.settlement)).toEqual({ 'pass line': 20n });
    const sevenOut = play({ pass: 10n, dontPass: 5n }, [2, 2, 3, 4], [{ type: 'roll' }]);
    expect(payouts(sevenOut.settlement)).toEqual({ 'pass line': 0n, "don't pass": 10n });
  });

  it('takes odds at true odds behind the line, at most 3-4-5x, once', () => {
    const four = play({ pass: 10n }, [1, 3, 2, 2], [{ type: 'odds', pass: 30n }, { type: 'roll' }]);
    expect(four.stakes).toEqual([30n, 0n]);
    expect(payouts(four.settlement)).toEqual({ 'pass line': 20n, 'pass odds': 90n });
    const six = play({ pass: 10n }, [3, 3, 4, 2], [{ type: 'odds', pass: 50n }, { type: 'roll' }]);
    expect(payouts(six.settlement)).toEqual({ 'pass line': 20n, 'pass odds': 110n });
    const five = play({ pass: 10n }, [1, 4, 1, 4], [{ type: 'odds', pass: 40n }, { type: 'roll' }]);
    expect(payouts(five.settlement)).toEqual({ 'pass line': 20n, 'pass odds': 100n });
    const round = new CrapsRound({ pass: 10n }, diceFloats([1, 3, 2, 2]));
    expect(() => round.act({ type: 'odds', pass: 31n })).toThrow(/3x/);
    round.act({ type: 'odds', pass: 10n });
    expect(() => round.act({ type: 'odds', pass: 10n })).toThrow(IllegalActionError);
    expect(round.allowedActions()).toEqual(['roll']);
  });

  it("lays odds behind don't pass up to 6x, paying 1:2 on 4 and 10", () => {
    const laid = play({ dontPass: 10n }, [1, 3, 3, 4], [{ type: 'odds', dontPass: 60n }, { type: 'roll' }]);
    expect(payouts(laid.settlement)).toEqual({ "don't pass": 20n, "don't pass odds": 90n });
    expect(() => new CrapsRound({ dontPass: 10n }, diceFloats([1, 3])).act({ type: 'odds', dontPass: 61n })).toThrow(
      /6x/,
    );
  });

  it('pays the field on the come-out roll only: 2 pays 2:1, 12 pays 3:1', () => {
    expect(payouts(play({ field: 10n }, [1, 1]).settlement)).toEqual({ field: 30n });
    expect(payouts(play({ field: 10n }, [6, 6]).settlement)).toEqual({ field: 40n });
    expect(payouts(play({ field: 10n }, [4, 5]).settlement)).toEqual({ field: 20n });
    expect(payouts(play({ field: 10n }, [3, 4]).settlement)).toEqual({ field: 0n });
    const fieldOnly = play({ field: 10n }, [2, 2]);
    expect(fieldOnly.round.finished).toBe(true);
  });
});
