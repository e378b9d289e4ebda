import {
  idOfBookSlug,
  type BookCategory,
  type BookResponse,
  type BookSport,
  type BookTournament,
} from '@playhouse/shared/contracts/sports-browse';
import type { Locale } from '@playhouse/shared/locales';
import { notFound } from 'next/navigation';
import { redirect } from '@/i18n/navigation';
import { bookPath } from './match-path';

export type BookPlace = { sport: BookSport; category?: BookCategory; league?: BookTournament };

/**
 * The sport, country and league that a page's path segments name, by the ids at their ends: a path that names none
 * (or one without matches now) is a 404; one whose words are not the canonical ones (a renamed league, a hand-typed
 * link) is sent to the canonical address.
 */
export function placeOf(lng: Locale, book: BookResponse, segments: string[]): BookPlace {
  const [sportSegment = '', categorySegment, leagueSegment] = segments;
  const sport = book.sports.find((item) => item.idSport === idOfBookSlug(sportSegment));
  if (!sport) notFound();
  const category =
    categorySegment === undefined
      ? undefined
      : (sport.categories.find((item) => item.idCategory === idOfBookSlug(categorySegment)) ?? notFound());
  const league =
    leagueSegment === undefined || !category
      ? undefined
      : (category.tournaments.find((item) => item.idTournament === idOfBookSlug(leagueSegment)) ?? notFound());
  const canonical = [sport.slug, category?.slug, league?.slug].filter((slug): slug is string => slug !== undefined);
  if (canonical.some((slug, index) => slug !== decodeURIComponent(segments[index] ?? ''))) {
    redirect({ href: bookPath(canonical[0]!, canonical[1], canonical[2]), locale: lng });
  }
  return { sport, ...(category ? { category } : {}), ...(league ? { league } : {}) };
}

/** Every league of the book as a link, with its matches to come and in play. */
export function leagueLinks(book: BookResponse) {
  return book.sports.flatMap((sport) =>
    sport.categories.flatMap((category) =>
      category.tournaments.map((league) => ({
        idTournament: league.idTournament,
        name: `${league.tournamentName} (${category.categoryName})`,
        href: bookPath(sport.slug, category.slug, league.slug),
        count: league.upcoming + league.live,
      })),
    ),
  );
}
