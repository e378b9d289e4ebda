import type { BetListFilter, PlaceBetBody } from '@playhouse/shared/contracts/sports';
import type { OddType } from '@playhouse/shared/odds';
import type { Locale } from '@playhouse/shared/locales';
import { browserApi, lazySchema } from '../browser-api';
import { sportMatchesQuery } from './top-offer-query';

// The contracts (and zod) load with the first answer, not with the page.
const contracts = () => import('@playhouse/shared/contracts/sports');
const schema = <K extends keyof Awaited<ReturnType<typeof contracts>>>(name: K) => lazySchema(contracts, name);

/** In the browser: one sport's matches (SPEC.md §7.2). */
export function fetchSportMatches(lng: Locale, sportId: number, timeZone: string, signal?: AbortSignal) {
  return browserApi('/spa/sports/top-offer/matches', schema('sportMatchesResponseSchema'), {
    query: sportMatchesQuery(lng, Date.now(), timeZone, sportId),
    signal,
  });
}

export function fetchMatch(lng: Locale, matchId: number) {
  return browserApi(`/spa/sports/matches/${matchId}`, schema('matchDetailResponseSchema'), { locale: lng }).then(
    (data) => data.match,
  );
}

/** The odds format per language: the signed-in player's own choice, else the site default. */
export function fetchOddType(lng: Locale) {
  return browserApi('/spa/users/odd-type', schema('oddTypeResponseSchema'), { locale: lng }).then(
    (data) => data.oddType,
  );
}

export function saveOddType(lng: Locale, oddType: OddType) {
  return browserApi('/spa/users/odd-type', schema('oddTypeResponseSchema'), {
    method: 'PUT',
    locale: lng,
    body: { oddType },
  });
}

export function placeBet(lng: Locale, body: PlaceBetBody, idempotencyKey: string) {
  return browserApi('/spa/sports/bets', schema('placeBetResponseSchema'), {
    method: 'POST',
    locale: lng,
    body,
    idempotencyKey,
  }).then((data) => data.bet);
}

export function fetchBets(lng: Locale, filter: BetListFilter | undefined, page: number) {
  return browserApi('/spa/sports/bets', schema('betsResponseSchema'), { locale: lng, query: { status: filter, page } });
}

/** Server-sent events of one match's odds (EventSource cannot send X-Locale, so the language goes in the query). */
export function matchStreamUrl(lng: Locale, matchId: number): string {
  return `/spa/sports/stream?${new URLSearchParams({ matchId: String(matchId), lng }).toString()}`;
}

/** Reads one `match` event of the match stream (`{ match }`, every market); null when it breaks the contract. */
export async function parseMatchEvent(data: string) {
  const parsed = (await contracts()).matchDetailSchema.safeParse((JSON.parse(data) as { match: unknown }).match);
  return parsed.success ? parsed.data : null;
}

const browseContracts = () => import('@playhouse/shared/contracts/sports-browse');

/**
 * Server-sent events of the matches in play: `event: live`, the whole list (on connect and when a match starts or
 * ends), then `event: live-patch`, what moved, to merge into it.
 */
export function liveStreamUrl(lng: Locale): string {
  return `/spa/sports/live/stream?${new URLSearchParams({ lng }).toString()}`;
}

/** Reads one `live` event; null when it breaks the contract. */
export async function parseLiveEvent(data: string) {
  const parsed = (await browseContracts()).browseMatchesResponseSchema.safeParse(JSON.parse(data));
  return parsed.success ? parsed.data.matches : null;
}

/** Reads one `live-patch` event; null when it breaks the contract. */
export async function parseLivePatchEvent(data: string) {
  const parsed = (await browseContracts()).livePatchSchema.safeParse(JSON.parse(data));
  return parsed.success ? parsed.data : null;
}

export function fetchFavouriteLeagues(lng: Locale) {
  return browserApi('/spa/sports/favourites', lazySchema(browseContracts, 'favouriteLeaguesResponseSchema'), {
    locale: lng,
  }).then((data) => data.tournamentIds);
}

/** Stars (on) or unstars a league; answers the player's favourites. */
export function saveFavouriteLeague(lng: Locale, tournamentId: number, on: boolean) {
  return browserApi(
    `/spa/sports/favourites/${tournamentId}`,
    lazySchema(browseContracts, 'favouriteLeaguesResponseSchema'),
    { method: on ? 'PUT' : 'DELETE', locale: lng },
  ).then((data) => data.tournamentIds);
}
