import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { JsonLd } from '@/components/seo/json-ld';
import { Link } from '@/i18n/navigation';
import { pageLocale } from '@/lib/page-params';
import { buildPageMetadata } from '@/lib/seo/build-page-metadata';
import styles from './landing-page.module.css';

const ROUTE_PATH = '/landing';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  return buildPageMetadata(await pageLocale(params), ROUTE_PATH);
}

/** A campaign landing page; SPEC.md §2 keeps the info popup (and later the chat and app popups) off it. */
export default async function LandingPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'landing' });
  return (
    <article className={styles.page}>
      <JsonLd lng={lng} routePath={ROUTE_PATH} />
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.text}>{t('text')}</p>
      <ul className={styles.points}>
        <li>{t('pointGames')}</li>
        <li>{t('pointSports')}</li>
        <li>{t('pointMobile')}</li>
      </ul>
      <div className={styles.actions}>
        <Link href="/" className={styles.primary}>
          {t('cta')}
        </Link>
        <Link href="/app-page" className={styles.secondary}>
          {t('appCta')}
        </Link>
      </div>
    </article>
  );
}
