import type { Locale } from '@playhouse/shared/locales';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { CLIENT_NAMESPACES } from '@/i18n/client-namespaces';

/** What the sportsbook's client components read beside every page's namespaces (see PAGE_NAMESPACES). */
const SPORTS_NAMESPACES = ['sports', 'errors'] as const;

/** Hands the sportsbook's client components their messages, only on the pages that show them. */
export async function SportsMessages({ lng, children }: { lng: Locale; children: ReactNode }) {
  const messages = await getMessages({ locale: lng });
  const picked = Object.fromEntries(
    [...CLIENT_NAMESPACES, ...SPORTS_NAMESPACES].map((namespace) => [namespace, messages[namespace] ?? {}]),
  );
  return (
    <NextIntlClientProvider locale={lng} messages={picked}>
      {children}
    </NextIntlClientProvider>
  );
}
