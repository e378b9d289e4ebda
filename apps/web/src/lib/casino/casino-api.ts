import type { GameMode } from '@playhouse/shared/contracts/casino';
import type { SharedBetsBody, TableActionBody, TableRoundBody } from '@playhouse/shared/contracts/tables';
import { SPEC } from '@playhouse/shared/constants';
import type { Locale } from '@playhouse/shared/locales';
import { browserApi, lazySchema } from '../browser-api';

const contracts = () => import('@playhouse/shared/contracts/casino');
const schema = <K extends keyof Awaited<ReturnType<typeof contracts>>>(name: K) => lazySchema(contracts, name);

/** The part of a games query (SPEC.md §7.7) that picks the games; paging and artwork are added per request. */
export type GamesSelection = { categorySlug?: string; searchValue?: string; withCategory?: boolean };

/** The viewport widths (px) from which a game card's picture switches artwork: the phone's and the wider one. */
export const GAME_CARD_BREAKPOINTS = [0, 768] as const;

/**
 * The games query as the grid sends it: the default artwork (600_400_out, 3x2) at the card's breakpoints, `offset` as
 * the page number.
 */
export function gamesQuery(selection: GamesSelection, page: number, limit: number = SPEC.gamePageSize) {
  return {
    'imageSizeFilter[]': SPEC.defaultImageSizeFilter,
    'aspectRatio[]': SPEC.defaultAspectRatio,
    'breakpoint[]': GAME_CARD_BREAKPOINTS,
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
  return browserApi('/spa/games', schema('gamesResponseSchema'), {
    locale: lng,
    query: gamesQuery(selection, page),
    signal,
  });
}

export function searchGames(lng: Locale, search: string, page: number, signal?: AbortSignal) {
  return browserApi('/spa/games/search', schema('gameSearchResponseSchema'), {
    locale: lng,
    query: { search, page, perPage: SPEC.suggestionPageSize },
    signal,
  });
}

/** SPEC.md §7.9: the heart flips only when this answers 200. */
export function toggleFavourite(lng: Locale, gameId: number) {
  return browserApi(`/spa/games/${gameId}/favourite`, schema('favouriteResponseSchema'), {
    method: 'POST',
    locale: lng,
  });
}

export function fetchGame(lng: Locale, slug: string) {
  return browserApi(`/spa/games/${encodeURIComponent(slug)}`, schema('gameResponseSchema'), { locale: lng }).then(
    (data) => data.game,
  );
}

export function fetchProviders() {
  return browserApi('/spa/providers', schema('providersResponseSchema')).then((data) => data.providers);
}

export function launchGame(lng: Locale, slug: string, mode: GameMode) {
  return browserApi(`/spa/games/${encodeURIComponent(slug)}/launch`, schema('launchResponseSchema'), {
    method: 'POST',
    locale: lng,
    body: { mode },
  }).then((data) => data.launch);
}

// The Originals host's calls, made by its page inside the game iframe.

export function openOriginalsSession(lng: Locale, launchToken: string) {
  return browserApi('/spa/games/originals/sessions', schema('originalsSessionResponseSchema'), {
    method: 'POST',
    locale: lng,
    body: { launchToken },
  }).then((data) => data.session);
}

/** The Originals game's calls carry the game session's bearer token besides the cookie. */
const gameSession = (token: string) => ({ 'x-game-session': token });

/** The session again (after a reload of the game page): balance and the current seed commitment. */
export function fetchOriginalsSession(lng: Locale, token: string) {
  return browserApi('/spa/games/originals/session', schema('originalsSessionResponseSchema'), {
    locale: lng,
    headers: gameSession(token),
  }).then((data) => data.session);
}

export function playOriginalsRound(token: string, bet: string, params: Record<string, unknown>) {
  return browserApi('/spa/games/originals/rounds', schema('originalsRoundResponseSchema'), {
    method: 'POST',
    body: { bet, params },
    headers: gameSession(token),
  });
}

export function fetchOriginalsRounds(token: string) {
  return browserApi('/spa/games/originals/rounds', schema('originalsRoundsResponseSchema'), {
    headers: gameSession(token),
  }).then((data) => data.rounds);
}

export function rotateOriginalsSeed(token: string, clientSeed: string | undefined) {
  return browserApi('/spa/games/originals/seeds/rotate', schema('rotateSeedResponseSchema'), {
    method: 'POST',
    body: clientSeed ? { clientSeed } : {},
    headers: gameSession(token),
  });
}

// The table games of the Originals host: a round starts with its bets and goes on with the player's moves.

const tableContracts = () => import('@playhouse/shared/contracts/tables');
const tableSchema = <K extends keyof Awaited<ReturnType<typeof tableContracts>>>(name: K) =>
  lazySchema(tableContracts, name);

/** Starts a table round with its first bets (the session's own game). */
export function startTableRound(token: string, body: TableRoundBody) {
  return browserApi('/spa/games/originals/tables/rounds', tableSchema('tableRoundResponseSchema'), {
    method: 'POST',
    body,
    headers: gameSession(token),
  });
}

/**
 * One move of a round, at the index the player saw: sent again after a failure, the same move at the same index is
 * answered with the round as it stands, never applied twice.
 */
export function actOnTableRound(token: string, roundId: number, index: number, action: TableActionBody) {
  return browserApi(`/spa/games/originals/tables/rounds/${roundId}/actions`, tableSchema('tableRoundResponseSchema'), {
    method: 'POST',
    body: { index, action },
    headers: gameSession(token),
  });
}

/** The session's round still in play, after a reload. */
export function fetchOpenTableRound(token: string) {
  return browserApi('/spa/games/originals/tables/round', tableSchema('openTableRoundResponseSchema'), {
    headers: gameSession(token),
  }).then((data) => data.round);
}

// The shared tables: what a table shows is public; bets go with the game session's token.

/** The address of a shared table's event stream (server-sent events through the site's own /spa). */
export const sharedTableStreamUrl = (slug: string) => `/spa/games/originals/shared/${slug}/stream`;

export function fetchSharedTable(slug: string) {
  return browserApi(`/spa/games/originals/shared/${slug}/state`, tableSchema('sharedTableStateSchema'));
}

export function placeSharedBets(token: string, body: SharedBetsBody) {
  return browserApi('/spa/games/originals/shared/bets', tableSchema('sharedBetsResponseSchema'), {
    method: 'POST',
    body,
    headers: gameSession(token),
  });
}

export function fetchSharedSlips(token: string) {
  return browserApi('/spa/games/originals/shared/slips', tableSchema('sharedSlipsResponseSchema'), {
    headers: gameSession(token),
  });
}
