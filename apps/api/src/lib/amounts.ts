import { formatMinor, isCurrency, parseDecimal, type Currency } from '@playhouse/shared';
import { ValidationError } from './errors';

export class InvalidAmountError extends ValidationError {
  constructor() {
    super({ amount: 'must be a decimal amount with at most two decimals' });
  }
}

/** The user's currency as the money helpers need it; a row with another value is a data error, not a user error. */
export function asCurrency(value: string): Currency {
  if (!isCurrency(value)) throw new Error(`Unsupported currency ${value}`);
  return value;
}

/** A positive decimal string in minor units of the currency. */
export function parsePositiveAmount(text: string, currency: Currency): bigint {
  const minor = parseDecimal(text, currency);
  if (minor === null || minor <= 0n) throw new InvalidAmountError();
  return minor;
}

export function formatAmount(amount: bigint, currency: string): string {
  return formatMinor(amount, asCurrency(currency));
}
