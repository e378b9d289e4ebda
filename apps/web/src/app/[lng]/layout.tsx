import { isLocale, type Locale } from '@playhouse/shared';
import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { AppPopupLoader } from '@/components/app-popup/app-popup-loader';
import { ChatLauncher } from '@/components/chat/chat-launcher';
import { ErrorReportListener } from '@/components/layout/error-report-listener';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { AnnouncementGate } from '@/components/layout/announcement-gate';
import { InfoPopup } from '@/components/layout/info-popup';
import { RouteLoader } from '@/components/layout/route-loader';
import { ScrollToTopButton } from '@/components/layout/scroll-to-top-button';
import { BodySnippets, HeadSnippets } from '@/components/layout/snippets';
import { getHeadData, getInfoPopup, getLocales, getNavCategories } from '@/lib/api-client';
import { serverEnv } from '@/lib/env';
import { NONCE_HEADER } from '@/lib/security/content-security-policy';
import { StoreProvider } from '@/store/store-provider';
import { CLIENT_NAMESPACES } from '@/i18n/client-namespaces';

type LayoutProps = { children: ReactNode; params: Promise<{ lng: string }> };

async function localeOf(params: LayoutProps['params']): Promise<Locale> {
  const { lng } = await params;
  if (!isLocale(lng)) notFound();
  return lng;
}

export async function generateMetadata({ params }: Omit<LayoutProps, 'children'>): Promise<Metadata> {
  const lng = await localeOf(params);
  const head = await getHeadData(lng);
  return {
    metadataBase: new URL(serverEnv().SITE_URL),
    icons: {
      icon: head.favicons.map(({ href, sizes, type }) => ({ url: href, sizes, type })),
      apple: head.appleIcons.map(({ href, sizes, type }) => ({ url: href, sizes, type })),
    },
  };
}

export async function generateViewport({ params }: Omit<LayoutProps, 'children'>): Promise<Viewport> {
  const lng = await localeOf(params);
  const head = await getHeadData(lng);
  return { width: 'device-width', initialScale: 1, themeColor: head.themeColor };
}

export default async function LocaleLayout({ children, params }: LayoutProps) {
  const lng = await localeOf(params);
  setRequestLocale(lng);
  // Each response has its own content-policy nonce (proxy.ts), so every page renders per request.
  const [nonce, head, locales, categories, infoPopup, messages, t, tPopup, tChat, tTop] = await Promise.all([
    headers().then((list) => list.get(NONCE_HEADER) ?? ''),
    getHeadData(lng),
    getLocales(),
    getNavCategories(lng),
    getInfoPopup(lng),
    getMessages({ locale: lng }),
    getTranslations({ locale: lng, namespace: 'common' }),
    getTranslations({ locale: lng, namespace: 'infoPopup' }),
    getTranslations({ locale: lng, namespace: 'chat' }),
    getTranslations({ locale: lng, namespace: 'scrollToTop' }),
  ]);
  const clientMessages = Object.fromEntries(
    CLIENT_NAMESPACES.map((namespace) => [namespace, messages[namespace] ?? {}]),
  );

  return (
    // The announcement's gate script marks <html> before hydration (AnnouncementGate).
    <html lang={lng} suppressHydrationWarning>
      <body>
        {/* The ALTCHA widget gives its injected stylesheet this nonce (its documented way). */}
        <meta name="csp-nonce" content={nonce} />
        <NextIntlClientProvider locale={lng} messages={clientMessages}>
          <StoreProvider lng={lng} infoPopup={infoPopup}>
            <a className="skip-link" href="#main">
              {t('skipToContent')}
            </a>
            {/* Early in the page, so keyboard and screen-reader users meet it first; it floats at the bottom. */}
            <InfoPopup
              labels={{ title: tPopup('title'), emailSample: tPopup('emailSample'), dismiss: tPopup('dismiss') }}
            />
            <AnnouncementGate id={infoPopup?.showInfoPopup ? infoPopup.id : null} nonce={nonce} />
            <BodySnippets lng={lng} slot="body/top" />
            <Header lng={lng} siteName={head.siteName} locales={locales} categories={categories} />
            <main id="main" tabIndex={-1}>
              {children}
            </main>
            <Footer lng={lng} siteName={head.siteName} />
            <ScrollToTopButton label={tTop('label')} />
            <ChatLauncher labels={{ open: tChat('open'), loading: tChat('loading') }} />
            <AppPopupLoader />
            <RouteLoader label={t('loading')} />
            <ErrorReportListener />
            <BodySnippets lng={lng} slot="body/bottom" />
            <HeadSnippets lng={lng} />
          </StoreProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}

// Every page is rendered per request, with its own content-policy nonce, from api answers the fetch cache keeps
// (CONTENT_REVALIDATE_SECONDS); none at build time, so the build never needs a running api.
export const dynamic = 'force-dynamic';
