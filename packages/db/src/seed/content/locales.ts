import { DEFAULT_LOCALE, LOCALES, type Locale } from '@playhouse/shared';
import type { locales } from '../../schema/content';
import { mediaPaths } from '../assets/media-paths';

/** Each language named in itself, as the language list shows it. */
const LOCALE_TITLES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  pt: 'Português',
  ru: 'Русский',
};

export function demoLocales(): (typeof locales.$inferInsert)[] {
  return LOCALES.map((code, position) => ({
    code,
    title: LOCALE_TITLES[code],
    imagePath: mediaPaths.flag(code),
    isDefault: code === DEFAULT_LOCALE,
    enabled: true,
    position,
  }));
}
