import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES } from '../locales';
import { ODD_TYPES } from '../odds';
import { sortableBy, staffPageQuerySchema, staffPageSchema } from '../staff/paging';
import { localeCodeSchema, routePathSchema, SLIDER_KINDS } from './content';

// The back office's content editors (issue 11 "Content"): what staff read and send. Texts are kept per locale as the
// site keeps them; a locale left out falls back to the default locale's text.

const localizedEntries = (maxLength: number) =>
  z.partialRecord(localeCodeSchema, z.string().trim().min(1).max(maxLength));

/** A text per locale of which the default locale's is required. */
export function requiredLocalizedText(maxLength: number) {
  return localizedEntries(maxLength).refine((texts) => texts[DEFAULT_LOCALE] !== undefined, {
    message: `The ${DEFAULT_LOCALE} text is required.`,
  });
}

/** A text per locale that may be absent in every locale (a slide without a button). */
export const optionalLocalizedText = (maxLength: number) => localizedEntries(maxLength);

export const localizedTextValueSchema = z.partialRecord(localeCodeSchema, z.string());
export type LocalizedTextValue = z.infer<typeof localizedTextValueSchema>;

/** A picture: a path of the site's own files (/media/...) or an https address; null for none. */
const imagePathSchema = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/(?!\/)\S*|https:\/\/\S+)$/, 'A path of the site (/...) or an https address.')
  .nullable();

/** Where a slide leads: a site path without the locale ("auth/register", the web prefixes /{lng}/) or an http(s) address. */
const slideUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .regex(
    /^([A-Za-z0-9][A-Za-z0-9\-._~/?=&%#]*|https?:\/\/\S+)$/,
    'A site path without the language (category/slots) or an http(s) address.',
  );

const slugSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'Lower-case letters, digits and dashes (up to 80).');
const positionSchema = z.coerce.number().int().min(0).max(100_000);

export const staffImagesSchema = z.object({
  mobile: imagePathSchema,
  tablet: imagePathSchema,
  desktop: imagePathSchema,
});

// Home slides and banners ----------------------------------------------------------------------------------------

export const staffSlideBodySchema = z
  .object({
    kind: z.enum(SLIDER_KINDS),
    slug: slugSchema,
    images: staffImagesSchema,
    /** Editor HTML; the site sanitizes it when it renders it. */
    body: requiredLocalizedText(4_000),
    buttonText: optionalLocalizedText(60),
    url: slideUrlSchema,
    /** The campaign the promotion offers (its slug): the site shows that campaign's terms. Left out: unchanged. */
    campaignSlug: z.string().trim().min(1).max(60).nullable().optional(),
    position: positionSchema,
    active: z.boolean(),
  })
  .strict();
export type StaffSlideBody = z.infer<typeof staffSlideBodySchema>;
export const staffSlideSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(SLIDER_KINDS),
    slug: z.string(),
    images: z.object({ mobile: z.string().nullable(), tablet: z.string().nullable(), desktop: z.string().nullable() }),
    body: localizedTextValueSchema,
    buttonText: localizedTextValueSchema,
    url: z.string(),
    campaignSlug: z.string().nullable(),
    position: z.number().int(),
    active: z.boolean(),
  })
  .meta({ id: 'StaffSlide' });
export type StaffSlide = z.infer<typeof staffSlideSchema>;

// Bonus info ---------------------------------------------------------------------------------------------------------

export const staffBonusInfoBodySchema = z
  .object({
    slug: slugSchema,
    images: staffImagesSchema,
    imageTitle: requiredLocalizedText(200),
    /** The terms, editor HTML (sanitized by the site when rendered). */
    fullDescription: requiredLocalizedText(20_000),
    omitGetBonusButton: z.boolean(),
    /** The campaign the promotion offers (its slug): the site shows that campaign's terms. Left out: unchanged. */
    campaignSlug: z.string().trim().min(1).max(60).nullable().optional(),
    position: positionSchema,
    active: z.boolean(),
  })
  .strict();
export type StaffBonusInfoBody = z.infer<typeof staffBonusInfoBodySchema>;
export const staffBonusInfoSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    images: z.object({ mobile: z.string().nullable(), tablet: z.string().nullable(), desktop: z.string().nullable() }),
    imageTitle: localizedTextValueSchema,
    fullDescription: localizedTextValueSchema,
    omitGetBonusButton: z.boolean(),
    campaignSlug: z.string().nullable(),
    position: z.number().int(),
    active: z.boolean(),
  })
  .meta({ id: 'StaffBonusInfo' });
