import { DEFAULT_LOCALE, isLocale, type Locale } from '@playhouse/shared/locales';

/** In the browser: the locale cookie, then the browser's preferred languages in order, then the default locale. */
export function visitorLocale(cookieHeader: string, cookieName: string, languages: readonly string[]): Locale {
  const cookie = cookieHeader
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === cookieName)?.[1];
  if (isLocale(cookie)) return cookie;
  const language = languages.map((tag) => tag.split('-')[0]?.toLowerCase()).find(isLocale);
  return language ?? DEFAULT_LOCALE;
}
