import { matchDetailResponseSchema, topOfferResponseSchema } from '@playhouse/shared/contracts/sports';
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
