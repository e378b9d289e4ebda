import { describe, expect, it } from 'vitest';
import { bonusRules, stakePreview } from '@/test/funding-fixtures';
import { isPositive, slipFunding, stakeFunding } from './funding';

describe('slipFunding: the previews of a slip as one', () => {
  it('adds up the parts and what the bets count towards the wagering, in minor units', () => {
    const view = slipFunding(
      [
        stakePreview({
          funding: { cash: '5.00', bonus: '15.00', freeSpin: '0.00' },
          bonus: bonusRules({ counts: '20.00' }),
        }),
        stakePreview({
          funding: { cash: '0.00', bonus: '0.10', freeSpin: '0.00' },
          bonus: bonusRules({ counts: '0.20' }),
        }),
      ],
      'EUR',
    );
    expect(view).toMatchObject({ cash: '5.00', bonus: '15.10', freeSpin: '0.00', refusal: null });
    expect(view.rules?.counts).toBe('20.20');
    expect(view.rules?.maxBet).toBe('25.00');
  });

  it('names the first refusal and adds only the bets that would be taken', () => {
    const refusal = { code: 'insufficient_funds', message: 'Not enough money' };
    const view = slipFunding(
      [
        stakePreview(),
        stakePreview({ funding: null, refusal, bonus: bonusRules({ counts: '0.00' }) }),
        stakePreview({ funding: null, refusal: { code: 'limit_exceeded', message: 'Limit' } }),
      ],
      'EUR',
    );
    expect(view).toMatchObject({ cash: '5.00', bonus: '15.00', refusal });
    expect(view.rules?.counts).toBe('20.00');
  });

  it('has no rules when no bonus runs', () => {
    expect(slipFunding([stakePreview({ bonus: null })], 'EUR').rules).toBeNull();
  });
});

describe('stakeFunding', () => {
  it('shows a refused stake as nothing taken, with its refusal', () => {
    const refusal = { code: 'bonus_max_bet_exceeded', message: 'Too much', fields: { maxBet: '25.00' } };
    expect(stakeFunding(stakePreview({ funding: null, refusal }))).toMatchObject({
      cash: '0.00',
      bonus: '0.00',
      freeSpin: '0.00',
      refusal,
    });
  });
});

describe('isPositive', () => {
  it.each([
    ['0.00', false],
    ['0', false],
    ['0.01', true],
    ['12.00', true],
    ['-3.00', false],
  ])('%s → %s', (amount, expected) => expect(isPositive(amount)).toBe(expected));
});
