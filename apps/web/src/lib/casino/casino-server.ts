import {
  gameResponseSchema,
  gamesResponseSchema,
  providersResponseSchema,
  type CatalogueSection,
} from '@playhouse/shared/contracts/casino';
import type { Locale } from '@playhouse/shared/locales';
import { ApiError, apiGet } from '../api-client';
import { gamesQuery, type GamesSelection } from './casino-api';

/**
 * The first page of a selection as a visitor sees it (no session: cached and shared); a signed-in player's page
 * fetches it again with the cookie for their hearts and locks. Null when the slug is neither a category nor a provider.
 */
export async function getGamesPage(lng: Locale, selection: GamesSelection) {
  try {
    return await apiGet('/spa/games', gamesResponseSchema, { locale: lng, query: gamesQuery(selection, 1) });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** A catalogue slug's heading: a navigation category, a provider, or null when it is neither. */
export async function getCatalogueSection(lng: Locale, slug: string): Promise<CatalogueSection | null> {
  const page = await getGamesPage(lng, { categorySlug: slug, withCategory: true });
  return page?.category ?? null;
}

export function getProviders() {
  return apiGet('/spa/providers', providersResponseSchema).then((data) => data.providers);
}

/** A game by slug, or null when there is none. */
export async function getGame(lng: Locale, slug: string) {
  try {
    return (await apiGet(`/spa/games/${encodeURIComponent(slug)}`, gameResponseSchema, { locale: lng })).game;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}
