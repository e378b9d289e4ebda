import type {
  StaffArticle,
  StaffArticleBody,
  StaffBonusInfo,
  StaffBonusInfoBody,
  StaffPageMetadata,
  StaffPageMetadataBody,
  StaffSlide,
  StaffSlideBody,
} from '@playhouse/shared/contracts/staff-content';
import type { StaffInfoPopupBody } from '@playhouse/shared/contracts/content';
import { LOCALES, type Locale } from '@playhouse/shared/locales';

/** One control of a content editor; its label is `boContent.fields.<name>`. */
export type FieldSpec =
  | { name: string; kind: 'text' | 'number'; required?: boolean }
  | { name: string; kind: 'textarea'; required?: boolean; rows?: number }
  | { name: string; kind: 'checkbox' }
  | { name: string; kind: 'select'; options: readonly string[] }
  /** One control per locale in a fieldset; `required` means the default locale's (en) text. */
  | { name: string; kind: 'localized'; multiline?: boolean; required?: boolean };

/** The editor's values: `name`, or `name.<locale>` for localized fields. */
export type EditorValues = Record<string, string | boolean>;

/** A problem the editor finds before sending, named by its message key under `boContent.editor`. */
export type EditorProblem = 'required' | 'number' | 'json' | 'metaTags';

export class EditorFieldError extends Error {
  constructor(
    readonly field: string,
    readonly problem: EditorProblem,
  ) {
    super(`${field}: ${problem}`);
  }
}

export interface EditorSpec<Item, Body> {
  fields: FieldSpec[];
  /** The form's values for an item (null: a new one). */
  toValues: (item: Item | null) => EditorValues;
  /** The request body, or EditorFieldError naming the field. */
  toBody: (values: EditorValues) => Body;
}

const str = (values: EditorValues, name: string) => {
  const value = values[name];
  return typeof value === 'string' ? value.trim() : '';
};
const bool = (values: EditorValues, name: string) => values[name] === true;

function localizedValues(name: string, texts: Partial<Record<string, string>> | undefined): EditorValues {
  return Object.fromEntries(LOCALES.map((locale) => [`${name}.${locale}`, texts?.[locale] ?? '']));
}

/** The texts filled in; an empty one is left out, so the site shows the default locale's. */
function localizedBody(values: EditorValues, name: string): Partial<Record<Locale, string>> {
  return Object.fromEntries(
    LOCALES.flatMap((locale) => {
      const text = str(values, `${name}.${locale}`);
      return text ? [[locale, text]] : [];
    }),
  );
}

function required(values: EditorValues, field: string): string {
  const value = str(values, field);
  if (!value) throw new EditorFieldError(field, 'required');
  return value;
}

function position(values: EditorValues): number {
  const text = str(values, 'position') || '0';
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new EditorFieldError('position', 'number');
  return value;
}

const nullable = (values: EditorValues, name: string) => str(values, name) || null;

const IMAGE_FIELDS: FieldSpec[] = [
  { name: 'images.mobile', kind: 'text' },
  { name: 'images.tablet', kind: 'text' },
  { name: 'images.desktop', kind: 'text' },
];

const imageValues = (images: { mobile: string | null; tablet: string | null; desktop: string | null } | undefined) => ({
  'images.mobile': images?.mobile ?? '',
  'images.tablet': images?.tablet ?? '',
  'images.desktop': images?.desktop ?? '',
});
const imageBody = (values: EditorValues) => ({
  mobile: nullable(values, 'images.mobile'),
  tablet: nullable(values, 'images.tablet'),
  desktop: nullable(values, 'images.desktop'),
});

