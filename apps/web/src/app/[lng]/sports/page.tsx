import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BrowseMatches } from '@/components/sports/browse/browse-matches';
import { FavouriteLeagues, LeagueList } from '@/components/sports/browse/favourite-leagues';
import { SportsbookShell } from '@/components/sports/browse/sportsbook-shell';
import styles from '@/components/sports/browse/browse.module.css';
import { PageMessages } from '@/i18n/page-messages';
import { pageLocale } from '@/lib/page-params';
import { buildPageMetadata } from '@/lib/seo/build-page-metadata';
import { leagueLinks } from '@/lib/sports/browse-pages';
import { SPORTSBOOK_PATH } from '@/lib/sports/match-path';
import { getBook, getBrowseMatches } from '@/lib/sports/sports-server';

type PageProps = { params: Promise<{ lng: string }> };

/** Two days ahead from now covers today and tomorrow in every time zone; the page keeps the visitor's two days. */
const AHEAD_MS = 2 * 24 * 60 * 60 * 1000;

/** The moment the page is drawn (a request-time read, as every page here is rendered per visit). */
const drawingMoment = () => Date.now();

// Odds and what is live move all the time: rendered for each visit from the api's in-memory book.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const [t, metadata] = await Promise.all([
    getTranslations({ locale: lng, namespace: 'sports' }),
    buildPageMetadata(lng, SPORTSBOOK_PATH),
  ]);
  return { ...metadata, title: t('browse.title'), description: t('browse.description') };
}

/** The sportsbook's home: what is live, the popular and favourite leagues, today's and tomorrow's matches. */
export default async function SportsbookPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const [book, listing, t] = await Promise.all([
    getBook(lng),
    getBrowseMatches(lng, {}),
    getTranslations({ locale: lng, namespace: 'sports' }),
  ]);
  const leagues = leagueLinks(book);
  const popular = book.popular.flatMap((id) => leagues.find((league) => league.idTournament === id) ?? []);
  const horizon = drawingMoment() + AHEAD_MS;
  const soon = listing.matches.filter((match) => match.status === 'live' || match.matchDateTimeUTC < horizon);
  return (
    <PageMessages lng={lng} namespaces={['sports', 'errors']}>
      <SportsbookShell lng={lng} book={book} title={t('browse.title')}>
        <FavouriteLeagues lng={lng} leagues={leagues} />
        {popular.length > 0 ? (
          <section className={styles.panel} aria-labelledby="popular-leagues">
            <h2 id="popular-leagues" className={styles.panelTitle}>
              {t('browse.popular')}
            </h2>
            <LeagueList leagues={popular} />
          </section>
        ) : null}
        <section className={styles.groups} aria-label={t('browse.today')}>
          <BrowseMatches lng={lng} initial={soon} live todayAndTomorrow empty={t('browse.noMatches')} />
        </section>
      </SportsbookShell>
    </PageMessages>
  );
}
