import { readLocaleMessages } from '@playhouse/db/messages';
import type { Messages } from '@playhouse/shared/contracts/content';
import { isLocale } from '@playhouse/shared/locales';

/** The seeded messages of a locale as the app receives them, read through the db package that ships them. */
export function seededMessages(locale: string): Messages {
  if (!isLocale(locale)) throw new Error(`no seeded messages for ${locale}`);
  return readLocaleMessages(locale);
}
