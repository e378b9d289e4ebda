import { SEARCH_QUERY_MAX, SEARCH_QUERY_MIN } from '@playhouse/shared/contracts/sports-browse';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BrowseMatches } from '@/components/sports/browse/browse-matches';
import { LeagueList } from '@/components/sports/browse/favourite-leagues';
import { homeCrumb, SportsbookShell } from '@/components/sports/browse/sportsbook-shell';
import styles from '@/components/sports/browse/browse.module.css';
import { PageMessages } from '@/i18n/page-messages';
import { pageLocale } from '@/lib/page-params';
import { buildPageMetadata } from '@/lib/seo/build-page-metadata';
import { bookPath, SPORTS_SEARCH_PATH } from '@/lib/sports/match-path';
import { getBook, searchBook } from '@/lib/sports/sports-server';

type PageProps = { params: Promise<{ lng: string }>; searchParams: Promise<{ q?: string | string[] }> };

// The results depend on the query string: rendered for each visit.
export const dynamic = 'force-dynamic';

async function queryOf(searchParams: PageProps['searchParams']): Promise<string> {
  const { q } = await searchParams;
  return ((Array.isArray(q) ? q[0] : q) ?? '').trim().slice(0, SEARCH_QUERY_MAX);
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const [t, metadata] = await Promise.all([
    getTranslations({ locale: lng, namespace: 'sports' }),
    buildPageMetadata(lng, SPORTS_SEARCH_PATH),
  ]);
  // Results pages are many and thin: search engines keep the search page itself, not each query.
  return { ...metadata, title: t('browse.search'), robots: { index: false, follow: true } };
}

/** Event search: matches and leagues by a team's, player's, league's or country's name. */
export default async function SportsSearchPage({ params, searchParams }: PageProps) {
  const lng = await pageLocale(params);
  const q = await queryOf(searchParams);
  const searched = q.length >= SEARCH_QUERY_MIN;
  const [book, results, t, home] = await Promise.all([
    getBook(lng),
    searched ? searchBook(lng, q) : null,
    getTranslations({ locale: lng, namespace: 'sports' }),
    homeCrumb(lng),
  ]);
  const title = searched ? t('browse.searchResults', { q }) : t('browse.search');
  const leagues = (results?.tournaments ?? []).map((league) => ({
    idTournament: league.idTournament,
    name: `${league.tournamentName} (${league.categoryName})`,
    href: bookPath(league.sportSlug, league.categorySlug, league.slug),
  }));
  const nothing = results && results.matches.length === 0 && leagues.length === 0;
  return (
    <PageMessages lng={lng} namespaces={['sports', 'errors']}>
      <SportsbookShell lng={lng} book={book} title={title} crumbs={[home]} query={q}>
        {q !== '' && !searched ? <p role="status">{t('browse.searchTooShort')}</p> : null}
        {nothing ? <p role="status">{t('browse.searchNone', { q })}</p> : null}
        {leagues.length > 0 ? (
          <section className={styles.panel} aria-labelledby="search-leagues">
            <h2 id="search-leagues" className={styles.panelTitle}>
              {t('browse.leagues')}
            </h2>
            <LeagueList leagues={leagues} />
          </section>
        ) : null}
        {results && results.matches.length > 0 ? (
          <section className={styles.groups} aria-label={t('browse.matches')}>
            <BrowseMatches lng={lng} initial={results.matches} empty={t('browse.noMatches')} />
          </section>
        ) : null}
      </SportsbookShell>
    </PageMessages>
  );
}
