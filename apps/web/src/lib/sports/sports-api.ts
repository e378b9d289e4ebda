import {
  betsResponseSchema,
  matchDetailResponseSchema,
  oddTypeResponseSchema,
  placeBetResponseSchema,
  sportMatchesResponseSchema,
  topOfferResponseSchema,
  type BetListFilter,
  type PlaceBetBody,
} from '@playhouse/shared/contracts/sports';
import type { OddType } from '@playhouse/shared/odds';
import type { Locale } from '@playhouse/shared/locales';
import { ApiError, apiGet } from '../api-client';
import { browserApi } from '../browser-api';
import { sportMatchesQuery, sportsListQuery } from './top-offer-query';

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

/** In the browser: one sport's matches (SPEC.md §7.2). */
export function fetchSportMatches(lng: Locale, sportId: number, timeZone: string, signal?: AbortSignal) {
  return browserApi('/spa/sports/top-offer/matches', sportMatchesResponseSchema, {
    query: sportMatchesQuery(lng, Date.now(), timeZone, sportId),
    signal,
  });
}

export function fetchMatch(lng: Locale, matchId: number) {
  return browserApi(`/spa/sports/matches/${matchId}`, matchDetailResponseSchema, { locale: lng }).then(
    (data) => data.match,
  );
}

/** The odds format per language: the signed-in player's own choice, else the site default. */
export function fetchOddType(lng: Locale) {
  return browserApi('/spa/users/odd-type', oddTypeResponseSchema, { locale: lng }).then((data) => data.oddType);
}

export function saveOddType(lng: Locale, oddType: OddType) {
  return browserApi('/spa/users/odd-type', oddTypeResponseSchema, { method: 'PUT', locale: lng, body: { oddType } });
}

export function placeBet(lng: Locale, body: PlaceBetBody, idempotencyKey: string) {
  return browserApi('/spa/sports/bets', placeBetResponseSchema, {
    method: 'POST',
    locale: lng,
    body,
    idempotencyKey,
  }).then((data) => data.bet);
}

export function fetchBets(lng: Locale, filter: BetListFilter | undefined, page: number) {
  return browserApi('/spa/sports/bets', betsResponseSchema, { locale: lng, query: { status: filter, page } });
}

/** Server-sent events of one match's odds (EventSource cannot send X-Locale, so the language goes in the query). */
export function matchStreamUrl(lng: Locale, matchId: number): string {
  return `/spa/sports/stream?${new URLSearchParams({ matchId: String(matchId), lng }).toString()}`;
}
