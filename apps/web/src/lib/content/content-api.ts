import type { Locale } from '@playhouse/shared/locales';
import { browserApi, lazySchema } from '../browser-api';

const contracts = () => import('@playhouse/shared/contracts/content');

/** The UI texts of a locale (the next-intl catalogue), for the one page rendered outside every locale. */
export function fetchMessages(locale: Locale) {
  return browserApi(`/spa/translation/${locale}`, lazySchema(contracts, 'messagesSchema'));
}
