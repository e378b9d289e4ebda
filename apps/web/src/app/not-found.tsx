'use client';

import { LOCALE_COOKIE } from '@/i18n/routing';
import { fetchMessages } from '@/lib/content/content-api';
import { visitorLocale } from '@/lib/visitor-locale';
import { DEFAULT_LOCALE, localizePath, type Locale } from '@playhouse/shared/locales';
import { useEffect, useState } from 'react';
import styles from '@/components/layout/not-found-page.module.css';

type NotFoundTexts = { title: string; text: string; backHome: string };

function readTexts(messages: unknown): NotFoundTexts | null {
  const texts = (messages as { notFound?: Partial<NotFoundTexts> } | null)?.notFound;
  const { title, text, backHome } = texts ?? {};
  return typeof title === 'string' && typeof text === 'string' && typeof backHome === 'string'
    ? { title, text, backHome }
    : null;
}

/**
 * Reached only by addresses outside every locale (a missing file, say). Next renders this boundary along with every
 * page, so it must stay static: it reads no cookies, headers or api data on the server, and fetches the visitor's
 * texts in the browser instead.
 */
export default function RootNotFound() {
  const [page, setPage] = useState<{ locale: Locale; texts: NotFoundTexts | null }>({
    locale: DEFAULT_LOCALE,
    texts: null,
  });

  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    const locale = visitorLocale(document.cookie, LOCALE_COOKIE, navigator.languages);
    fetchMessages(locale)
      .then((messages) => setPage({ locale, texts: readTexts(messages) }))
      .catch(() => setPage({ locale, texts: null }));
  }, []);

  const { locale, texts } = page;
  return (
    <html lang={locale}>
      <body>
        <main className={styles.page}>
          {texts ? (
            <>
              <title>{texts.title}</title>
              <h1 className={styles.title}>{texts.title}</h1>
              <p>{texts.text}</p>
              <a className={styles.home} href={localizePath(locale)}>
                {texts.backHome}
              </a>
            </>
          ) : null}
        </main>
      </body>
    </html>
  );
}
