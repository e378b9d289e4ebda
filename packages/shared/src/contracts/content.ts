import { z } from 'zod';
import { promotionTermsSchema } from './promotions';
import { DEFAULT_LOCALE, LOCALES } from '../locales';

export const localeCodeSchema = z.enum(LOCALES);

/** Header every locale-aware call may carry (SPEC.md §7); an unknown value is a 400. */
export const localeHeadersSchema = z.object({ 'x-locale': z.string().optional() });

export const localeSchema = z
  .object({ value: localeCodeSchema, title: z.string(), imagePath: z.string(), isDefault: z.boolean() })
  .meta({ id: 'Locale' });
export type LocaleItem = z.infer<typeof localeSchema>;
export const localesResponseSchema = z.object({ locales: z.array(localeSchema) });

export const translationParamsSchema = z.object({ lang: z.string().min(1).max(16) });
/** next-intl messages: nested objects of ICU strings. */
export type Messages = { [key: string]: string | Messages };
// Named, because OpenAPI can only describe a recursive schema through a reference to it.
export const messagesSchema: z.ZodType<Messages> = z
  .lazy(() => z.record(z.string(), z.union([z.string(), messagesSchema])))
  .meta({ id: 'Messages' });

/** Navigation category (SPEC.md §3 "Site category"). */
export const navCategorySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    imagePath: z.string(),
    headGameSlug: z.string().nullable(),
  })
  .meta({ id: 'NavCategory' });
export type NavCategory = z.infer<typeof navCategorySchema>;
export const categoriesResponseSchema = z.object({ categories: z.array(navCategorySchema) });
export const slugParamsSchema = z.object({ slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/) });
export const categoryResponseSchema = z.object({
  category: navCategorySchema.extend({ description: z.string() }),
});

export const responsiveImagesSchema = z.object({
  mobile: z.string().nullable(),
  tablet: z.string().nullable(),
  desktop: z.string().nullable(),
});
export type ResponsiveImages = z.infer<typeof responsiveImagesSchema>;

export const SLIDER_KINDS = ['home', 'banner'] as const;
export const slideSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    images: responsiveImagesSchema,
    bodyTranslated: z.string(),
    btnTextKeyTranslated: z.string(),
    url: z.string(),
    /** The terms of the campaign the slide advertises, from the campaign itself (null: it advertises none). */
    campaign: promotionTermsSchema.nullable(),
  })
  .meta({ id: 'Slide' });
export type Slide = z.infer<typeof slideSchema>;
export const slidesQuerySchema = z.object({ type: z.enum(SLIDER_KINDS).default('home') });
export const slidesResponseSchema = z.object({ slides: z.array(slideSchema) });

