import { CONTENT_KINDS, type DbOrTx, type schema } from '@playhouse/db';
import {
  articleResponseSchema,
  articlesResponseSchema,
  bonusInfosResponseSchema,
  categoriesResponseSchema,
  categoryResponseSchema,
  contentVersionSchema,
  infoPopupSchema,
  slidesResponseSchema,
  type Article,
  type InfoPopup,
  type NavCategory,
  type StaffInfoPopupBody,
} from '@playhouse/shared';
import { answerOf, type Answer } from '../../lib/answers';
import { NotFoundError } from '../../lib/errors';
import { localize, type LocaleContext } from '../../lib/localize';
import { NO_CONTENT_CACHES, type ContentCaches } from '../../lib/memory-cache';
import { normalizeRoutePath } from '../../lib/route-path';
import {
  findActiveInfoPopup,
  findArticleById,
  findNavCategoryBySlug,
  listArticlesByRoute,
  listBonusInfos,
  listNavCategories,
  listSlides,
  readContentVersion,
  replaceActiveInfoPopup,
} from './content-queries';
import { promotionTermsBySlug } from '../bonuses/promotion-terms';

type NavCategoryRow = typeof schema.navCategories.$inferSelect;
type ArticleRow = typeof schema.articles.$inferSelect;

export type ContentService = ReturnType<typeof createContentService>;

const contextKey = (context: LocaleContext) => `${context.locale}:${context.defaultLocale}`;

/**
 * Operator-managed content (navigation, sliders, bonus infos, articles, the info popup), answered in the request's
 * locale. Each answer is built once per locale (and query) and kept, serialized, until its content changes.
 */
