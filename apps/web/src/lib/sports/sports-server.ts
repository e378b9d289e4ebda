import {
  matchDetailResponseSchema,
  oddTypeResponseSchema,
  topOfferResponseSchema,
} from '@playhouse/shared/contracts/sports';
import {
  bookResponseSchema,
  browseMatchesResponseSchema,
  sportsSearchResponseSchema,
  type BrowseMatchesQuery,
} from '@playhouse/shared/contracts/sports-browse';
import type { Locale } from '@playhouse/shared/locales';
import { ApiError, apiGet } from '../api-client';
import { sportsListQuery } from './top-offer-query';

/** Odds move: the server keeps a sports list at most this long. */
const TOP_OFFER_REVALIDATE_SECONDS = 15;

/** On the server: the sports list with the first sport's matches (SPEC.md §7.1). Times are the browser's to show. */
export function getSportsList(lng: Locale) {
  return apiGet('/spa/sports/top-offer', topOfferResponseSchema, {
    query: sportsListQuery(lng, Date.now(), 'UTC'),
    revalidate: TOP_OFFER_REVALIDATE_SECONDS,
  });
}

/**
 * On the server: the odds format the operator set for a language (a visitor's default, SPEC.md §3), asked without a
 * session. Handed to the page, it spares a visitor's browser the odd-type call, and with it the contracts and zod.
 */
export function getSiteOddType(lng: Locale) {
  return apiGet('/spa/users/odd-type', oddTypeResponseSchema, { locale: lng }).then((data) => data.oddType);
}

/** On the server: one match with every market, for the prematch page; null when there is no such match. */
export async function getMatch(lng: Locale, matchId: number) {
  try {
    const data = await apiGet(`/spa/sports/matches/${matchId}`, matchDetailResponseSchema, {
      locale: lng,
      revalidate: 0,
    });
    return data.match;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** The browse pages' reads change with every odds move; the api answers them from memory. */
const BROWSE_REVALIDATE_SECONDS = 5;

/** On the server: the book's sports, countries and leagues with their counts, and the popular leagues. */
export function getBook(lng: Locale) {
  return apiGet('/spa/sports/book', bookResponseSchema, { locale: lng, revalidate: BROWSE_REVALIDATE_SECONDS });
}

/** On the server: the matches of a sport, country or league (in play first), or every match in play. */
export function getBrowseMatches(lng: Locale, query: BrowseMatchesQuery) {
  return apiGet('/spa/sports/book/matches', browseMatchesResponseSchema, {
    locale: lng,
    query: Object.fromEntries(Object.entries(query).map(([name, value]) => [name, String(value)])),
    revalidate: BROWSE_REVALIDATE_SECONDS,
  });
}

/** On the server: matches and leagues by a team, player, league or country name. */
export function searchBook(lng: Locale, q: string) {
  return apiGet('/spa/sports/search', sportsSearchResponseSchema, {
    locale: lng,
    query: { q },
    revalidate: BROWSE_REVALIDATE_SECONDS,
  });
}
