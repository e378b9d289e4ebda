import type { LocalizedText } from '@playhouse/db';
import type { Locale } from '@playhouse/shared';

/** The locale a request is answered in, and the one whose text stands in where a translation is missing. */
export interface LocaleContext {
  locale: Locale;
  defaultLocale: Locale;
}

/** The text in the request's locale, else in the default locale; an empty translation counts as missing. */
export function localize(text: LocalizedText | null | undefined, context: LocaleContext): string {
  return text?.[context.locale] || text?.[context.defaultLocale] || '';
}
