import { DEFAULT_LOCALE, isLocale, type Locale } from '@playhouse/shared';

/**
 * The visitor's best locale where no path says it: the NEXT_LOCALE cookie, then the first Accept-Language entry
 * (by quality) whose language we have, then the default.
 */
export function preferredLocale(cookieValue: string | undefined, acceptLanguage: string | null): Locale {
  if (isLocale(cookieValue)) return cookieValue;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((entry, position) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { language: tag.split('-')[0]?.toLowerCase() ?? '', quality: q === undefined ? 1 : Number(q), position };
    })
    .filter((entry) => entry.language && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.position - b.position);
  return ranked.map((entry) => entry.language).find(isLocale) ?? DEFAULT_LOCALE;
}
