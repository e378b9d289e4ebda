import { localizePath } from '@playhouse/shared';
import { getTranslations } from 'next-intl/server';
import { cookies, headers } from 'next/headers';
import { LOCALE_COOKIE } from '@/i18n/routing';
import { preferredLocale } from '@/lib/preferred-locale';
import styles from '@/components/layout/not-found-page.module.css';

// Reached only by addresses outside every locale (such as a missing file); it answers in the visitor's language.
export default async function RootNotFound() {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const locale = preferredLocale(cookieStore.get(LOCALE_COOKIE)?.value, headerList.get('accept-language'));
  const t = await getTranslations({ locale, namespace: 'notFound' });
  return (
    <html lang={locale}>
      <body>
        <main className={styles.page}>
          <title>{t('title')}</title>
          <h1 className={styles.title}>{t('title')}</h1>
          <p>{t('text')}</p>
          <a className={styles.home} href={localizePath(locale)}>
            {t('backHome')}
          </a>
        </main>
      </body>
    </html>
  );
}