export type StaffBonusInfo = z.infer<typeof staffBonusInfoSchema>;

// Articles ------------------------------------------------------------------------------------------------------------

export const staffArticleBodySchema = z
  .object({
    slug: slugSchema,
    /** The page the article shows on, without the locale ("/", "/casino"). */
    routePath: routePathSchema,
    isMain: z.boolean(),
    title: requiredLocalizedText(200),
    content: requiredLocalizedText(50_000),
    position: positionSchema,
    active: z.boolean(),
  })
  .strict();
export type StaffArticleBody = z.infer<typeof staffArticleBodySchema>;
export const staffArticleSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    routePath: z.string(),
    isMain: z.boolean(),
    title: localizedTextValueSchema,
    content: localizedTextValueSchema,
    position: z.number().int(),
    active: z.boolean(),
  })
  .meta({ id: 'StaffArticle' });
export type StaffArticle = z.infer<typeof staffArticleSchema>;

// Page metadata -------------------------------------------------------------------------------------------------------

/** The site default's route ('*'): every page's fallback, never deleted. */
export const DEFAULT_METADATA_ROUTE = '*';

const jsonLdSchema = z
  .record(z.string(), z.unknown())
  .refine((value) => JSON.stringify(value).length <= 20_000, { message: 'At most 20,000 characters of JSON.' })
  .nullable();

export const staffPageMetadataBodySchema = z
  .object({
    routePath: z.union([z.literal(DEFAULT_METADATA_ROUTE), routePathSchema]),
    title: requiredLocalizedText(200),
    keywords: optionalLocalizedText(500),
    description: optionalLocalizedText(1_000),
    imageUrl: imagePathSchema,
    jsonLd: jsonLdSchema,
    customMetaTags: z
      .array(
        z
          .object({
            name: z
              .string()
              .trim()
              .regex(/^[A-Za-z][A-Za-z0-9:._-]{0,99}$/, 'A meta name such as "author".'),
            content: z.string().trim().max(500),
          })
          .strict(),
      )
      .max(20),
    robotsIndex: z.boolean(),
    robotsFollow: z.boolean(),
  })
  .strict();
export type StaffPageMetadataBody = z.infer<typeof staffPageMetadataBodySchema>;
export const staffPageMetadataSchema = z
  .object({
    id: z.number().int(),
    routePath: z.string(),
    title: localizedTextValueSchema,
    keywords: localizedTextValueSchema,
    description: localizedTextValueSchema,
    imageUrl: z.string().nullable(),
    jsonLd: z.record(z.string(), z.unknown()).nullable(),
    customMetaTags: z.array(z.object({ name: z.string(), content: z.string() })),
    robotsIndex: z.boolean(),
    robotsFollow: z.boolean(),
  })
  .meta({ id: 'StaffPageMetadata' });
export type StaffPageMetadata = z.infer<typeof staffPageMetadataSchema>;

// The info popup (announcements) ---------------------------------------------------------------------------------------

export const staffInfoPopupItemSchema = z
  .object({
    id: z.number().int(),
    text: localizedTextValueSchema,
    buttonText: localizedTextValueSchema,
    closeButtonText: localizedTextValueSchema,
    hrefOnMainButton: z.string(),
    hrefOnCloseButton: z.string(),
    active: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: 'StaffInfoPopup' });
export type StaffInfoPopupItem = z.infer<typeof staffInfoPopupItemSchema>;
/** What taking the shown announcement down took down. */
export const staffInfoPopupWithdrawResponseSchema = z.object({ withdrawn: z.array(z.number().int()) });

// Lists -----------------------------------------------------------------------------------------------------------------
// The back office's paging contract (staff/paging.ts): page, pageSize, sort (a whitelisted column), dir, q, format=csv.
// Without a sort, a list is in the order the site shows it (position, then id, ascending).

/** One page of a content list, with the total for the pager. */
export const staffContentPageSchema = staffPageSchema;

