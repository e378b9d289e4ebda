import { LOCALES, type Locale } from '@playhouse/shared';

/**
 * Seed text in every locale. A Record over the shared Locale type, so adding a locale to packages/shared makes every
 * seed text without it a type error instead of a silent fallback to English.
 */
export type Localized = Record<Locale, string>;

/** A Localized value built locale by locale, e.g. from templates that differ per language. */
export function localize(build: (locale: Locale) => string): Localized {
  return Object.fromEntries(LOCALES.map((locale) => [locale, build(locale)])) as Localized;
}
