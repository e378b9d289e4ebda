import type { Locale } from '@playhouse/shared/locales';

/** A decimal amount from the api ("12.34") in the player's currency, written the locale's way. */
export function formatAmount(amount: string, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(Number(amount));
}

/** The bet limits of the in-house games (the api's ORIGINALS_MIN_BET / MAX_BET), as decimals. */
export const ORIGINALS_BET = { min: '0.10', max: '500.00', default: '1.00' } as const;

/** A bet as typed: digits and at most two decimals, within the limits. */
export function isValidBet(text: string): boolean {
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(text.trim())) return false;
  const value = Number(text);
  return value >= Number(ORIGINALS_BET.min) && value <= Number(ORIGINALS_BET.max);
}
