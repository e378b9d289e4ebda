import { describe, expect, it } from 'vitest';
import { cardOutcome, expiryValid, luhnValid } from './cards';

describe('sandbox cards', () => {
  it('checks the Luhn sum', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4000000000000077')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('12345')).toBe(false);
  });

  it('takes MM/YY as valid through the end of that month', () => {
    const now = new Date('2030-06-15T12:00:00Z');
    expect(expiryValid('06/30', now)).toBe(true);
    expect(expiryValid('05/30', now)).toBe(false);
    expect(expiryValid('13/30', now)).toBe(false);
    expect(expiryValid('12/29', now)).toBe(false);
  });

  it('gives the test cards their outcomes and declines any other card', () => {
    expect(cardOutcome('4242424242424242')).toEqual({ outcome: 'succeeded', declineReason: null });
    expect(cardOutcome('4000000000000002')).toEqual({ outcome: 'declined', declineReason: 'card_declined' });
    expect(cardOutcome('4000000000000077')).toEqual({ outcome: 'pending', declineReason: null });
    expect(cardOutcome('5555555555554444')).toEqual({ outcome: 'declined', declineReason: 'card_not_supported' });
  });
});
