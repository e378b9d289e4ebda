import type { Locale } from '@playhouse/shared/locales';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CategoriesBar } from '@/components/casino/categories-bar';
import { JsonLd } from '@/components/seo/json-ld';
import { TopOffer } from '@/components/sports/top-offer/top-offer';
import { CarouselSkeleton } from '@/components/ui/carousel/carousel-skeleton';
import { WidgetBoundary } from '@/components/ui/widget-boundary';
import { getHeadData, getNavCategories } from '@/lib/api-client';
import { buildPageMetadata } from '@/lib/seo/build-page-metadata';
import { ArticlesSection } from './articles-section';
import { HomeSlider } from './home-slider';
import styles from './home-page.module.css';

const ROUTE_PATH = '/';

export function homeMetadata(lng: Locale): Promise<Metadata> {
  return buildPageMetadata(lng, ROUTE_PATH);
}

async function HomeCategories({ lng }: { lng: Locale }) {
  return <CategoriesBar lng={lng} categories={await getNavCategories(lng)} />;
}

/**
 * The home page: slider, categories, the top offer and the home articles. The slider, the categories and the articles
 * are each behind their own Suspense boundary, so a slow call holds only its widget. With the visitor's time zone
 * (known from the cookie the first visit left) the top offer's times are drawn on the server; without it, in the
 * browser.
 */
export async function HomePage({ lng, timeZone }: { lng: Locale; timeZone: string | null }) {
  const [head, t] = await Promise.all([getHeadData(lng), getTranslations({ locale: lng, namespace: 'home' })]);
  return (
    <>
      <JsonLd lng={lng} routePath={ROUTE_PATH} />
      <h1 className="visually-hidden">{t('heading', { siteName: head.siteName })}</h1>
      <WidgetBoundary fallback={<CarouselSkeleton variant="hero" />}>
        <HomeSlider lng={lng} />
      </WidgetBoundary>
      <WidgetBoundary fallback={<div className={styles.categories} />}>
        <HomeCategories lng={lng} />
      </WidgetBoundary>
      {/*
        Not behind a boundary: a streamed widget is revealed by an inline script, and the top offer's table, drawn in
        the visitor's time zone on the server, is readable before any script runs (sports.spec.ts).
      */}
      <TopOffer lng={lng} timeZone={timeZone} />
      <WidgetBoundary fallback={null}>
        <ArticlesSection lng={lng} routePath={ROUTE_PATH} />
      </WidgetBoundary>
    </>
  );
}
