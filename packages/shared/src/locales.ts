/** The one locale list: the proxy, the layout, the api and the seed all read it from here. */
export const LOCALES = ['en', 'de', 'es', 'pt', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** BCP 47 tags for hreflang, Intl formatting and og:locale. */
export const LOCALE_TAGS: Record<Locale, string> = {
  en: 'en-GB',
  de: 'de-DE',
  es: 'es-ES',
  pt: 'pt-PT',
  ru: 'ru-RU',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Splits a leading locale segment off a path: "/de/casino" → { locale: "de", rest: "/casino" }. */
export function splitLocalePath(pathname: string): { locale: Locale | null; rest: string } {
  const match = /^\/([^/?#]+)(\/[^?#]*)?/.exec(pathname);
  const first = match?.[1];
  if (first && isLocale(first)) return { locale: first, rest: match?.[2] || '/' };
  return { locale: null, rest: pathname || '/' };
}

/** The one way to build a localized path: localizePath("de", "/casino") → "/de/casino". */
export function localizePath(locale: Locale, path = '/'): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}
