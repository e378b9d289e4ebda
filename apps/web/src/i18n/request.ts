import { DEFAULT_LOCALE, isLocale } from '@playhouse/shared';
import { getRequestConfig } from 'next-intl/server';
import { getMessages } from '@/lib/api-client';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  return { locale, messages: await getMessages(locale) };
});
