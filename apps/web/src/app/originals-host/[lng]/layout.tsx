import { isLocale } from '@playhouse/shared';
import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';

type LayoutProps = { children: ReactNode; params: Promise<{ lng: string }> };

export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * The Originals game host: the in-house provider's game page, opened in the game page's iframe. It stands apart from
 * the site (no header, menu or footer) and carries only the texts its games use.
 */
export default async function OriginalsHostLayout({ children, params }: LayoutProps) {
  const { lng } = await params;
  if (!isLocale(lng)) notFound();
  setRequestLocale(lng);
  const messages = await getMessages({ locale: lng });
  return (
    <html lang={lng}>
      <body>
        <NextIntlClientProvider
          locale={lng}
          messages={{
            casino: messages.casino ?? {},
            tables: messages.tables ?? {},
            errors: messages.errors ?? {},
            receipts: messages.receipts ?? {},
            funding: messages.funding ?? {},
          }}
        >
          {children}
        </NextIntlClientProvider>
      </body>
    </html>
  );
}

// Rendered per request: Next marks its scripts with this response's content-policy nonce (proxy.ts).
export const dynamic = 'force-dynamic';
