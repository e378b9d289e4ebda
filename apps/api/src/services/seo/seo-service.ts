import type { z } from 'zod';
import type { DbOrTx, LocalizedText } from '@playhouse/db';
import {
  LOCALE_TAGS,
  headDataSchema,
  localizePath,
  manifestResponseSchema,
  pageMetadataSchema,
  sitemapResponseSchema,
  snippetsResponseSchema,
  type HeadData,
  type Locale,
  type PageMetadata,
} from '@playhouse/shared';
import { answerOf, type Answer } from '../../lib/answers';
import { NotFoundError } from '../../lib/errors';
import { localize, type LocaleContext } from '../../lib/localize';
import { NO_CONTENT_CACHES, type ContentCaches } from '../../lib/memory-cache';
import { normalizeRoutePath } from '../../lib/route-path';
import type { CatalogueService } from '../catalogue/catalogue-service';
import type { ContentService } from '../content/content-service';
import { pickDefaultLocale, type LocaleService } from '../i18n/locale-service';
import { DEFAULT_METADATA_ROUTE, findSiteSettings, listPageMetadata, listSnippets } from './seo-queries';

export type SitemapResponse = z.infer<typeof sitemapResponseSchema>;
export type ManifestResponse = z.infer<typeof manifestResponseSchema>;
export type SnippetSlot = 'head/bottom' | 'body/top' | 'body/bottom';

/** Pages every locale has, whatever the content: the home page, the app download page and the promotions. */
const STATIC_PUBLIC_PATHS = ['/', '/app-page', '/promotions'];

export type SeoService = ReturnType<typeof createSeoService>;

