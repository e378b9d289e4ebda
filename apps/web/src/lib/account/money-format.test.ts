import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from './money-format';

describe('formatMoney', () => {
  it('shows the amount in the currency, the locale way', () => {
    expect(formatMoney('1234.50', 'EUR', 'en')).toBe('€1,234.50');
    expect(formatMoney('1234.50', 'EUR', 'de')).toBe('1.234,50\u00a0€');
    expect(formatMoney('0.00', 'USD', 'en')).toBe('US$0.00');
  });

  it('keeps large amounts exact', () => {
    expect(formatMoney('123456789012.34', 'EUR', 'en')).toBe('€123,456,789,012.34');
  });

  it('shows the number alone without a currency, and leaves text that is not an amount as it is', () => {
    expect(formatMoney('25', '', 'en')).toBe('25.00');
    expect(formatMoney('n/a', 'EUR', 'en')).toBe('n/a');
  });
});

describe('formatDate', () => {
  it('shows a calendar date without shifting it across time zones', () => {
    expect(formatDate('1990-05-17', 'en')).toBe('17 May 1990');
    expect(formatDate('1990-05-17', 'de')).toBe('17. Mai 1990');
  });
});