export const staffSlidesQuerySchema = sortableBy(['position', 'slug', 'id']).extend({
  kind: z.enum(SLIDER_KINDS).optional(),
});
export type StaffSlidesQuery = z.infer<typeof staffSlidesQuerySchema>;
export const staffBonusInfosQuerySchema = sortableBy(['position', 'slug', 'id']);
export type StaffBonusInfosQuery = z.infer<typeof staffBonusInfosQuerySchema>;
export const staffArticlesQuerySchema = sortableBy(['position', 'slug', 'routePath', 'id']);
export type StaffArticlesQuery = z.infer<typeof staffArticlesQuerySchema>;
export const staffPageMetadataQuerySchema = sortableBy(['routePath', 'id']);
export type StaffPageMetadataQuery = z.infer<typeof staffPageMetadataQuerySchema>;
export const staffInfoPopupsQuerySchema = staffPageQuerySchema.pick({ page: true, pageSize: true });

export const staffSlidesPageSchema = staffPageSchema(staffSlideSchema);
export const staffBonusInfosPageSchema = staffPageSchema(staffBonusInfoSchema);
export const staffArticlesPageSchema = staffPageSchema(staffArticleSchema);
export const staffPageMetadataPageSchema = staffPageSchema(staffPageMetadataSchema);
export const staffInfoPopupsPageSchema = staffPageSchema(staffInfoPopupItemSchema);

export const staffCreatedResponseSchema = z.object({ id: z.number().int() });

// Translations ---------------------------------------------------------------------------------------------------------

/** A message key as the site's catalogue names it: dotted segments ("home.title", "boContent.nav.slides"). */
export const messageKeySchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, 'Dotted segments of letters, digits, - and _.');

export const staffTranslationsQuerySchema = sortableBy(['key']).extend({
  /** Part of a key or of a text (any locale, or only `locale`'s when it is given). */
  q: z.string().trim().max(100).optional(),
  locale: localeCodeSchema.optional(),
  /** Only keys the locale has no text of its own for (they show the default locale's). */
  missing: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type StaffTranslationsQuery = z.infer<typeof staffTranslationsQuerySchema>;

export const staffTranslationSchema = z
  .object({ key: z.string(), texts: localizedTextValueSchema })
  .meta({ id: 'StaffTranslation' });
export type StaffTranslation = z.infer<typeof staffTranslationSchema>;
export const staffTranslationsPageSchema = staffPageSchema(staffTranslationSchema);

export const staffTranslationParamsSchema = z.object({ locale: localeCodeSchema, key: messageKeySchema });
export const staffTranslationBodySchema = z.object({ value: z.string().max(10_000) }).strict();

/** Sample values for a preview: an argument left out gets one by its kind (a number 3, a date today, its name). */
export const staffTranslationPreviewBodySchema = z
  .object({
    locale: localeCodeSchema,
    message: z.string().max(10_000),
    values: z.record(z.string().max(100), z.union([z.string().max(200), z.number()])).default({}),
  })
  .strict();
export type StaffTranslationPreviewBody = z.infer<typeof staffTranslationPreviewBodySchema>;
export const staffTranslationPreviewResponseSchema = z.object({
  text: z.string(),
  /** The arguments the message uses, with the sample value each was given. */
  values: z.record(z.string(), z.union([z.string(), z.number()])),
});

// Locales ----------------------------------------------------------------------------------------------------------------

export const staffLocaleSchema = z
  .object({
    code: localeCodeSchema,
    /** False for a language the site supports but the operator has not added. */
    added: z.boolean(),
    title: z.string(),
    imagePath: z.string(),
    enabled: z.boolean(),
    isDefault: z.boolean(),
    position: z.number().int(),
    /** The odds format visitors of this language see until they pick their own. */
    oddType: z.enum(ODD_TYPES),
    /** Keys with a text of this locale's own, of all the keys the default locale has. */
    translated: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'StaffLocale' });
export type StaffLocale = z.infer<typeof staffLocaleSchema>;
export const staffLocalesResponseSchema = z.object({ locales: z.array(staffLocaleSchema) });

export const staffLocaleBodySchema = z
  .object({
    code: z.enum(LOCALES),
    title: z.string().trim().min(1).max(60),
    position: positionSchema.optional(),
  })
  .strict();
export type StaffLocaleBody = z.infer<typeof staffLocaleBodySchema>;
export const staffLocaleParamsSchema = z.object({ code: localeCodeSchema });
export const staffLocaleOddTypeBodySchema = z.object({ oddType: z.enum(ODD_TYPES) }).strict();
export type StaffLocaleOddTypeBody = z.infer<typeof staffLocaleOddTypeBodySchema>;
