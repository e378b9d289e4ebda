import { describe, expect, it } from 'vitest';
import { formatMinor, parseDecimal } from './money';

describe('money', () => {
  it.each([
    [0n, '0.00'],
    [5n, '0.05'],
    [1234n, '12.34'],
    [-5n, '-0.05'],
    [100000000n, '1000000.00'],
  ])('formats %s minor units as %s', (minor, text) => {
    expect(formatMinor(minor, 'EUR')).toBe(text);
  });

  it.each([
    ['12.34', 1234n],
    ['12.3', 1230n],
    ['12', 1200n],
    ['-0.05', -5n],
    [' 7.00 ', 700n],
  ])('parses %s exactly', (text, minor) => {
    expect(parseDecimal(text, 'EUR')).toBe(minor);
  });

  it.each(['', '1.005', 'abc', '1e3', '1,00', '--1', '.5', '1.', 'NaN', '9999999999999'])('refuses %j', (text) => {
    expect(parseDecimal(text, 'EUR')).toBeNull();
  });

  it('round-trips every amount it formats', () => {
    for (const minor of [0n, 1n, 99n, 100n, 123456789n, -42n]) {
      expect(parseDecimal(formatMinor(minor, 'USD'), 'USD')).toBe(minor);
    }
  });
});
