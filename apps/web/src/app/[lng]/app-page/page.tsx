import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { InstallAppButton } from '@/components/ui/install-app-button';
import { JsonLd } from '@/components/seo/json-ld';
import { getHeadData } from '@/lib/api-client';
import { pageLocale } from '@/lib/page-params';
import { buildPageMetadata } from '@/lib/seo/build-page-metadata';
import styles from './app-page.module.css';

const ROUTE_PATH = '/app-page';
/** Where Next serves app/manifest.ts. */
const MANIFEST_PATH = '/manifest.webmanifest';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  return buildPageMetadata(await pageLocale(params), ROUTE_PATH);
}

/** SPEC.md §2 "/{lng}/app-page": how to put the site on a phone's home screen as an installed web app. */
export default async function AppPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const [head, t] = await Promise.all([getHeadData(lng), getTranslations({ locale: lng, namespace: 'appPage' })]);
  const siteName = head.siteName;

  return (
    <article className={styles.page}>
      <JsonLd lng={lng} routePath={ROUTE_PATH} />
      <h1 className={styles.title}>{t('title', { siteName })}</h1>
      <p className={styles.intro}>{t('intro', { siteName })}</p>
      <InstallAppButton installLabel={t('installButton')} installedLabel={t('installed')} />

      <section aria-labelledby="app-benefits" className={styles.section}>
        <h2 id="app-benefits">{t('benefitsTitle')}</h2>
        <ul className={styles.benefits}>
          <li>{t('benefitFast')}</li>
          <li>{t('benefitLight')}</li>
          <li>{t('benefitSame')}</li>
        </ul>
      </section>

      <div className={styles.platforms}>
        <section aria-labelledby="app-android" className={styles.card}>
          <h2 id="app-android">{t('androidTitle')}</h2>
          <ol>
            <li>{t('androidStep1')}</li>
            <li>{t('androidStep2')}</li>
            <li>{t('androidStep3')}</li>
          </ol>
        </section>
        <section aria-labelledby="app-ios" className={styles.card}>
          <h2 id="app-ios">{t('iosTitle')}</h2>
          <ol>
            <li>{t('iosStep1')}</li>
            <li>{t('iosStep2')}</li>
            <li>{t('iosStep3')}</li>
          </ol>
        </section>
      </div>

      <p className={styles.manifest}>
        {t('manifestText')}{' '}
        <a href={MANIFEST_PATH} type="application/manifest+json">
          {t('manifestLink')}
        </a>
      </p>
    </article>
  );
}
