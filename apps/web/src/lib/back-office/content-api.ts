import type {
  StaffArticleBody,
  StaffBonusInfoBody,
  StaffLocaleBody,
  StaffPageMetadataBody,
  StaffSlideBody,
  StaffTranslationPreviewBody,
} from '@playhouse/shared/contracts/staff-content';
import type { StaffInfoPopupBody } from '@playhouse/shared/contracts/content';
import type { Locale } from '@playhouse/shared/locales';
import type { OddType } from '@playhouse/shared/odds';
import { lazySchema } from '../browser-api';
import { officeApi, type TableQuery } from './office-api';

// The contracts (and zod) load with the first answer, as in the other area modules.
const contracts = () => import('@playhouse/shared/contracts/staff-content');
const content = () => import('@playhouse/shared/contracts/content');

/**
 * The calls of each kind of content the back office edits item by item, under /spa/staff/content/<kind>: a page of the
 * list, one item, create (no id) or replace (an id), delete. The site shows a change at once.
 */

/** /spa/staff/content/slides: home slides and banners. */
export const slidesApi = {
  list: (lng: Locale, query: TableQuery, signal?: AbortSignal) =>
    officeApi('/spa/staff/content/slides', lazySchema(contracts, 'staffSlidesPageSchema'), {
      locale: lng,
      query,
      signal,
    }),
  get: (lng: Locale, id: number, signal?: AbortSignal) =>
    officeApi(`/spa/staff/content/slides/${id}`, lazySchema(contracts, 'staffSlideSchema'), { locale: lng, signal }),
  save: (lng: Locale, id: number | null, body: StaffSlideBody) =>
    officeApi(
      id === null ? '/spa/staff/content/slides' : `/spa/staff/content/slides/${id}`,
      lazySchema(contracts, 'staffSlideSchema'),
      { method: id === null ? 'POST' : 'PUT', locale: lng, body },
    ),
  remove: (lng: Locale, id: number) =>
    officeApi(`/spa/staff/content/slides/${id}`, null, { method: 'DELETE', locale: lng }),
};

/** /spa/staff/content/bonus-infos: the bonus info block. */
export const bonusInfosApi = {
  list: (lng: Locale, query: TableQuery, signal?: AbortSignal) =>
    officeApi('/spa/staff/content/bonus-infos', lazySchema(contracts, 'staffBonusInfosPageSchema'), {
      locale: lng,
      query,
      signal,
    }),
  get: (lng: Locale, id: number, signal?: AbortSignal) =>
    officeApi(`/spa/staff/content/bonus-infos/${id}`, lazySchema(contracts, 'staffBonusInfoSchema'), {
      locale: lng,
      signal,
    }),
  save: (lng: Locale, id: number | null, body: StaffBonusInfoBody) =>
    officeApi(
      id === null ? '/spa/staff/content/bonus-infos' : `/spa/staff/content/bonus-infos/${id}`,
      lazySchema(contracts, 'staffBonusInfoSchema'),
      { method: id === null ? 'POST' : 'PUT', locale: lng, body },
    ),
  remove: (lng: Locale, id: number) =>
    officeApi(`/spa/staff/content/bonus-infos/${id}`, null, { method: 'DELETE', locale: lng }),
};

/** /spa/staff/content/articles: articles. */
export const articlesApi = {
  list: (lng: Locale, query: TableQuery, signal?: AbortSignal) =>
    officeApi('/spa/staff/content/articles', lazySchema(contracts, 'staffArticlesPageSchema'), {
      locale: lng,
      query,
      signal,
    }),
  get: (lng: Locale, id: number, signal?: AbortSignal) =>
    officeApi(`/spa/staff/content/articles/${id}`, lazySchema(contracts, 'staffArticleSchema'), {
      locale: lng,
      signal,
    }),
  save: (lng: Locale, id: number | null, body: StaffArticleBody) =>
    officeApi(
      id === null ? '/spa/staff/content/articles' : `/spa/staff/content/articles/${id}`,
      lazySchema(contracts, 'staffArticleSchema'),
      { method: id === null ? 'POST' : 'PUT', locale: lng, body },
    ),
  remove: (lng: Locale, id: number) =>
    officeApi(`/spa/staff/content/articles/${id}`, null, { method: 'DELETE', locale: lng }),
};

