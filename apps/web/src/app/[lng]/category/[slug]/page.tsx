import { PERSONAL_CATEGORY_SLUGS, type PersonalCategorySlug } from '@playhouse/shared/contracts/casino';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { CasinoToolbar } from '@/components/casino/casino-toolbar';
import { GamesGrid } from '@/components/casino/games-grid';
import { ProducersList } from '@/components/casino/producers-list';
import { BannerSlider } from '@/components/promotions/banner-slider';
import { JsonLd } from '@/components/seo/json-ld';
import { PageMessages } from '@/i18n/page-messages';
import { getGamesPage, getProviders } from '@/lib/casino/casino-server';
import { pageLocale } from '@/lib/page-params';
import { buildPageMetadata } from '@/lib/seo/build-page-metadata';
import styles from './category-page.module.css';

type PageProps = { params: Promise<{ lng: string; slug: string }> };

const routePathOf = (slug: string) => `/category/${slug}`;

/** The message that names each personal list. */
const PERSONAL_TITLES: Record<PersonalCategorySlug, 'favourites' | 'recentlyPlayed'> = {
  favourites: 'favourites',
  'recently-played': 'recentlyPlayed',
};

function isPersonal(slug: string): slug is PersonalCategorySlug {
  return (PERSONAL_CATEGORY_SLUGS as readonly string[]).includes(slug);
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const { slug } = await params;
  if (!isPersonal(slug) && !(await getGamesPage(lng, { categorySlug: slug, withCategory: true }))) notFound();
  return buildPageMetadata(lng, routePathOf(slug));
}

/**
 * /{lng}/category/{slug}: a navigation category, a provider (the same URL, SPEC.md §2), or a signed-in player's
 * favourites or recently played games, with the provider picker, the search box, the games grid and the producers.
 */
export default async function CategoryPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const { slug } = await params;
  const [firstPage, providers, t] = await Promise.all([
    isPersonal(slug) ? null : getGamesPage(lng, { categorySlug: slug, withCategory: true }),
    getProviders(),
    getTranslations({ locale: lng, namespace: 'casino.sections' }),
  ]);
  if (!isPersonal(slug) && !firstPage?.category) notFound();
  const title = isPersonal(slug) ? t(PERSONAL_TITLES[slug]) : firstPage!.category!.title;
  const description = firstPage?.category?.description ?? '';

  return (
    <article className={styles.page}>
      <JsonLd lng={lng} routePath={routePathOf(slug)} />
      <h1 className={styles.title}>{title}</h1>
      {description ? <p className={styles.description}>{description}</p> : null}
      <BannerSlider lng={lng} />
      <PageMessages lng={lng} namespaces={['casino', 'errors']}>
        <CasinoToolbar lng={lng} providers={providers} activeSlug={slug} />
        <GamesGrid lng={lng} selection={{ categorySlug: slug }} initialGames={firstPage?.games ?? null} label={title} />
        <ProducersList producers={providers} />
      </PageMessages>
    </article>
  );
}
