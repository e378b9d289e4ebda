import { describe, expect, it } from 'vitest';
import { multiplierValue } from '../multiplier';
import {
  AMERICAN_WHEEL,
  DOUBLE_ZERO,
  EUROPEAN_WHEEL,
  RouletteRound,
  rouletteBetMultiplier,
  rouletteInsideBets,
  validateRouletteBets,
  type RouletteBet,
  type RouletteVariant,
} from './roulette';

/** The round whose float lands the ball in `pocket`. */
function spinTo(variant: RouletteVariant, pocket: number, bets: RouletteBet[]): RouletteRound {
  const wheel = variant === 'american' ? AMERICAN_WHEEL : EUROPEAN_WHEEL;
  const index = wheel.indexOf(pocket);
  return new RouletteRound(variant, { bets }, () => (index + 0.5) / wheel.length);
}

function paid(variant: RouletteVariant, pocket: number, bet: RouletteBet): bigint {
  return spinTo(variant, pocket, [bet]).settlement().totalPayout;
}

describe('roulette wheels', () => {
  it('holds every number once: 37 pockets European, 38 American with the double zero', () => {
    expect([...EUROPEAN_WHEEL].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, index) => index));
    expect([...AMERICAN_WHEEL].sort((a, b) => a - b)).toEqual(Array.from({ length: 38 }, (_, index) => index));
  });

  it('lands where the float points on the wheel and names the colour', () => {
    expect(spinTo('european', 17, []).view()).toEqual({
      variant: 'european',
      pocket: 17,
      wheelIndex: 8,
      color: 'black',
    });
    expect(spinTo('european', 32, []).view().color).toBe('red');
    expect(spinTo('american', DOUBLE_ZERO, []).view().color).toBe('green');
    expect(new RouletteRound('european', { bets: [] }, () => 0.999_999).view().pocket).toBe(26);
  });
});