export const slideSpec: EditorSpec<StaffSlide, StaffSlideBody> = {
  fields: [
    { name: 'kind', kind: 'select', options: ['home', 'banner'] },
    { name: 'slug', kind: 'text', required: true },
    { name: 'body', kind: 'localized', multiline: true, required: true },
    { name: 'buttonText', kind: 'localized' },
    { name: 'url', kind: 'text', required: true },
    { name: 'campaignSlug', kind: 'text' },
    ...IMAGE_FIELDS,
    { name: 'position', kind: 'number' },
    { name: 'active', kind: 'checkbox' },
  ],
  toValues: (item) => ({
    kind: item?.kind ?? 'home',
    slug: item?.slug ?? '',
    ...localizedValues('body', item?.body),
    ...localizedValues('buttonText', item?.buttonText),
    url: item?.url ?? '',
    campaignSlug: item?.campaignSlug ?? '',
    ...imageValues(item?.images),
    position: String(item?.position ?? 0),
    active: item?.active ?? true,
  }),
  toBody: (values) => ({
    kind: str(values, 'kind') === 'banner' ? 'banner' : 'home',
    slug: required(values, 'slug'),
    images: imageBody(values),
    body: { ...localizedBody(values, 'body'), en: required(values, 'body.en') },
    buttonText: localizedBody(values, 'buttonText'),
    url: required(values, 'url'),
    campaignSlug: str(values, 'campaignSlug') || null,
    position: position(values),
    active: bool(values, 'active'),
  }),
};

export const bonusInfoSpec: EditorSpec<StaffBonusInfo, StaffBonusInfoBody> = {
  fields: [
    { name: 'slug', kind: 'text', required: true },
    { name: 'imageTitle', kind: 'localized', required: true },
    { name: 'fullDescription', kind: 'localized', multiline: true, required: true },
    ...IMAGE_FIELDS,
    { name: 'omitGetBonusButton', kind: 'checkbox' },
    { name: 'campaignSlug', kind: 'text' },
    { name: 'position', kind: 'number' },
    { name: 'active', kind: 'checkbox' },
  ],
  toValues: (item) => ({
    slug: item?.slug ?? '',
    ...localizedValues('imageTitle', item?.imageTitle),
    ...localizedValues('fullDescription', item?.fullDescription),
    ...imageValues(item?.images),
    omitGetBonusButton: item?.omitGetBonusButton ?? false,
    campaignSlug: item?.campaignSlug ?? '',
    position: String(item?.position ?? 0),
    active: item?.active ?? true,
  }),
  toBody: (values) => ({
    slug: required(values, 'slug'),
    images: imageBody(values),
    imageTitle: { ...localizedBody(values, 'imageTitle'), en: required(values, 'imageTitle.en') },
    fullDescription: { ...localizedBody(values, 'fullDescription'), en: required(values, 'fullDescription.en') },
    omitGetBonusButton: bool(values, 'omitGetBonusButton'),
    campaignSlug: str(values, 'campaignSlug') || null,
    position: position(values),
    active: bool(values, 'active'),
  }),
};

export const articleSpec: EditorSpec<StaffArticle, StaffArticleBody> = {
  fields: [
    { name: 'slug', kind: 'text', required: true },
    { name: 'routePath', kind: 'text', required: true },
    { name: 'title', kind: 'localized', required: true },
    { name: 'content', kind: 'localized', multiline: true, required: true },
    { name: 'isMain', kind: 'checkbox' },
    { name: 'position', kind: 'number' },
    { name: 'active', kind: 'checkbox' },
  ],
  toValues: (item) => ({
    slug: item?.slug ?? '',
    routePath: item?.routePath ?? '/',
    ...localizedValues('title', item?.title),
    ...localizedValues('content', item?.content),
    isMain: item?.isMain ?? false,
    position: String(item?.position ?? 0),
    active: item?.active ?? true,
  }),
  toBody: (values) => ({
    slug: required(values, 'slug'),
    routePath: required(values, 'routePath'),
    isMain: bool(values, 'isMain'),
    title: { ...localizedBody(values, 'title'), en: required(values, 'title.en') },
    content: { ...localizedBody(values, 'content'), en: required(values, 'content.en') },
    position: position(values),
    active: bool(values, 'active'),
  }),
};