export const routePathSchema = z
  .string()
  .max(300)
  .regex(/^\/[^\s?#]*$/, 'must be a path starting with /');

export const articleSchema = z
  .object({ id: z.number().int(), slug: z.string(), routePath: z.string(), title: z.string(), content: z.string() })
  .meta({ id: 'Article' });
export type Article = z.infer<typeof articleSchema>;
export const articlesQuerySchema = z.object({ routePath: routePathSchema });
export const articlesResponseSchema = z.object({
  mainArticle: articleSchema.nullable(),
  articles: z.array(articleSchema),
});
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const articleResponseSchema = z.object({ article: articleSchema });

/** Page meta (SPEC.md §3), plus the robots flags of §2 "Page head". */
export const pageMetadataSchema = z
  .object({
    title: z.string(),
    keywords: z.string(),
    description: z.string(),
    imageUrl: z.string().nullable(),
    gameTitle: z.string().nullable(),
    jsonId: z.string().nullable(),
    customMetaTags: z.array(z.object({ name: z.string(), content: z.string() })),
    robots: z.object({ index: z.boolean(), follow: z.boolean() }),
  })
  .meta({ id: 'PageMetadata' });
export type PageMetadata = z.infer<typeof pageMetadataSchema>;
export const pageMetadataQuerySchema = z.object({
  routePath: routePathSchema,
  gameId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

const iconSchema = z.object({ href: z.string(), sizes: z.string(), type: z.string().optional() });
/** Head data (SPEC.md §3). */
export const headDataSchema = z
  .object({
    configLocales: z.array(localeSchema),
    defaultDomain: z.string(),
    siteName: z.string(),
    fbAppId: z.string().nullable(),
    themeColor: z.string(),
    appleIcons: z.array(iconSchema),
    favicons: z.array(iconSchema),
    msTiles: z.object({ color: z.string(), image: z.string() }),
  })
  .meta({ id: 'HeadData' });
export type HeadData = z.infer<typeof headDataSchema>;

export const SNIPPET_SLOTS = ['head/bottom', 'body/top', 'body/bottom'] as const;
/** Operator-managed HTML fragments for the other page slots; the web sanitizes them before rendering. */
export const snippetsResponseSchema = z.object({
  snippets: z.array(z.object({ id: z.number().int(), html: z.string() })),
});

export const infoPopupSchema = z
  .object({
    /** Which announcement this is (null when none is active): a browser remembers the ones its visitor closed. */
    id: z.number().int().nullable(),
    text: z.string(),
    buttonText: z.string(),
    closeButtonText: z.string(),
    hrefOnCloseButton: z.string(),
    hrefOnMainButton: z.string(),
    showInfoPopup: z.boolean(),
  })
  .meta({ id: 'InfoPopup' });
export type InfoPopup = z.infer<typeof infoPopupSchema>;

/** An operator's text per locale; the default locale's is required (the others fall back to it). */
function localizedTextSchema(maxLength: number) {
  return z
    .partialRecord(localeCodeSchema, z.string().trim().min(1).max(maxLength))
    .refine((texts) => texts[DEFAULT_LOCALE] !== undefined, { message: `The ${DEFAULT_LOCALE} text is required.` });
}

/** Where an announcement's button leads: a path of the site ("/app-page", "/de/cashbox") or an http(s) address. */
const configuredHrefSchema = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/(?!\/)[^\s]*|https?:\/\/[^\s]+)$/, 'A path of the site (/...) or an http(s) address.');

/** A new announcement (info popup): it replaces the one shown now, and visitors who closed that one see it. */
export const staffInfoPopupBodySchema = z
  .object({
    text: localizedTextSchema(2000),
    buttonText: localizedTextSchema(60),
    closeButtonText: localizedTextSchema(60),
    hrefOnMainButton: configuredHrefSchema,
    hrefOnCloseButton: configuredHrefSchema,
  })
  .strict();
export type StaffInfoPopupBody = z.infer<typeof staffInfoPopupBodySchema>;
export const staffInfoPopupResponseSchema = z.object({ id: z.number().int() });

/** A number every change of public content raises: the web keys its kept api answers by it. */
export const contentVersionSchema = z.object({ version: z.string() }).meta({ id: 'ContentVersion' });

export const sitemapQuerySchema = z.object({ host: z.url({ protocol: /^https?$/ }).max(200) });
export const sitemapResponseSchema = z.object({
  urls: z.array(
    z.object({
      loc: z.string(),
      lastmod: z.string(),
      alternates: z.array(z.object({ hreflang: z.string(), href: z.string() })),
    }),
  ),
});

export const manifestResponseSchema = z.object({
  name: z.string(),
  short_name: z.string(),
  start_url: z.string(),
  display: z.string(),
  background_color: z.string(),
  theme_color: z.string(),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.string().optional() })),
});

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  /** The installation's jurisdiction profile (player protection, verification gates). */
  jurisdiction: z.string(),
});
/** Liveness: the process answers (no database call), for a load balancer's frequent probe. */
export const livenessResponseSchema = z.object({ status: z.literal('ok') });