describe('roulette bets and payouts', () => {
  const stake = 10n;
  const cases: [string, RouletteBet, number, bigint][] = [
    ['straight 35:1', { kind: 'straight', numbers: [17], stake }, 17, 360n],
    ['straight on zero', { kind: 'straight', numbers: [0], stake }, 0, 360n],
    ['split 17:1', { kind: 'split', numbers: [17, 20], stake }, 20, 180n],
    ['split with zero', { kind: 'split', numbers: [0, 2], stake }, 0, 180n],
    ['street 11:1', { kind: 'street', numbers: [16, 17, 18], stake }, 18, 120n],
    ['trio 0-1-2 11:1', { kind: 'street', numbers: [0, 1, 2], stake }, 1, 120n],
    ['corner 8:1', { kind: 'corner', numbers: [17, 18, 20, 21], stake }, 21, 90n],
    ['first four 8:1', { kind: 'corner', numbers: [0, 1, 2, 3], stake }, 3, 90n],
    ['six line 5:1', { kind: 'six_line', numbers: [31, 32, 33, 34, 35, 36], stake }, 34, 60n],
    ['red 1:1', { kind: 'red', stake }, 1, 20n],
    ['black 1:1', { kind: 'black', stake }, 2, 20n],
    ['odd 1:1', { kind: 'odd', stake }, 35, 20n],
    ['even 1:1', { kind: 'even', stake }, 36, 20n],
    ['low 1:1', { kind: 'low', stake }, 18, 20n],
    ['high 1:1', { kind: 'high', stake }, 19, 20n],
    ['first dozen 2:1', { kind: 'dozen', index: 1, stake }, 12, 30n],
    ['third dozen 2:1', { kind: 'dozen', index: 3, stake }, 25, 30n],
    ['first column 2:1', { kind: 'column', index: 1, stake }, 34, 30n],
    ['third column 2:1', { kind: 'column', index: 3, stake }, 36, 30n],
  ];
  it.each(cases)('pays %s', (_, bet, pocket, payout) => {
    expect(validateRouletteBets('european', { bets: [bet] })).toBeNull();
    expect(paid('european', pocket, bet)).toBe(payout);
  });

  it('loses every bet that does not cover the number, and zero loses every outside bet', () => {
    for (const [, bet, pocket] of cases) {
      const miss = [...EUROPEAN_WHEEL].find((number) => rouletteBetMultiplier('european', bet, number).numerator === 0);
      expect(miss, `${bet.kind}`).toBeDefined();
      expect(pocket).not.toBe(miss);
    }
    for (const kind of ['red', 'black', 'odd', 'even', 'low', 'high'] as const) {
      expect(paid('european', 0, { kind, stake })).toBe(0n);
    }
    expect(paid('european', 0, { kind: 'dozen', index: 1, stake })).toBe(0n);
  });

  it('French la partage returns half an even-money bet on zero, and nothing else changes', () => {
    expect(paid('french', 0, { kind: 'red', stake })).toBe(5n);
    expect(paid('french', 0, { kind: 'high', stake: 11n })).toBe(5n);
    expect(paid('french', 0, { kind: 'dozen', index: 1, stake })).toBe(0n);
    expect(paid('french', 17, { kind: 'straight', numbers: [17], stake })).toBe(360n);
  });

  it('American: the double zero, its splits and trios, the top line 6:1, and zeros losing outside bets', () => {
    expect(paid('american', DOUBLE_ZERO, { kind: 'straight', numbers: [DOUBLE_ZERO], stake })).toBe(360n);
    expect(paid('american', DOUBLE_ZERO, { kind: 'split', numbers: [0, DOUBLE_ZERO], stake })).toBe(180n);
    expect(paid('american', 2, { kind: 'street', numbers: [0, DOUBLE_ZERO, 2], stake })).toBe(120n);
    expect(paid('american', DOUBLE_ZERO, { kind: 'top_line', numbers: [0, DOUBLE_ZERO, 1, 2, 3], stake })).toBe(70n);
    expect(paid('american', DOUBLE_ZERO, { kind: 'red', stake })).toBe(0n);
    expect(
      validateRouletteBets('european', { bets: [{ kind: 'top_line', numbers: [0, DOUBLE_ZERO, 1, 2, 3], stake }] }),
    ).not.toBeNull();
    expect(
      validateRouletteBets('american', { bets: [{ kind: 'corner', numbers: [0, 1, 2, 3], stake }] }),
    ).not.toBeNull();
  });

  it('knows every inside bet of each layout', () => {
    const count = (variant: RouletteVariant) => {
      const counts: Record<string, number> = {};
      for (const bet of rouletteInsideBets(variant)) counts[bet.kind] = (counts[bet.kind] ?? 0) + 1;
      return counts;
    };
    expect(count('european')).toEqual({ straight: 37, split: 60, street: 14, corner: 23, six_line: 11 });
    expect(count('american')).toEqual({ straight: 38, split: 62, street: 15, corner: 22, six_line: 11, top_line: 1 });
  });

  it('refuses bets the layout does not take', () => {
    const refuse = (bet: RouletteBet) => validateRouletteBets('european', { bets: [bet] });
    expect(refuse({ kind: 'split', numbers: [3, 4], stake })).toMatch(/not a bet/);
    expect(refuse({ kind: 'corner', numbers: [3, 4, 6, 7], stake })).toMatch(/not a bet/);
    expect(refuse({ kind: 'straight', numbers: [37], stake })).toMatch(/not a bet/);
    expect(refuse({ kind: 'street', numbers: [2, 3, 4], stake })).toMatch(/not a bet/);
    expect(refuse({ kind: 'red', stake: 0n })).toMatch(/positive/);
    expect(refuse({ kind: 'dozen', index: 4 as 1, stake })).toMatch(/index/);
    expect(validateRouletteBets('european', { bets: [] })).toMatch(/at least one/);
  });

  it('returns exactly 36/37 on every European bet, 73/74 on French even-money bets, 36/38 American (top line 35/38)', () => {
    const rtp = (variant: RouletteVariant, bet: RouletteBet) => {
      const wheel = variant === 'american' ? AMERICAN_WHEEL : EUROPEAN_WHEEL;
      return (
        wheel.reduce((total, pocket) => total + multiplierValue(rouletteBetMultiplier(variant, bet, pocket)), 0) /
        wheel.length
      );
    };
    const outside: RouletteBet[] = [
      ...(['red', 'black', 'odd', 'even', 'low', 'high'] as const).map((kind) => ({ kind, stake })),
      ...([1, 2, 3] as const).flatMap((index) => [
        { kind: 'dozen' as const, index, stake },
        { kind: 'column' as const, index, stake },
      ]),
    ];
    for (const variant of ['european', 'french', 'american'] as const) {
      for (const bet of [...rouletteInsideBets(variant).map((inside) => ({ ...inside, stake })), ...outside]) {
        let expected = 36 / 37;
        if (variant === 'american') expected = bet.kind === 'top_line' ? 35 / 38 : 36 / 38;
        if (variant === 'french' && !('index' in bet) && !('numbers' in bet)) expected = 73 / 74;
        expect(rtp(variant, bet)).toBeCloseTo(expected, 12);
      }
    }
  });
});