/** What search engines and browsers read about the site: page metadata, head data, snippets, sitemap, manifest. */
export function createSeoService({
  db,
  locales,
  content,
  catalogue,
  caches = NO_CONTENT_CACHES,
  sportsbookPaths = async () => [],
}: {
  db: DbOrTx;
  locales: Pick<LocaleService, 'list' | 'translationUpdates'>;
  content: Pick<ContentService, 'categorySlugs'>;
  catalogue: Pick<CatalogueService, 'findGame'>;
  caches?: ContentCaches;
  /** The sportsbook's pages (they come and go with the book; the sitemap keeps them at most the caches' TTL). */
  sportsbookPaths?: () => Promise<string[]>;
}) {
  // Keyed by the route path (and game) a caller names: the least used fall out first.
  const metadataAnswers = caches.cache<Answer>({ kinds: ['page-metadata', 'site', 'catalogue'], max: 2_000 });
  const headAnswers = caches.cache<Answer>({ kinds: ['site', 'locales'], max: 1 });
  const snippetAnswers = caches.cache<Answer>({ kinds: ['snippets'], max: 3 });
  const manifestAnswers = caches.cache<Answer>({ kinds: ['site', 'page-metadata'], max: 16 });
  const sitemapAnswers = caches.cache<Answer>({ kinds: ['locales', 'translations', 'categories'], max: 16 });

  async function siteSettings() {
    const settings = await findSiteSettings(db);
    if (!settings) throw new NotFoundError('The site settings are not configured.');
    return settings;
  }

  const service = {
    /**
     * A route's metadata, field by field: the route's own row, else the site default row ('*'), each in the request's
     * locale and then the default locale. A well-formed path always gets an answer; a game page (gameId) also gets
     * the game's title, or null when there is no such game.
     */
    async pageMetadata(context: LocaleContext, routePath: string, gameId?: number): Promise<PageMetadata> {
      const path = normalizeRoutePath(routePath);
      const [rows, game] = await Promise.all([
        listPageMetadata(db, [path, DEFAULT_METADATA_ROUTE]),
        gameId === undefined ? undefined : catalogue.findGame(gameId),
      ]);
      const route = rows.find((row) => row.routePath === path);
      const site = rows.find((row) => row.routePath === DEFAULT_METADATA_ROUTE);
      const pick = (field: (row: NonNullable<typeof route>) => LocalizedText) =>
        (route && localize(field(route), context)) || (site && localize(field(site), context)) || '';
      const robotsSource = route ?? site;
      const jsonLd = route?.jsonLd ?? site?.jsonLd ?? null;
      return {
        title: pick((row) => row.title) || (await findSiteSettings(db))?.siteName || '',
        keywords: pick((row) => row.keywords),
        description: pick((row) => row.description),
        imageUrl: route?.imageUrl ?? site?.imageUrl ?? null,
        gameTitle: game ? localize(game.title, context) : null,
        jsonId: jsonLd ? JSON.stringify(jsonLd) : null,
        customMetaTags: (route ?? site)?.customMetaTags ?? [],
        robots: { index: robotsSource?.robotsIndex ?? true, follow: robotsSource?.robotsFollow ?? true },
      };
    },

    async headTop(): Promise<HeadData> {
      const [settings, configLocales] = await Promise.all([siteSettings(), locales.list()]);
      return {
        configLocales,
        defaultDomain: settings.defaultDomain,
        siteName: settings.siteName,
        fbAppId: settings.fbAppId,
        themeColor: settings.themeColor,
        appleIcons: settings.appleIcons,
        favicons: settings.favicons,
        msTiles: { color: settings.msTileColor, image: settings.msTileImage },
      };
    },

    snippets(slot: SnippetSlot) {
      return listSnippets(db, slot);
    },

    /** Every public page in every enabled locale, absolute on `host`, each listing all its language versions. */
    async sitemap(host: string): Promise<SitemapResponse> {
      const origin = new URL(host).origin;
      const [items, categorySlugs, updates, sportsbook] = await Promise.all([
        locales.list(),
        content.categorySlugs(),
        locales.translationUpdates(),
        sportsbookPaths(),
      ]);
      const defaultLocale = pickDefaultLocale(items)?.value;
      if (!defaultLocale) return { urls: [] };
      const codes = items.map((item) => item.value);
      const fallbackLastmod = new Date().toISOString();
      const lastmodOf = new Map(updates.map((row) => [row.locale, row.updatedAt?.toISOString() ?? fallbackLastmod]));
      const paths = [...STATIC_PUBLIC_PATHS, ...categorySlugs.map((slug) => `/category/${slug}`), ...sportsbook];
      const href = (locale: Locale, path: string) => `${origin}${localizePath(locale, path)}`;
      return {
        urls: paths.flatMap((path) => {
          const alternates = [
            ...codes.map((code) => ({ hreflang: LOCALE_TAGS[code], href: href(code, path) })),
            { hreflang: 'x-default', href: href(defaultLocale, path) },
          ];
          return codes.map((code) => ({
            loc: href(code, path),
            lastmod: lastmodOf.get(code) ?? fallbackLastmod,
            alternates,
          }));
        }),
      };
    },

    /** The web app manifest in the request's locale; its name is the site's default page title there. */
    async manifest(context: LocaleContext): Promise<ManifestResponse> {
      const [settings, rows] = await Promise.all([siteSettings(), listPageMetadata(db, [DEFAULT_METADATA_ROUTE])]);
      const name = localize(rows[0]?.title, context) || settings.siteName;
      return {
        name,
        short_name: settings.siteName,
        start_url: localizePath(context.locale),
        display: 'standalone',
        background_color: settings.backgroundColor,
        theme_color: settings.themeColor,
        icons: settings.manifestIcons,
      };
    },
  };

  return {
    ...service,

    /** GET /spa/seo/page-metadata, ready to send. */
    pageMetadataAnswer(context: LocaleContext, routePath: string, gameId?: number): Promise<Answer> {
      const key = `${context.locale}:${context.defaultLocale}:${gameId ?? ''}:${normalizeRoutePath(routePath)}`;
      return metadataAnswers.get(key, async () =>
        answerOf(pageMetadataSchema, await service.pageMetadata(context, routePath, gameId)),
      );
    },

    /** GET /spa/seo/head/top, ready to send. */
    headTopAnswer(): Promise<Answer> {
      return headAnswers.get('head', async () => answerOf(headDataSchema, await service.headTop()));
    },

    /** GET /spa/seo/{slot}, ready to send. */
    snippetsAnswer(slot: SnippetSlot): Promise<Answer> {
      return snippetAnswers.get(slot, async () =>
        answerOf(snippetsResponseSchema, { snippets: await service.snippets(slot) }),
      );
    },

    /** GET /spa/manifest, ready to send. */
    manifestAnswer(context: LocaleContext): Promise<Answer> {
      return manifestAnswers.get(`${context.locale}:${context.defaultLocale}`, async () =>
        answerOf(manifestResponseSchema, await service.manifest(context)),
      );
    },

    /** GET /spa/sitemap, ready to send. */
    sitemapAnswer(host: string): Promise<Answer> {
      return sitemapAnswers.get(new URL(host).origin, async () =>
        answerOf(sitemapResponseSchema, await service.sitemap(host)),
      );
    },
  };
}
