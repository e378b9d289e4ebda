import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CategoriesBar } from '@/components/casino/categories-bar';
import { ArticlesSection } from '@/components/home/articles-section';
import { HomeSlider } from '@/components/home/home-slider';
import { JsonLd } from '@/components/seo/json-ld';
import { TopOffer } from '@/components/sports/top-offer/top-offer';
import { getHeadData, getNavCategories } from '@/lib/api-client';
import { pageLocale } from '@/lib/page-params';
import { buildPageMetadata } from '@/lib/seo/build-page-metadata';

const ROUTE_PATH = '/';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  return buildPageMetadata(await pageLocale(params), ROUTE_PATH);
}

export default async function HomePage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const [head, categories, t] = await Promise.all([
    getHeadData(lng),
    getNavCategories(lng),
    getTranslations({ locale: lng, namespace: 'home' }),
  ]);
  return (
    <>
      <JsonLd lng={lng} routePath={ROUTE_PATH} />
      <h1 className="visually-hidden">{t('heading', { siteName: head.siteName })}</h1>
      <HomeSlider lng={lng} />
      <CategoriesBar lng={lng} categories={categories} />
      <TopOffer lng={lng} />
      <ArticlesSection lng={lng} routePath={ROUTE_PATH} />
    </>
  );
}