/** Custom meta tags as lines of "name: content". */
function metaTagLines(tags: { name: string; content: string }[] | undefined): string {
  return (tags ?? []).map((tag) => `${tag.name}: ${tag.content}`).join('\n');
}

function metaTags(values: EditorValues): { name: string; content: string }[] {
  return str(values, 'customMetaTags')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new EditorFieldError('customMetaTags', 'metaTags');
      return { name: line.slice(0, colon).trim(), content: line.slice(colon + 1).trim() };
    });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function jsonLd(values: EditorValues): Record<string, unknown> | null {
  const text = str(values, 'jsonLd');
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed)) return parsed;
  } catch {
    // Named at the field below.
  }
  throw new EditorFieldError('jsonLd', 'json');
}

export const pageMetadataSpec: EditorSpec<StaffPageMetadata, StaffPageMetadataBody> = {
  fields: [
    { name: 'routePath', kind: 'text', required: true },
    { name: 'title', kind: 'localized', required: true },
    { name: 'description', kind: 'localized', multiline: true },
    { name: 'keywords', kind: 'localized' },
    { name: 'imageUrl', kind: 'text' },
    { name: 'customMetaTags', kind: 'textarea', rows: 3 },
    { name: 'jsonLd', kind: 'textarea', rows: 6 },
    { name: 'robotsIndex', kind: 'checkbox' },
    { name: 'robotsFollow', kind: 'checkbox' },
  ],
  toValues: (item) => ({
    routePath: item?.routePath ?? '/',
    ...localizedValues('title', item?.title),
    ...localizedValues('description', item?.description),
    ...localizedValues('keywords', item?.keywords),
    imageUrl: item?.imageUrl ?? '',
    customMetaTags: metaTagLines(item?.customMetaTags),
    jsonLd: item?.jsonLd ? JSON.stringify(item.jsonLd, null, 2) : '',
    robotsIndex: item?.robotsIndex ?? true,
    robotsFollow: item?.robotsFollow ?? true,
  }),
  toBody: (values) => ({
    routePath: required(values, 'routePath'),
    title: { ...localizedBody(values, 'title'), en: required(values, 'title.en') },
    description: localizedBody(values, 'description'),
    keywords: localizedBody(values, 'keywords'),
    imageUrl: nullable(values, 'imageUrl'),
    jsonLd: jsonLd(values),
    customMetaTags: metaTags(values),
    robotsIndex: bool(values, 'robotsIndex'),
    robotsFollow: bool(values, 'robotsFollow'),
  }),
};

/** A new announcement: it replaces the shown one, and visitors who closed that one see it. */
export const infoPopupSpec: EditorSpec<never, StaffInfoPopupBody> = {
  fields: [
    { name: 'text', kind: 'localized', multiline: true, required: true },
    { name: 'buttonText', kind: 'localized', required: true },
    { name: 'closeButtonText', kind: 'localized', required: true },
    { name: 'hrefOnMainButton', kind: 'text', required: true },
    { name: 'hrefOnCloseButton', kind: 'text', required: true },
  ],
  toValues: () => ({
    ...localizedValues('text', {}),
    ...localizedValues('buttonText', {}),
    ...localizedValues('closeButtonText', {}),
    hrefOnMainButton: '/',
    hrefOnCloseButton: '/',
  }),
  toBody: (values) => ({
    text: { ...localizedBody(values, 'text'), en: required(values, 'text.en') },
    buttonText: { ...localizedBody(values, 'buttonText'), en: required(values, 'buttonText.en') },
    closeButtonText: { ...localizedBody(values, 'closeButtonText'), en: required(values, 'closeButtonText.en') },
    hrefOnMainButton: required(values, 'hrefOnMainButton'),
    hrefOnCloseButton: required(values, 'hrefOnCloseButton'),
  }),
};