/** /spa/staff/content/page-metadata: page metadata. */
export const pageMetadataApi = {
  list: (lng: Locale, query: TableQuery, signal?: AbortSignal) =>
    officeApi('/spa/staff/content/page-metadata', lazySchema(contracts, 'staffPageMetadataPageSchema'), {
      locale: lng,
      query,
      signal,
    }),
  get: (lng: Locale, id: number, signal?: AbortSignal) =>
    officeApi(`/spa/staff/content/page-metadata/${id}`, lazySchema(contracts, 'staffPageMetadataSchema'), {
      locale: lng,
      signal,
    }),
  save: (lng: Locale, id: number | null, body: StaffPageMetadataBody) =>
    officeApi(
      id === null ? '/spa/staff/content/page-metadata' : `/spa/staff/content/page-metadata/${id}`,
      lazySchema(contracts, 'staffPageMetadataSchema'),
      { method: id === null ? 'POST' : 'PUT', locale: lng, body },
    ),
  remove: (lng: Locale, id: number) =>
    officeApi(`/spa/staff/content/page-metadata/${id}`, null, { method: 'DELETE', locale: lng }),
};

/** GET /spa/staff/content/info-popups: the announcements, the one shown first. */
export function listInfoPopups(lng: Locale, query: TableQuery, signal?: AbortSignal) {
  return officeApi('/spa/staff/content/info-popups', lazySchema(contracts, 'staffInfoPopupsPageSchema'), {
    locale: lng,
    query,
    signal,
  });
}

/** POST /spa/staff/info-popups: publishes an announcement in place of the shown one. */
export function publishInfoPopup(lng: Locale, body: StaffInfoPopupBody) {
  return officeApi('/spa/staff/info-popups', lazySchema(content, 'staffInfoPopupResponseSchema'), {
    method: 'POST',
    locale: lng,
    body,
  });
}

/** DELETE /spa/staff/content/info-popups/current: takes the shown announcement down. */
export function withdrawInfoPopup(lng: Locale) {
  return officeApi(
    '/spa/staff/content/info-popups/current',
    lazySchema(contracts, 'staffInfoPopupWithdrawResponseSchema'),
    { method: 'DELETE', locale: lng },
  );
}

/** GET /spa/staff/content/translations: keys with their texts per locale, searched by key or text. */
export function listTranslations(lng: Locale, query: TableQuery, signal?: AbortSignal) {
  return officeApi('/spa/staff/content/translations', lazySchema(contracts, 'staffTranslationsPageSchema'), {
    locale: lng,
    query,
    signal,
  });
}

/** PUT /spa/staff/content/translations/:locale/:key: a 400 names what is wrong with the ICU message. */
export function saveTranslation(lng: Locale, locale: Locale, key: string, value: string) {
  return officeApi(
    `/spa/staff/content/translations/${locale}/${encodeURIComponent(key)}`,
    lazySchema(contracts, 'staffTranslationSchema'),
    { method: 'PUT', locale: lng, body: { value } },
  );
}

/** POST /spa/staff/content/translations/preview: the message as the site would show it, with sample values. */
export function previewTranslation(lng: Locale, body: StaffTranslationPreviewBody, signal?: AbortSignal) {
  return officeApi(
    '/spa/staff/content/translations/preview',
    lazySchema(contracts, 'staffTranslationPreviewResponseSchema'),
    { method: 'POST', locale: lng, body, signal },
  );
}

/** GET /spa/staff/content/locales: every supported locale, added or not. */
export function listLocales(lng: Locale, signal?: AbortSignal) {
  return officeApi('/spa/staff/content/locales', lazySchema(contracts, 'staffLocalesResponseSchema'), {
    locale: lng,
    signal,
  }).then((data) => data.locales);
}

/** POST /spa/staff/content/locales: adds a supported locale to the site. */
export function addLocale(lng: Locale, body: StaffLocaleBody) {
  return officeApi('/spa/staff/content/locales', lazySchema(contracts, 'staffLocalesResponseSchema'), {
    method: 'POST',
    locale: lng,
    body,
  }).then((data) => data.locales);
}

/** PUT /spa/staff/content/locales/:code/odd-type: the odds format visitors of a locale see. */
export function setLocaleOddType(lng: Locale, code: Locale, oddType: OddType) {
  return officeApi(`/spa/staff/content/locales/${code}/odd-type`, lazySchema(contracts, 'staffLocalesResponseSchema'), {
    method: 'PUT',
    locale: lng,
    body: { oddType },
  }).then((data) => data.locales);
}

/** POST /spa/staff/content/locales/:code/default: makes a locale the default. */
export function setDefaultLocale(lng: Locale, code: Locale) {
  return officeApi(`/spa/staff/content/locales/${code}/default`, lazySchema(contracts, 'staffLocalesResponseSchema'), {
    method: 'POST',
    locale: lng,
  }).then((data) => data.locales);
}
