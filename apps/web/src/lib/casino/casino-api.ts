import {
  favouriteResponseSchema,
  gameResponseSchema,
  gameSearchResponseSchema,
  gamesResponseSchema,
  launchResponseSchema,
  originalsRoundResponseSchema,
  originalsRoundsResponseSchema,
  originalsSessionResponseSchema,
  providersResponseSchema,
  rotateSeedResponseSchema,
  type GameMode,
} from '@playhouse/shared/contracts/casino';
import { SPEC } from '@playhouse/shared/constants';
import type { Locale } from '@playhouse/shared/locales';
import { apiErrorFrom } from '../api-error';
import { browserApi } from '../browser-api';

/** The part of a games query (SPEC.md §7.7) that picks the games; paging and artwork are added per request. */
export type GamesSelection = { categorySlug?: string; searchValue?: string; withCategory?: boolean };

/** The games query as the grid sends it: the default artwork (600_400_out, 3x2), `offset` as the page number. */
export function gamesQuery(selection: GamesSelection, page: number, limit: number = SPEC.gamePageSize) {
  return {
    'imageSizeFilter[]': SPEC.defaultImageSizeFilter,
    'aspectRatio[]': SPEC.defaultAspectRatio,
    sort: SPEC.defaultSort,
    searchValue: selection.searchValue,
    offset: page,
    limit,
    withCategory: selection.withCategory ? 1 : 0,
    categorySlug: selection.categorySlug,
  };
}

/** One page of games, with the session cookie so hearts and locks are the player's own. */
export function fetchGames(lng: Locale, selection: GamesSelection, page: number, signal?: AbortSignal) {
  return browserApi('/spa/games', gamesResponseSchema, { locale: lng, query: gamesQuery(selection, page), signal });
}

export function searchGames(lng: Locale, search: string, page: number, signal?: AbortSignal) {
  return browserApi('/spa/games/search', gameSearchResponseSchema, {
    locale: lng,
    query: { search, page, perPage: SPEC.suggestionPageSize },
    signal,
  });
}

/** SPEC.md §7.9: the heart flips only when this answers 200. */
export function toggleFavourite(lng: Locale, gameId: number) {
  return browserApi(`/spa/games/${gameId}/favourite`, favouriteResponseSchema, { method: 'POST', locale: lng });
}

export function fetchGame(lng: Locale, slug: string) {
  return browserApi(`/spa/games/${encodeURIComponent(slug)}`, gameResponseSchema, { locale: lng }).then(
    (data) => data.game,
  );
}

export function fetchProviders() {
  return browserApi('/spa/providers', providersResponseSchema).then((data) => data.providers);
}

export function launchGame(lng: Locale, slug: string, mode: GameMode) {
  return browserApi(`/spa/games/${encodeURIComponent(slug)}/launch`, launchResponseSchema, {
    method: 'POST',
    locale: lng,
    body: { mode },
  }).then((data) => data.launch);
}

// The Originals host's calls, made by its page inside the game iframe.

export function openOriginalsSession(lng: Locale, launchToken: string) {
  return browserApi('/spa/games/originals/sessions', originalsSessionResponseSchema, {
    method: 'POST',
    locale: lng,
    body: { launchToken },
  }).then((data) => data.session);
}

/** browserApi has no custom headers, and these calls carry the game session's bearer token. */
async function sessionCall<T>(
  path: string,
  token: string,
  parse: (body: unknown) => T,
  init: { method?: 'GET' | 'POST'; body?: unknown; locale?: Locale } = {},
): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    headers: {
      accept: 'application/json',
      'x-game-session': token,
      ...(init.locale ? { 'X-Locale': init.locale } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: 'include',
  });
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) throw apiErrorFrom(response.status, data, `${init.method ?? 'GET'} ${path}`);
  return parse(data);
}

/** The session again (after a reload of the game page): balance and the current seed commitment. */
export function fetchOriginalsSession(lng: Locale, token: string) {
  return sessionCall(
    '/spa/games/originals/session',
    token,
    (body) => originalsSessionResponseSchema.parse(body).session,
    {
      locale: lng,
    },
  );
}

export function playOriginalsRound(token: string, bet: string, params: Record<string, unknown>) {
  return sessionCall('/spa/games/originals/rounds', token, (body) => originalsRoundResponseSchema.parse(body), {
    method: 'POST',
    body: { bet, params },
  });
}

export function fetchOriginalsRounds(token: string) {
  return sessionCall('/spa/games/originals/rounds', token, (body) => originalsRoundsResponseSchema.parse(body).rounds);
}

export function rotateOriginalsSeed(token: string, clientSeed: string | undefined) {
  return sessionCall('/spa/games/originals/seeds/rotate', token, (body) => rotateSeedResponseSchema.parse(body), {
    method: 'POST',
    body: clientSeed ? { clientSeed } : {},
  });
}
