import type { FormField } from '@playhouse/shared/contracts/accounts';
import { describe, expect, it } from 'vitest';
import { fieldProblem, serverFieldMessageKey } from './field-validation';

function field(overrides: Partial<FormField>): FormField {
  return { name: 'x', type: 'text', required: true, label: 'X', constraints: {}, ...overrides };
}

describe('fieldProblem', () => {
  it('asks for required values and lets optional ones be empty', () => {
    expect(fieldProblem(field({}), '  ')).toEqual({ key: 'required' });
    expect(fieldProblem(field({ required: false }), '')).toBeNull();
  });

  it('applies the length and pattern constraints of /spa/forms', () => {
    const username = field({ constraints: { minLength: 3, maxLength: 24, pattern: '^[a-zA-Z0-9_]+$' } });
    expect(fieldProblem(username, 'ab')).toEqual({ key: 'tooShort', min: 3 });
    expect(fieldProblem(username, 'a'.repeat(25))).toEqual({ key: 'tooLong', max: 24 });
    expect(fieldProblem(username, 'ada lovelace')).toEqual({ key: 'pattern' });
    expect(fieldProblem(username, 'ada_1815')).toBeNull();
  });

  it('checks e-mail addresses', () => {
    const email = field({ type: 'email', constraints: { maxLength: 254 } });
    expect(fieldProblem(email, 'ada@')).toEqual({ key: 'email' });
    expect(fieldProblem(email, 'ada@example.com')).toBeNull();
  });

  it('refuses a date of birth after the 18+ limit or before the earliest one', () => {
    const dob = field({ type: 'date', constraints: { min: '1900-01-01', max: '2007-06-01' } });
    expect(fieldProblem(dob, '2007-06-02')).toEqual({ key: 'dateTooLate' });
    expect(fieldProblem(dob, '2007-06-01')).toBeNull();
    expect(fieldProblem(dob, '1899-12-31')).toEqual({ key: 'dateTooEarly' });
  });

  it('wants a required checkbox ticked', () => {
    const terms = field({ type: 'checkbox' });
    expect(fieldProblem(terms, false)).toEqual({ key: 'mustAccept' });
    expect(fieldProblem(terms, true)).toBeNull();
  });

  it('wants a select value from its options', () => {
    const currency = field({ type: 'select', options: [{ value: 'EUR', label: 'Euro' }] });
    expect(fieldProblem(currency, 'XXX')).toEqual({ key: 'required' });
    expect(fieldProblem(currency, 'EUR')).toBeNull();
  });

  it('leaves the phone pattern to the api (the widget formats the number)', () => {
    const phone = field({ type: 'tel', constraints: { minLength: 7, pattern: '^\\+[1-9][0-9 ().-]{5,30}$' } });
    expect(fieldProblem(phone, '+49 151 23456789')).toBeNull();
    expect(fieldProblem(phone, '+49')).toEqual({ key: 'tooShort', min: 7 });
  });
});

describe('serverFieldMessageKey', () => {
  it('translates known codes, then known fields, else a generic message', () => {
    expect(serverFieldMessageKey('details.iban', 'invalid_iban', [])).toBe('serverCodes.invalid_iban');
    expect(serverFieldMessageKey('phone', 'Enter a valid phone number.', ['phone'])).toBe('serverFields.phone');
    expect(serverFieldMessageKey('details.accountHolder', 'Too long', ['accountHolder'])).toBe(
      'serverFields.accountHolder',
    );
    expect(serverFieldMessageKey('body', 'Invalid input', ['phone'])).toBe('serverFields.invalid');
  });
});
