import { DEFAULT_LOCALE, LOCALES } from '@playhouse/shared/locales';
import { defineRouting } from 'next-intl/routing';

export const LOCALE_COOKIE = 'NEXT_LOCALE';

export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  localePrefix: 'always',
  localeCookie: { name: LOCALE_COOKIE, maxAge: 60 * 60 * 24 * 365 },
  // The page head carries the alternates with absolute SITE_URL addresses; a second, host-relative set in a Link
  // header could disagree with it behind a proxy.
  alternateLinks: false,
});
