/** Currencies the operator accepts, with their minor-unit exponent. */
export const CURRENCIES = {
  EUR: { minorUnits: 2, symbol: '€' },
  USD: { minorUnits: 2, symbol: '$' },
  GBP: { minorUnits: 2, symbol: '£' },
  BRL: { minorUnits: 2, symbol: 'R$' },
  RUB: { minorUnits: 2, symbol: '₽' },
} as const;
export type Currency = keyof typeof CURRENCIES;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as Currency[];
export const DEFAULT_CURRENCY: Currency = 'EUR';

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && Object.hasOwn(CURRENCIES, value);
}

/** Renders integer minor units as the api's decimal string: 1234n → "12.34", -5n → "-0.05". */
export function formatMinor(amount: bigint, currency: Currency): string {
  const digits = CURRENCIES[currency].minorUnits;
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const scale = 10n ** BigInt(digits);
  const whole = abs / scale;
  const fraction = (abs % scale).toString().padStart(digits, '0');
  return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${fraction}` : ''}`;
}

/** A decimal amount as entered or sent over the api: digits, optional fraction, optional leading minus. */
export const DECIMAL_AMOUNT_PATTERN = /^-?\d{1,12}(\.\d{1,8})?$/;

/**
 * Parses a decimal string into integer minor units, exactly; null when the text is not a plain decimal or has more
 * fraction digits than the currency allows ("1.005" EUR is refused, never rounded).
 */
export function parseDecimal(text: string, currency: Currency): bigint | null {
  const value = text.trim();
  if (!DECIMAL_AMOUNT_PATTERN.test(value)) return null;
  const digits = CURRENCIES[currency].minorUnits;
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  if (fraction.length > digits) return null;
  const minor = BigInt(whole) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0') || '0');
  return negative ? -minor : minor;
}
