import { describe, expect, it } from 'vitest';
import { amountProblem, normalizeAmount } from './amount';

describe('amountProblem', () => {
  it('accepts positive amounts with at most two decimals, a decimal comma included', () => {
    expect(amountProblem('25', 'EUR')).toBeNull();
    expect(amountProblem('25.5', 'EUR')).toBeNull();
    expect(amountProblem('25,50', 'EUR')).toBeNull();
    expect(normalizeAmount(' 25,50 ')).toBe('25.50');
  });

  it('refuses zero, negatives, extra decimals and text', () => {
    for (const text of ['0', '0.00', '-5', '1.005', 'ten', '', '1e3'])
      expect(amountProblem(text, 'EUR')).toBe('invalid');
  });

  it('checks the bounds exactly', () => {
    const bounds = { min: '10.00', max: '5000.00' };
    expect(amountProblem('10', 'EUR', bounds)).toBeNull();
    expect(amountProblem('9.99', 'EUR', bounds)).toBe('range');
    expect(amountProblem('5000.00', 'EUR', bounds)).toBeNull();
    expect(amountProblem('5000.01', 'EUR', bounds)).toBe('range');
  });
});
