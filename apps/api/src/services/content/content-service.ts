import type { DbOrTx, schema } from '@playhouse/db';
import type { Article, BonusInfo, InfoPopup, NavCategory, Slide } from '@playhouse/shared';
import { NotFoundError } from '../../lib/errors';
import { localize, type LocaleContext } from '../../lib/localize';
import { normalizeRoutePath } from '../../lib/route-path';
import {
  findActiveInfoPopup,
  findArticleById,
  findNavCategoryBySlug,
  listArticlesByRoute,
  listBonusInfos,
  listNavCategories,
  listSlides,
} from './content-queries';

type NavCategoryRow = typeof schema.navCategories.$inferSelect;
type ArticleRow = typeof schema.articles.$inferSelect;

export type ContentService = ReturnType<typeof createContentService>;

/** Operator-managed content (navigation, sliders, bonus infos, articles, the info popup), answered in the request's locale. */
export function createContentService({ db }: { db: DbOrTx }) {
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

    async categories(context: LocaleContext): Promise<NavCategory[]> {
      const rows = await listNavCategories(db);
      return rows.map((row) => toNavCategory(row, context));
    },

    async category(context: LocaleContext, slug: string): Promise<NavCategory & { description: string }> {
      const row = await findNavCategoryBySlug(db, slug);
      if (!row) throw new NotFoundError(`No category "${slug}".`);
      return { ...toNavCategory(row, context), description: localize(row.description, context) };
    },

    async slides(context: LocaleContext, kind: 'home' | 'banner'): Promise<Slide[]> {
      const rows = await listSlides(db, kind);
      return rows.map((row) => ({
        id: row.id,
        slug: row.slug,
        images: { mobile: row.imageMobile, tablet: row.imageTablet, desktop: row.imageDesktop },
        bodyTranslated: localize(row.body, context),
        btnTextKeyTranslated: localize(row.buttonText, context),
        url: row.url,
      }));
    },

    async bonusInfos(context: LocaleContext): Promise<BonusInfo[]> {
      const rows = await listBonusInfos(db);
      return rows.map((row) => ({
        slug: row.slug,
        images: { mobile: row.imageMobile, tablet: row.imageTablet, desktop: row.imageDesktop },
        imageTitle: localize(row.imageTitle, context),
        fullDescription: localize(row.fullDescription, context),
        omitGetBonusButton: row.omitGetBonusButton,
      }));
    },

    /** The route's main article (the first flagged one) apart from the rest. */
    async articlesForRoute(
      context: LocaleContext,
      routePath: string,
    ): Promise<{ mainArticle: Article | null; articles: Article[] }> {
      const rows = await listArticlesByRoute(db, normalizeRoutePath(routePath));
      const main = rows.find((row) => row.isMain);
      return {
        mainArticle: main ? toArticle(main, context) : null,
        articles: rows.filter((row) => row !== main).map((row) => toArticle(row, context)),
      };
    },

    async article(context: LocaleContext, id: number): Promise<Article> {
      const row = await findArticleById(db, id);
      if (!row) throw new NotFoundError(`No article ${id}.`);
      return toArticle(row, context);
    },

    async infoPopup(context: LocaleContext): Promise<InfoPopup> {
      const row = await findActiveInfoPopup(db);
      if (!row) {
        return {
          text: '',
          buttonText: '',
          closeButtonText: '',
          hrefOnCloseButton: '',
          hrefOnMainButton: '',
          showInfoPopup: false,
        };
      }
      return {
        text: localize(row.text, context),
        buttonText: localize(row.buttonText, context),
        closeButtonText: localize(row.closeButtonText, context),
        hrefOnCloseButton: row.hrefOnCloseButton,
        hrefOnMainButton: row.hrefOnMainButton,
        showInfoPopup: true,
      };
    },
  };
}
