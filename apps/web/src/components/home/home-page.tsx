import type { Locale } from '@playhouse/shared/locales';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CategoriesBar, CategoriesBarSkeleton } from '@/components/casino/categories-bar';
import { JsonLd } from '@/components/seo/json-ld';
import { TopOffer } from '@/components/sports/top-offer/top-offer';
import { WidgetBoundary } from '@/components/ui/widget-boundary';
import { getHeadData, getNavCategories } from '@/lib/api-client';
import { buildPageMetadata } from '@/lib/seo/build-page-metadata';
import { ArticlesSection } from './articles-section';
import { HomeSlider } from './home-slider';

const ROUTE_PATH = '/';

export function homeMetadata(lng: Locale): Promise<Metadata> {
  return buildPageMetadata(lng, ROUTE_PATH);
}

async function HomeCategories({ lng }: { lng: Locale }) {
  return <CategoriesBar lng={lng} categories={await getNavCategories(lng)} />;
}

/**
 * The home page: slider, categories, the top offer and the home articles. The slider is part of the page's first
 * bytes (its first slide is the page's largest paint, so it must not wait for a streamed segment and the script that
 * reveals it); the categories and the articles each load behind their own Suspense boundary, so a slow call holds only
 * its widget. The slider and the top offer are awaited side by side: the server renders async siblings together, so
 * their calls run at the same time and the page waits for the slower. The categories' fallback is drawn with the
 * bar's own rules, so the first screen does not move when it arrives (shell.spec.ts measures it). The articles come
 * last and have no place to hold: only the footer, below the first screen, moves for them. With the visitor's time
 * zone (known from the cookie the first visit left) the top offer's times are drawn on the server; without it, in the
 * browser.
 */
export async function HomePage({ lng, timeZone }: { lng: Locale; timeZone: string | null }) {
  const [head, t] = await Promise.all([getHeadData(lng), getTranslations({ locale: lng, namespace: 'home' })]);
  return (
    <>
      <JsonLd lng={lng} routePath={ROUTE_PATH} />
      <h1 className="visually-hidden">{t('heading', { siteName: head.siteName })}</h1>
      {/* Not streamed: the first slide's image is the largest paint (decisions.md, "Hero slider in the shell"). */}
      <HomeSlider lng={lng} />
      <WidgetBoundary fallback={<CategoriesBarSkeleton />}>
        <HomeCategories lng={lng} />
      </WidgetBoundary>
      {/*
        The top offer is not streamed: the page waits for it, as its times are drawn on the server for visitors whose
        time zone is known and it must be there without JavaScript (SPEC §8; sports.spec's no-script test), and it may
        be absent (no sport has a match), so no place could hold its box either way. The articles come after it,
        behind their own boundary: only the footer, below the first screen, moves for them.
      */}
      <TopOffer lng={lng} timeZone={timeZone} />
      <WidgetBoundary fallback={null}>
        <ArticlesSection lng={lng} routePath={ROUTE_PATH} />
      </WidgetBoundary>
    </>
  );
}
