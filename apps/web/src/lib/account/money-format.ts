import { LOCALE_TAGS, type Locale } from '@playhouse/shared/locales';

/**
 * A decimal amount from the api ("1234.50") in the locale's currency format ("€1,234.50", "1.234,50 €"). The string
 * goes to Intl as it is, so no float rounding touches it; without a currency the number alone is shown.
 */
export function formatMoney(amount: string, currency: string, locale: Locale): string {
  const value = amount.trim() as Intl.StringNumericLiteral;
  if (!/^-?\d+(\.\d+)?$/.test(value)) return amount;
  if (!currency) return new Intl.NumberFormat(LOCALE_TAGS[locale], { minimumFractionDigits: 2 }).format(value);
  try {
    return new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'currency', currency }).format(value);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** A date-time from the api in the locale's medium date and short time, in the browser's time zone. */
export function formatDateTime(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A calendar date ("1990-05-17") in the locale's long form, without time-zone shifts. */
export function formatDate(isoDate: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
