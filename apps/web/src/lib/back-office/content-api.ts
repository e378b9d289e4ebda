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
import { browserApi, lazySchema } from '../browser-api';

// The contracts (and zod) load with the first answer, as in the other area modules.
const contracts = () => import('@playhouse/shared/contracts/staff-content');
const content = () => import('@playhouse/shared/contracts/content');

/** The kinds of content the back office edits item by item, and the path of each under /spa/staff/content. */
export const EDITABLE_KINDS = {
  slides: { path: 'slides', item: 'staffSlideSchema' },
  bonusInfos: { path: 'bonus-infos', item: 'staffBonusInfoSchema' },
  articles: { path: 'articles', item: 'staffArticleSchema' },
  pageMetadata: { path: 'page-metadata', item: 'staffPageMetadataSchema' },
} as const;
export type EditableKind = keyof typeof EDITABLE_KINDS;

type Bodies = {
  slides: StaffSlideBody;
  bonusInfos: StaffBonusInfoBody;
  articles: StaffArticleBody;
  pageMetadata: StaffPageMetadataBody;
};

export type ListQuery = Record<string, string | number | undefined>;

const base = (kind: EditableKind) => `/spa/staff/content/${EDITABLE_KINDS[kind].path}`;
const itemSchema = <K extends EditableKind>(kind: K) => lazySchema(contracts, EDITABLE_KINDS[kind].item);
const pageSchema = <K extends EditableKind>(kind: K) =>
  lazySchema(
    () => contracts().then((module) => ({ page: module.staffContentPageSchema(module[EDITABLE_KINDS[kind].item]) })),
    'page',
  );

/** GET /spa/staff/content/<kind>: one page of the list (sorted, filtered, paged as the query says). */
export function listContent<K extends EditableKind>(lng: Locale, kind: K, query: ListQuery, signal?: AbortSignal) {
  return browserApi(base(kind), pageSchema(kind), { locale: lng, query, signal });
}

/** GET /spa/staff/content/<kind>/:id: one item with its texts in every locale. */
export function fetchContent<K extends EditableKind>(lng: Locale, kind: K, id: number, signal?: AbortSignal) {
  return browserApi(`${base(kind)}/${id}`, itemSchema(kind), { locale: lng, signal });
}

/** POST (no id) or PUT (an id) /spa/staff/content/<kind>: the site shows the change at once. */
export function saveContent<K extends EditableKind>(lng: Locale, kind: K, id: number | null, body: Bodies[K]) {
  return browserApi(id === null ? base(kind) : `${base(kind)}/${id}`, itemSchema(kind), {
    method: id === null ? 'POST' : 'PUT',
    locale: lng,
    body,
  });
}

/** DELETE /spa/staff/content/<kind>/:id. */
export function deleteContent(lng: Locale, kind: EditableKind, id: number) {
  return browserApi(`${base(kind)}/${id}`, null, { method: 'DELETE', locale: lng });
}

/** GET /spa/staff/content/info-popups: the announcements, the one shown first. */
export function listInfoPopups(lng: Locale, query: ListQuery, signal?: AbortSignal) {
  return browserApi(
    '/spa/staff/content/info-popups',
    lazySchema(
      () => contracts().then((module) => ({ page: module.staffContentPageSchema(module.staffInfoPopupItemSchema) })),
      'page',
    ),
    { locale: lng, query, signal },
  );
}

/** POST /spa/staff/info-popups: publishes an announcement in place of the shown one. */
export function publishInfoPopup(lng: Locale, body: StaffInfoPopupBody) {
  return browserApi('/spa/staff/info-popups', lazySchema(content, 'staffInfoPopupResponseSchema'), {
    method: 'POST',
    locale: lng,
    body,
  });
}

/** DELETE /spa/staff/content/info-popups/current: takes the shown announcement down. */
export function withdrawInfoPopup(lng: Locale) {
  return browserApi(
    '/spa/staff/content/info-popups/current',
    lazySchema(contracts, 'staffInfoPopupWithdrawResponseSchema'),
    { method: 'DELETE', locale: lng },
  );
}

/** GET /spa/staff/content/translations: keys with their texts per locale, searched by key or text. */
export function listTranslations(lng: Locale, query: ListQuery, signal?: AbortSignal) {
  return browserApi(
    '/spa/staff/content/translations',
    lazySchema(
      () => contracts().then((module) => ({ page: module.staffContentPageSchema(module.staffTranslationSchema) })),
      'page',
    ),
    { locale: lng, query, signal },
  );
}

/** PUT /spa/staff/content/translations/:locale/:key: a 400 names what is wrong with the ICU message. */
export function saveTranslation(lng: Locale, locale: Locale, key: string, value: string) {
  return browserApi(
    `/spa/staff/content/translations/${locale}/${encodeURIComponent(key)}`,
    lazySchema(contracts, 'staffTranslationSchema'),
    { method: 'PUT', locale: lng, body: { value } },
  );
}

/** POST /spa/staff/content/translations/preview: the message as the site would show it, with sample values. */
export function previewTranslation(lng: Locale, body: StaffTranslationPreviewBody, signal?: AbortSignal) {
  return browserApi(
    '/spa/staff/content/translations/preview',
    lazySchema(contracts, 'staffTranslationPreviewResponseSchema'),
    { method: 'POST', locale: lng, body, signal },
  );
}

/** GET /spa/staff/content/locales: every supported locale, added or not. */
export function listLocales(lng: Locale, signal?: AbortSignal) {
  return browserApi('/spa/staff/content/locales', lazySchema(contracts, 'staffLocalesResponseSchema'), {
    locale: lng,
    signal,
  }).then((data) => data.locales);
}

/** POST /spa/staff/content/locales: adds a supported locale to the site. */
export function addLocale(lng: Locale, body: StaffLocaleBody) {
  return browserApi('/spa/staff/content/locales', lazySchema(contracts, 'staffLocalesResponseSchema'), {
    method: 'POST',
    locale: lng,
    body,
  }).then((data) => data.locales);
}

/** POST /spa/staff/content/locales/:code/default: makes a locale the default. */
export function setDefaultLocale(lng: Locale, code: Locale) {
  return browserApi(`/spa/staff/content/locales/${code}/default`, lazySchema(contracts, 'staffLocalesResponseSchema'), {
    method: 'POST',
    locale: lng,
  }).then((data) => data.locales);
}