export function createContentService({ db, caches = NO_CONTENT_CACHES }: { db: DbOrTx; caches?: ContentCaches }) {
  const navigation = caches.cache<Answer>({ kinds: ['categories'], max: 256 });
  // Slides and bonus infos carry their campaign's terms: an edit of a campaign refreshes them too.
  const sliders = caches.cache<Answer>({ kinds: ['slides', 'campaigns'], max: 32 });
  const bonusInfoAnswers = caches.cache<Answer>({ kinds: ['bonus-infos', 'campaigns'], max: 16 });
  // Keyed by the route path a caller names: the least used fall out first.
  const articleAnswers = caches.cache<Answer>({ kinds: ['articles'], max: 1_000 });
  const popups = caches.cache<Answer>({ kinds: ['info-popup'], max: 16 });
  const versions = caches.cache<Answer>({ kinds: [...CONTENT_KINDS], max: 1 });

  function toNavCategory(row: NavCategoryRow, context: LocaleContext): NavCategory {
    return {
      id: row.id,
      slug: row.slug,
      title: localize(row.title, context),
      imagePath: row.imagePath,
      headGameSlug: row.headGameSlug,
    };
  }

  function toArticle(row: ArticleRow, context: LocaleContext): Article {
    return {
      id: row.id,
      slug: row.slug,
      routePath: row.routePath,
      title: localize(row.title, context),
      content: localize(row.content, context),
    };
  }

  return {
    /** The navigation categories' slugs, in menu order (the sitemap lists their pages). */
    async categorySlugs(): Promise<string[]> {
      const rows = await listNavCategories(db);
      return rows.map((row) => row.slug);
    },

    /** GET /spa/categories: the categories bar. */
    categories(context: LocaleContext): Promise<Answer> {
      return navigation.get(`list:${contextKey(context)}`, async () => {
        const rows = await listNavCategories(db);
        return answerOf(categoriesResponseSchema, { categories: rows.map((row) => toNavCategory(row, context)) });
      });
    },

    /** GET /spa/categories/{slug}: one category with its description; not_found for a slug no category has. */
    category(context: LocaleContext, slug: string): Promise<Answer> {
      return navigation.get(`one:${contextKey(context)}:${slug}`, async () => {
        const row = await findNavCategoryBySlug(db, slug);
        if (!row) throw new NotFoundError(`No category "${slug}".`);
        return answerOf(categoryResponseSchema, {
          category: { ...toNavCategory(row, context), description: localize(row.description, context) },
        });
      });
    },

    /** GET /spa/slides: one slider's slides. */
    slides(context: LocaleContext, kind: 'home' | 'banner'): Promise<Answer> {
      return sliders.get(`${kind}:${contextKey(context)}`, async () => {
        const rows = await listSlides(db, kind);
        const terms = await promotionTermsBySlug(
          db,
          rows.map((row) => row.campaignSlug),
          context,
        );
        return answerOf(slidesResponseSchema, {
          slides: rows.map((row) => ({
            id: row.id,
            slug: row.slug,
            images: { mobile: row.imageMobile, tablet: row.imageTablet, desktop: row.imageDesktop },
            bodyTranslated: localize(row.body, context),
            btnTextKeyTranslated: localize(row.buttonText, context),
            url: row.url,
            campaign: row.campaignSlug ? (terms.get(row.campaignSlug) ?? null) : null,
          })),
        });
      });
    },

    /** GET /spa/bonus-infos: the bonus info block. */
    bonusInfos(context: LocaleContext): Promise<Answer> {
      return bonusInfoAnswers.get(contextKey(context), async () => {
        const rows = await listBonusInfos(db);
        const terms = await promotionTermsBySlug(
          db,
          rows.map((row) => row.campaignSlug),
          context,
        );
        return answerOf(bonusInfosResponseSchema, {
          bonusInfos: rows.map((row) => ({
            slug: row.slug,
            images: { mobile: row.imageMobile, tablet: row.imageTablet, desktop: row.imageDesktop },
            imageTitle: localize(row.imageTitle, context),
            fullDescription: localize(row.fullDescription, context),
            omitGetBonusButton: row.omitGetBonusButton,
            campaign: row.campaignSlug ? (terms.get(row.campaignSlug) ?? null) : null,
          })),
        });
      });
    },

    /** GET /spa/articles: the route's main article (the first flagged one) apart from the rest. */
    articlesForRoute(context: LocaleContext, routePath: string): Promise<Answer> {
      const path = normalizeRoutePath(routePath);
      return articleAnswers.get(`route:${contextKey(context)}:${path}`, async () => {
        const rows = await listArticlesByRoute(db, path);
        const main = rows.find((row) => row.isMain);
        return answerOf(articlesResponseSchema, {
          mainArticle: main ? toArticle(main, context) : null,
          articles: rows.filter((row) => row !== main).map((row) => toArticle(row, context)),
        });
      });
    },

    /** GET /spa/articles/{id}: one article; not_found for an id no active article has. */
    article(context: LocaleContext, id: number): Promise<Answer> {
      return articleAnswers.get(`one:${contextKey(context)}:${id}`, async () => {
        const row = await findArticleById(db, id);
        if (!row) throw new NotFoundError(`No article ${id}.`);
        return answerOf(articleResponseSchema, { article: toArticle(row, context) });
      });
    },

    /** Publishes a new announcement in place of the current one; returns its id. */
    /** `alongside` runs in the publishing transaction (the staff audit row). */
    publishInfoPopup(body: StaffInfoPopupBody, alongside?: (tx: DbOrTx, id: number) => Promise<void>): Promise<number> {
      return replaceActiveInfoPopup(db, body, alongside);
    },

    /** GET /spa/content-version: the number every change of public content raises, kept until the next change. */
    version(): Promise<Answer> {
      return versions.get('version', async () =>
        answerOf(contentVersionSchema, { version: String(await readContentVersion(db)) }),
      );
    },

    /** GET /spa/info-popup: the popup shown now (with its id), or showInfoPopup false and id null. */
    infoPopup(context: LocaleContext): Promise<Answer> {
      return popups.get(contextKey(context), async () => {
        const row = await findActiveInfoPopup(db);
        const popup: InfoPopup = row
          ? {
              id: row.id,
              text: localize(row.text, context),
              buttonText: localize(row.buttonText, context),
              closeButtonText: localize(row.closeButtonText, context),
              hrefOnCloseButton: row.hrefOnCloseButton,
              hrefOnMainButton: row.hrefOnMainButton,
              showInfoPopup: true,
            }
          : {
              id: null,
              text: '',
              buttonText: '',
              closeButtonText: '',
              hrefOnCloseButton: '',
              hrefOnMainButton: '',
              showInfoPopup: false,
            };
        return answerOf(infoPopupSchema, popup);
      });
    },
  };
}
