import type { Locale } from '@playhouse/shared/locales';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { CLIENT_NAMESPACES, type PAGE_NAMESPACES } from './client-namespaces';

type PageMessagesProps = {
  lng: Locale;
  namespaces: readonly (typeof PAGE_NAMESPACES)[number][];
  children: ReactNode;
};

/** Gives a page's client components the namespaces only that page needs, beside the ones every page has. */
export async function PageMessages({ lng, namespaces, children }: PageMessagesProps) {
  const messages = await getMessages({ locale: lng });
  const picked = Object.fromEntries(
    [...CLIENT_NAMESPACES, ...namespaces].map((namespace) => [namespace, messages[namespace] ?? {}]),
  );
  return (
    <NextIntlClientProvider locale={lng} messages={picked}>
      {children}
    </NextIntlClientProvider>
  );
}
