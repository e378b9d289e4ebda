import {
  articlesResponseSchema,
  categoriesResponseSchema,
  categoryResponseSchema,
  contentVersionSchema,
  headDataSchema,
  infoPopupSchema,
  localesResponseSchema,
  manifestResponseSchema,
  messagesSchema,
  pageMetadataSchema,
  sitemapResponseSchema,
  slidesResponseSchema,
  snippetsResponseSchema,
  type Locale,
} from '@playhouse/shared';
import type { z } from 'zod';
import { ApiError, apiErrorFrom } from './api-error';
import { serverEnv, webServerHeaders } from './env';
import { queryString, type Query } from './query-string';

export { ApiError };

/**
 * How long the server keeps an api answer before asking again. Operators' edits do not wait for it: kept answers are
 * keyed by the api's content version (below), which every edit raises.
 */
export const CONTENT_REVALIDATE_SECONDS = 60;

/** How long one web process trusts the content version it read: at most one extra api call per second. */
const CONTENT_VERSION_TTL_MS = 1_000;
const CONTENT_VERSION_HEADER = 'X-Content-Version';
let knownVersion: { readAt: number; version: Promise<string | null> } | undefined;

/**
 * The api's content version, a number the database raises with every change of public content (texts, sliders,
 * metadata, the catalogue...). It is sent with every kept request, and Next keys its fetch cache by the headers: a
 * back-office edit changes the key, so the next render asks the api again instead of showing the kept answer for up
 * to a minute. Without an answer (the api restarting) requests go out without it, kept as before.
 */
function contentVersion(): Promise<string | null> {
  const now = Date.now();
  if (!knownVersion || now - knownVersion.readAt > CONTENT_VERSION_TTL_MS) {
    const version = fetch(`${serverEnv().API_URL}/spa/content-version`, {
      cache: 'no-store',
      headers: { accept: 'application/json', ...webServerHeaders() },
    })
      .then(async (response) => (response.ok ? contentVersionSchema.parse(await response.json()).version : null))
      .catch(() => null);
    knownVersion = { readAt: now, version };
  }
  return knownVersion.version;
}

type RequestOptions = {
  locale?: Locale;
  revalidate?: number;
  query?: Query;
  /** Extra headers; a personal call (a session cookie) must also pass `revalidate: 0`. */
  headers?: Record<string, string>;
};

function apiBase(): string {
  // In the browser the api is same-origin through the /spa rewrite; on the server it is reached directly.
  return typeof window === 'undefined' ? serverEnv().API_URL : '';
}

/** GET an api path and parse the answer with its shared schema; any non-2xx answer becomes an ApiError. */
export async function apiGet<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const search = queryString(options.query, { keepEmpty: true });
  const query = search ? `?${search}` : '';
  const onServer = typeof window === 'undefined';
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(onServer ? webServerHeaders() : {}),
    ...options.headers,
  };
  if (options.locale) headers['X-Locale'] = options.locale;
  const revalidate = options.revalidate ?? CONTENT_REVALIDATE_SECONDS;
  if (onServer && revalidate > 0) {
    const version = await contentVersion();
    if (version) headers[CONTENT_VERSION_HEADER] = version;
  }

  const response = await fetch(`${apiBase()}${path}${query}`, { headers, next: { revalidate } });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw await apiErrorFrom(response.status, body, `GET ${path}`);
  return schema.parse(body);
}

export function getLocales() {
  return apiGet('/spa/locales', localesResponseSchema).then((data) => data.locales);
}

export function getMessages(locale: Locale) {
  return apiGet(`/spa/translation/${locale}`, messagesSchema);
}

export function getNavCategories(locale: Locale) {
  return apiGet('/spa/categories', categoriesResponseSchema, { locale }).then((data) => data.categories);
}

/** The category, or null when the slug is unknown (the page then shows its not-found page). */
export async function getCategory(locale: Locale, slug: string) {
  try {
    const data = await apiGet(`/spa/categories/${encodeURIComponent(slug)}`, categoryResponseSchema, { locale });
    return data.category;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export function getSlides(locale: Locale, type: 'home' | 'banner') {
  return apiGet('/spa/slides', slidesResponseSchema, { locale, query: { type } }).then((data) => data.slides);
}

export function getArticles(locale: Locale, routePath: string) {
  return apiGet('/spa/articles', articlesResponseSchema, { locale, query: { routePath } });
}

export function getPageMetadata(locale: Locale, routePath: string, gameId?: number) {
  return apiGet('/spa/seo/page-metadata', pageMetadataSchema, { locale, query: { routePath, gameId } });
}

export function getHeadData(locale: Locale) {
  return apiGet('/spa/seo/head/top', headDataSchema, { locale });
}

export type SnippetSlot = 'head/bottom' | 'body/top' | 'body/bottom';
export function getSnippets(locale: Locale, slot: SnippetSlot) {
  return apiGet(`/spa/seo/${slot}`, snippetsResponseSchema, { locale }).then((data) => data.snippets);
}

/** A published announcement reaches pages within this time (their cached render is refreshed in the background). */
const ANNOUNCEMENT_REVALIDATE_SECONDS = 10;

export function getInfoPopup(locale: Locale) {
  return apiGet('/spa/info-popup', infoPopupSchema, { locale, revalidate: ANNOUNCEMENT_REVALIDATE_SECONDS });
}

export function getSitemap(host: string) {
  return apiGet('/spa/sitemap', sitemapResponseSchema, { query: { host } }).then((data) => data.urls);
}

export function getManifest(locale: Locale) {
  return apiGet('/spa/manifest', manifestResponseSchema, { locale });
}
