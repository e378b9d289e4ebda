import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CasinoToolbar } from '@/components/casino/casino-toolbar';
import { GamesGrid } from '@/components/casino/games-grid';
import { PageMessages } from '@/i18n/page-messages';
import { getGamesPage, getProviders } from '@/lib/casino/casino-server';
import { pageLocale } from '@/lib/page-params';
import { buildPageMetadata } from '@/lib/seo/build-page-metadata';
import styles from './search-page.module.css';

type PageProps = {
  params: Promise<{ lng: string }>;
  searchParams: Promise<{ searchValue?: string | string[] }>;
};

// The results depend on the query string: rendered for each visit.
export const dynamic = 'force-dynamic';

async function termOf(searchParams: PageProps['searchParams']): Promise<string> {
  const { searchValue } = await searchParams;
  return (Array.isArray(searchValue) ? searchValue[0] : searchValue)?.trim().slice(0, 100) ?? '';
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  return buildPageMetadata(lng, '/search');
}

/** /{lng}/search?searchValue=…: the games whose titles match, in the games grid (SPEC.md §2). */
export default async function SearchPage({ params, searchParams }: PageProps) {
  const lng = await pageLocale(params);
  const term = await termOf(searchParams);
  const [firstPage, providers, t] = await Promise.all([
    term ? getGamesPage(lng, { searchValue: term }) : null,
    getProviders(),
    getTranslations({ locale: lng, namespace: 'casino.search' }),
  ]);
  const games = firstPage?.games ?? [];
  const heading = term ? t('resultsFor', { term }) : t('pageTitle');

  return (
    <article className={styles.page}>
      <h1 className={styles.title}>{heading}</h1>
      <PageMessages lng={lng} namespaces={['casino', 'errors']}>
        <CasinoToolbar lng={lng} providers={providers} activeSlug={null} />
        {term === '' ? <p className={styles.note}>{t('prompt')}</p> : null}
        {term !== '' && games.length === 0 ? <p className={styles.note}>{t('noResults', { term })}</p> : null}
        {games.length > 0 ? (
          <GamesGrid key={term} lng={lng} selection={{ searchValue: term }} initialGames={games} label={heading} />
        ) : null}
      </PageMessages>
    </article>
  );
}
