import type { CasinoGamePatch } from '@playhouse/shared/contracts/casino-admin';
import type { Locale } from '@playhouse/shared/locales';
import { lazySchema } from '../browser-api';
import { officeApi, type TableQuery } from './office-api';

// The contracts (and zod) load with the first answer, as in the other area modules.
const casino = () => import('@playhouse/shared/contracts/casino-admin');

/** GET /spa/staff/casino/games: one page of games for the table's URL state. */
export function fetchCasinoGames(lng: Locale, query: TableQuery) {
  return officeApi('/spa/staff/casino/games', lazySchema(casino, 'casinoGamesResponseSchema'), {
    locale: lng,
    query,
  });
}

/** PATCH /spa/staff/casino/games/{id}: enable, lock, demo play, rank. */
export function updateCasinoGame(lng: Locale, id: number, patch: CasinoGamePatch) {
  return officeApi(`/spa/staff/casino/games/${id}`, lazySchema(casino, 'casinoGameResponseSchema'), {
    method: 'PATCH',
    locale: lng,
    body: patch,
  }).then((data) => data.game);
}

/** PUT /spa/staff/casino/games/{id}/categories: the categories a game is listed in. */
export function setCasinoGameCategories(lng: Locale, id: number, categoryIds: number[]) {
  return officeApi(`/spa/staff/casino/games/${id}/categories`, lazySchema(casino, 'casinoGameResponseSchema'), {
    method: 'PUT',
    locale: lng,
    body: { categoryIds },
  }).then((data) => data.game);
}

/** GET /spa/staff/casino/categories: the categories in their order. */
export function fetchCasinoCategories(lng: Locale) {
  return officeApi('/spa/staff/casino/categories', lazySchema(casino, 'casinoCategoriesResponseSchema'), {
    locale: lng,
  }).then((data) => data.items);
}

/** PATCH /spa/staff/casino/categories/{id}: show or hide, move. */
export function updateCasinoCategory(lng: Locale, id: number, patch: { active?: boolean; position?: number }) {
  return officeApi(`/spa/staff/casino/categories/${id}`, lazySchema(casino, 'casinoCategoryResponseSchema'), {
    method: 'PATCH',
    locale: lng,
    body: patch,
  }).then((data) => data.category);
}

/** GET /spa/staff/casino/categories/{id}/games: a category's games in their order. */
export function fetchCategoryGames(lng: Locale, id: number) {
  return officeApi(
    `/spa/staff/casino/categories/${id}/games`,
    lazySchema(casino, 'casinoCategoryGamesResponseSchema'),
    {
      locale: lng,
    },
  ).then((data) => data.items);
}

/** PUT /spa/staff/casino/categories/{id}/games: orders a category's games. */
export function orderCategoryGames(lng: Locale, id: number, gameIds: number[]) {
  return officeApi(
    `/spa/staff/casino/categories/${id}/games`,
    lazySchema(casino, 'casinoCategoryGamesResponseSchema'),
    {
      method: 'PUT',
      locale: lng,
      body: { gameIds },
    },
  ).then((data) => data.items);
}

/** GET /spa/staff/casino/providers: the providers in their order. */
export function fetchCasinoProviders(lng: Locale) {
  return officeApi('/spa/staff/casino/providers', lazySchema(casino, 'casinoProvidersResponseSchema'), {
    locale: lng,
  }).then((data) => data.items);
}

/** PATCH /spa/staff/casino/providers/{id}: enable or disable, move (admins). */
export function updateCasinoProvider(lng: Locale, id: number, patch: { active?: boolean; position?: number }) {
  return officeApi(`/spa/staff/casino/providers/${id}`, lazySchema(casino, 'casinoProviderResponseSchema'), {
    method: 'PATCH',
    locale: lng,
    body: patch,
  }).then((data) => data.provider);
}

/** POST /spa/staff/casino/providers/{id}/secret: a new secret (shown once) and until when the old one works. */
export function rotateProviderSecret(lng: Locale, id: number) {
  return officeApi(
    `/spa/staff/casino/providers/${id}/secret`,
    lazySchema(casino, 'casinoProviderSecretResponseSchema'),
    {
      method: 'POST',
      locale: lng,
    },
  );
}
