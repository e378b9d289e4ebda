import type { Locale } from '@playhouse/shared/locales';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageMessages } from '@/i18n/page-messages';
import { buildPageMetadata } from '@/lib/seo/build-page-metadata';
import { placeOf, type BookPlace } from '@/lib/sports/browse-pages';
import { bookPath } from '@/lib/sports/match-path';
import { getBook, getBrowseMatches } from '@/lib/sports/sports-server';
import { BrowseMatches } from './browse-matches';
import { FavouriteStar } from './favourite-star';
import { LeagueList } from './favourite-leagues';
import { homeCrumb, SportsbookShell, type Crumb } from './sportsbook-shell';
import styles from './browse.module.css';

async function titleOf(lng: Locale, { sport, category, league }: BookPlace): Promise<string> {
  const t = await getTranslations({ locale: lng, namespace: 'sports' });
  if (league) return t('browse.leagueTitle', { league: league.tournamentName, category: category?.categoryName ?? '' });
  if (category) return t('browse.categoryTitle', { sport: sport.sportName, category: category.categoryName });
  return t('browse.sportTitle', { sport: sport.sportName });
}

function pathOf({ sport, category, league }: BookPlace): string {
  return bookPath(sport.slug, category?.slug, league?.slug);
}

/** The head of a sport's, country's or league's page: its own title, canonical and alternates at its canonical path. */
export async function bookPlaceMetadata(lng: Locale, segments: string[]): Promise<Metadata> {
  const place = placeOf(lng, await getBook(lng), segments);
  const [metadata, title] = await Promise.all([buildPageMetadata(lng, pathOf(place)), titleOf(lng, place)]);
  return { ...metadata, title };
}

/**
 * A sport's, country's or league's page: its countries or leagues to go on to, and every one of its matches, in play
 * first (moving over the live stream), then by day.
 */
export async function BookPlaceView({ lng, segments }: { lng: Locale; segments: string[] }) {
  const book = await getBook(lng);
  const place = placeOf(lng, book, segments);
  const { sport, category, league } = place;
  const [listing, title, t, home] = await Promise.all([
    getBrowseMatches(
      lng,
      league
        ? { tournament: league.idTournament }
        : category
          ? { category: category.idCategory }
          : { sport: sport.idSport },
    ),
    titleOf(lng, place),
    getTranslations({ locale: lng, namespace: 'sports' }),
    homeCrumb(lng),
  ]);
  const crumbs: Crumb[] = [home];
  if (category) crumbs.push({ label: sport.sportName, href: bookPath(sport.slug) });
  if (league && category) crumbs.push({ label: category.categoryName, href: bookPath(sport.slug, category.slug) });
  const onward = league
    ? []
    : (category ? [category] : sport.categories).flatMap((item) =>
        item.tournaments.map((tournament) => ({
          idTournament: tournament.idTournament,
          name: category ? tournament.tournamentName : `${tournament.tournamentName} (${item.categoryName})`,
          href: bookPath(sport.slug, item.slug, tournament.slug),
          count: tournament.upcoming + tournament.live,
        })),
      );
  const filter = league
    ? { tournament: league.idTournament }
    : category
      ? { category: category.idCategory }
      : { sport: sport.idSport };
  return (
    <PageMessages lng={lng} namespaces={['sports', 'errors']}>
      <SportsbookShell
        lng={lng}
        book={book}
        title={title}
        crumbs={crumbs}
        current={sport.idSport}
        action={
          league ? <FavouriteStar lng={lng} tournamentId={league.idTournament} league={league.tournamentName} /> : null
        }
      >
        {onward.length > 0 ? (
          <section className={styles.panel} aria-labelledby="book-leagues">
            <h2 id="book-leagues" className={styles.panelTitle}>
              {category ? t('browse.leagues') : t('browse.countries')}
            </h2>
            <LeagueList leagues={onward} />
          </section>
        ) : null}
        <section className={styles.groups} aria-label={t('browse.matches')}>
          <BrowseMatches lng={lng} initial={listing.matches} live filter={filter} empty={t('browse.noMatches')} />
          {listing.truncated ? <p className={styles.empty}>{t('browse.truncated')}</p> : null}
        </section>
      </SportsbookShell>
    </PageMessages>
  );
}
