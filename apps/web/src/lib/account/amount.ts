import { isCurrency, parseDecimal } from '@playhouse/shared/money';

/** An amount as typed, with a decimal comma accepted ("25,5" → "25.5"). */
export function normalizeAmount(text: string): string {
  return text.trim().replace(',', '.');
}

/**
 * What is wrong with a typed amount for the currency, if anything: not a positive amount with at most the currency's
 * decimals ('invalid'), or outside [min, max] ('range'). Compared exactly, in minor units.
 */
export function amountProblem(
  text: string,
  currency: string,
  bounds: { min?: string; max?: string } = {},
): 'invalid' | 'range' | null {
  if (!isCurrency(currency)) return 'invalid';
  const value = parseDecimal(normalizeAmount(text), currency);
  if (value === null || value <= 0n) return 'invalid';
  const min = bounds.min === undefined ? null : parseDecimal(bounds.min, currency);
  const max = bounds.max === undefined ? null : parseDecimal(bounds.max, currency);
  if ((min !== null && value < min) || (max !== null && value > max)) return 'range';
  return null;
}
