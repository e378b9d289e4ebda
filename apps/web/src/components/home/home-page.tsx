import type { Locale } from '@playhouse/shared/locales';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CategoriesBar } from '@/components/casino/categories-bar';
import { JsonLd } from '@/components/seo/json-ld';
import { TopOffer } from '@/components/sports/top-offer/top-offer';
import { getHeadData, getNavCategories } from '@/lib/api-client';
import { buildPageMetadata } from '@/lib/seo/build-page-metadata';
import { ArticlesSection } from './articles-section';
import { HomeSlider } from './home-slider';

const ROUTE_PATH = '/';

export function homeMetadata(lng: Locale): Promise<Metadata> {
  return buildPageMetadata(lng, ROUTE_PATH);
}

/**
 * The home page: slider, categories, the top offer and the home articles. With the visitor's time zone (known from
 * the cookie the first visit left) the top offer's times are drawn on the server; without it, in the browser.
 */
export async function HomePage({ lng, timeZone }: { lng: Locale; timeZone: string | null }) {
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
      <TopOffer lng={lng} timeZone={timeZone} />
      <ArticlesSection lng={lng} routePath={ROUTE_PATH} />
    </>
  );
}
