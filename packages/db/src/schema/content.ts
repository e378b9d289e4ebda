import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  index,
} from 'drizzle-orm/pg-core';
import { ODD_TYPES } from '@playhouse/shared/odds';
import { bonusCampaigns } from './bonuses';

/** Text per locale code; a missing locale falls back to the default locale's text. */
export type LocalizedText = Partial<Record<string, string>>;

export const locales = pgTable(
  'locales',
  {
    code: text().primaryKey(),
    title: text().notNull(),
    imagePath: text().notNull(),
    isDefault: boolean().notNull().default(false),
    enabled: boolean().notNull().default(true),
    position: integer().notNull().default(0),
    /** The odds format a visitor of this language sees until they pick one (SPEC.md §3: fetched per language). */
    oddType: text({ enum: ODD_TYPES }).notNull().default('decimal'),
  },
  (t) => [
    check('locales_odd_type_known', sql`${t.oddType} in (${sql.raw(ODD_TYPES.map((type) => `'${type}'`).join(', '))})`),
  ],
);

export const translations = pgTable(
  'translations',
  {
    locale: text()
      .notNull()
      .references(() => locales.code, { onDelete: 'cascade' }),
    key: text().notNull(),
    value: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When a staff member last set this text in the back office: reloading the message files keeps it. */
    editedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.locale, t.key] })],
);

export const navCategories = pgTable('nav_categories', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  title: jsonb().$type<LocalizedText>().notNull(),
  description: jsonb().$type<LocalizedText>().notNull().default({}),
  imagePath: text().notNull(),
  headGameSlug: text(),
  position: integer().notNull().default(0),
  active: boolean().notNull().default(true),
});

export const slides = pgTable(
  'slides',
  {
    id: serial().primaryKey(),
    kind: text({ enum: ['home', 'banner'] }).notNull(),
    slug: text().notNull(),
    imageMobile: text(),
    imageTablet: text(),
    imageDesktop: text(),
    body: jsonb().$type<LocalizedText>().notNull(),
    buttonText: jsonb().$type<LocalizedText>().notNull(),
    url: text().notNull(),
    /** The campaign a slide advertises: the web shows that campaign's own terms under the text. */
    campaignSlug: text().references(() => bonusCampaigns.slug, { onDelete: 'restrict', onUpdate: 'cascade' }),
    position: integer().notNull().default(0),
    active: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('slides_kind_slug_idx').on(t.kind, t.slug)],
);

export const articles = pgTable(
  'articles',
  {
    id: serial().primaryKey(),
    slug: text().notNull().unique(),
    routePath: text().notNull(),
    isMain: boolean().notNull().default(false),
    title: jsonb().$type<LocalizedText>().notNull(),
    content: jsonb().$type<LocalizedText>().notNull(),
    position: integer().notNull().default(0),
    active: boolean().notNull().default(true),
  },
  (t) => [index('articles_route_path_idx').on(t.routePath)],
);

export type CustomMetaTag = { name: string; content: string };

/** SEO metadata per route path; the row with routePath '*' is the site default. */
export const pageMetadata = pgTable('page_metadata', {
  id: serial().primaryKey(),
  routePath: text().notNull().unique(),
  title: jsonb().$type<LocalizedText>().notNull(),
  keywords: jsonb().$type<LocalizedText>().notNull().default({}),
  description: jsonb().$type<LocalizedText>().notNull().default({}),
  imageUrl: text(),
  jsonLd: jsonb().$type<Record<string, unknown>>(),
  customMetaTags: jsonb().$type<CustomMetaTag[]>().notNull().default([]),
  robotsIndex: boolean().notNull().default(true),
  robotsFollow: boolean().notNull().default(true),
});

export type Icon = { href: string; sizes: string; type?: string };

/** Site-wide settings: one row, id 1. */
export const siteSettings = pgTable('site_settings', {
  id: integer().primaryKey().default(1),
  siteName: text().notNull(),
  defaultDomain: text().notNull(),
  fbAppId: text(),
  themeColor: text().notNull(),
  backgroundColor: text().notNull(),
  appleIcons: jsonb().$type<Icon[]>().notNull().default([]),
  favicons: jsonb().$type<Icon[]>().notNull().default([]),
  msTileColor: text().notNull(),
  msTileImage: text().notNull(),
  manifestIcons: jsonb()
    .$type<{ src: string; sizes: string; type: string; purpose?: string }[]>()
    .notNull()
    .default([]),
});

export const htmlSnippets = pgTable('html_snippets', {
  id: serial().primaryKey(),
  slot: text({ enum: ['head/bottom', 'body/top', 'body/bottom'] }).notNull(),
  html: text().notNull(),
  position: integer().notNull().default(0),
  active: boolean().notNull().default(true),
});

export const infoPopups = pgTable('info_popups', {
  id: serial().primaryKey(),
  text: jsonb().$type<LocalizedText>().notNull(),
  buttonText: jsonb().$type<LocalizedText>().notNull(),
  closeButtonText: jsonb().$type<LocalizedText>().notNull(),
  hrefOnCloseButton: text().notNull(),
  hrefOnMainButton: text().notNull(),
  active: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row (id 1): a number every change of public content raises, in the writing transaction (the content trigger,
 * migration 0021). The web keys its cached api answers by it, so an edit shows on the next page render.
 */
export const contentVersion = pgTable('content_version', {
  id: integer().primaryKey().default(1),
  version: bigint({ mode: 'number' }).notNull().default(0),
});
