import { describe, expect, it } from 'vitest';
import { SicBoRound, sicBoBetMultiplier, validateSicBoBets, type SicBoBet } from './sic-bo';
import { diceFloats } from './test-dice';

describe('sic bo', () => {
  const pays = (bet: SicBoBet, dice: number[]) => {
    const multiplier = sicBoBetMultiplier(bet, dice);
    return multiplier.numerator / multiplier.denominator;
  };
  const stake = 1n;

  it('small and big pay 1:1 and lose to a triple; odd and even alike', () => {
    expect(pays({ kind: 'small', stake }, [1, 2, 3])).toBe(2);
    expect(pays({ kind: 'small', stake }, [2, 2, 2])).toBe(0);
    expect(pays({ kind: 'big', stake }, [6, 5, 1])).toBe(2);
    expect(pays({ kind: 'big', stake }, [5, 5, 5])).toBe(0);
    expect(pays({ kind: 'odd', stake }, [1, 1, 3])).toBe(2);
    expect(pays({ kind: 'even', stake }, [4, 4, 4])).toBe(0);
  });

  it('pays totals by the table', () => {
    const total = (value: number, dice: number[]) => pays({ kind: 'total', total: value, stake }, dice);
    expect(total(4, [1, 1, 2])).toBe(61);
    expect(total(5, [1, 2, 2])).toBe(31);
    expect(total(6, [1, 2, 3])).toBe(18);
    expect(total(7, [1, 2, 4])).toBe(13);
    expect(total(8, [2, 2, 4])).toBe(9);
    expect(total(9, [2, 3, 4])).toBe(7);
    expect(total(10, [3, 3, 4])).toBe(7);
    expect(total(11, [3, 4, 4])).toBe(7);
    expect(total(17, [6, 6, 5])).toBe(61);
    expect(total(9, [2, 3, 5])).toBe(0);
  });

  it('pays a single number 1, 2 or 3 to 1 by how many dice show it', () => {
    const single = (dice: number[]) => pays({ kind: 'single', number: 4, stake }, dice);
    expect(single([4, 1, 2])).toBe(2);
    expect(single([4, 4, 2])).toBe(3);
    expect(single([4, 4, 4])).toBe(4);
    expect(single([1, 2, 3])).toBe(0);
  });

  it('pays doubles 10:1, triples 180:1, any triple 30:1, combinations 5:1', () => {
    expect(pays({ kind: 'double', number: 3, stake }, [3, 3, 1])).toBe(11);
    expect(pays({ kind: 'double', number: 3, stake }, [3, 3, 3])).toBe(11);
    expect(pays({ kind: 'double', number: 3, stake }, [3, 1, 1])).toBe(0);
    expect(pays({ kind: 'triple', number: 6, stake }, [6, 6, 6])).toBe(181);
    expect(pays({ kind: 'triple', number: 6, stake }, [5, 5, 5])).toBe(0);
    expect(pays({ kind: 'any_triple', stake }, [5, 5, 5])).toBe(31);
    expect(pays({ kind: 'combination', numbers: [2, 5], stake }, [5, 2, 5])).toBe(6);
    expect(pays({ kind: 'combination', numbers: [2, 5], stake }, [5, 1, 5])).toBe(0);
  });

  it('rolls one die per float and refuses bets it does not know', () => {
    const round = new SicBoRound({ bets: [{ kind: 'big', stake: 10n }] }, diceFloats([6, 5, 1]));
    expect(round.view()).toEqual({ dice: [6, 5, 1], total: 12 });
    expect(round.settlement().totalPayout).toBe(20n);
    expect(validateSicBoBets({ bets: [{ kind: 'total', total: 3, stake }] })).not.toBeNull();
    expect(validateSicBoBets({ bets: [{ kind: 'combination', numbers: [2, 2], stake }] })).not.toBeNull();
    expect(validateSicBoBets({ bets: [{ kind: 'single', number: 7, stake }] })).not.toBeNull();
  });
});
