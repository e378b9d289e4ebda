import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BonusInfoBlock } from '@/components/promotions/bonus-info-block';
import { JsonLd } from '@/components/seo/json-ld';
import { pageLocale } from '@/lib/page-params';
import { buildPageMetadata } from '@/lib/seo/build-page-metadata';
import styles from './promotions-page.module.css';

const ROUTE_PATH = '/promotions';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  return buildPageMetadata(await pageLocale(params), ROUTE_PATH);
}

/** /{lng}/promotions: the bonus info block (SPEC.md §2), reached from the side menu. */
export default async function PromotionsPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'promotions' });
  return (
    <article className={styles.page}>
      <JsonLd lng={lng} routePath={ROUTE_PATH} />
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.intro}>{t('intro')}</p>
      <BonusInfoBlock lng={lng} />
    </article>
  );
}
