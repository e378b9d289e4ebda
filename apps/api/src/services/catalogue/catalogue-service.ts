import type { DbOrTx } from '@playhouse/db';
import {
  PERSONAL_CATEGORY_SLUGS,
  SPEC,
  type CatalogueSection,
  type Game,
  type GameDetail,
  type GameSearchResponse,
  type GamesQuery,
  type GamesResponse,
  type PersonalCategorySlug,
  type Provider,
} from '@playhouse/shared';
import { NotFoundError } from '../../lib/errors';
import { localize, type LocaleContext } from '../../lib/localize';
import { UnauthorizedError } from '../auth/auth-errors';
import { loadTexts } from '../i18n/texts';
import { createShortCache } from './short-cache';
import {
  findCategoryBySlug,
  findGame,
  findProviderBySlug,
  hasSucceededDeposit,
  listGames,
  listProviders,
  searchGames,
  type GameRow,
  type GameSource,
} from './catalogue-queries';

// The catalogue reads other domains make on their own connection or transaction (games, providers, originals).
export { findGame, findProviderBySlug, hasSucceededDeposit } from './catalogue-queries';

/** Who is looking: hearts and locks depend on it. */
export interface Viewer {
  userId: number | null;
}

interface ResolvedSection {
  section: CatalogueSection;
  source: GameSource;
}

/** The UI message (casino.sections.*) that names each personal list. */
const PERSONAL_TITLE_KEYS: Record<PersonalCategorySlug, string> = {
  favourites: 'favourites',
  'recently-played': 'recentlyPlayed',
};

function isPersonal(slug: string): slug is PersonalCategorySlug {
  return (PERSONAL_CATEGORY_SLUGS as readonly string[]).includes(slug);
}

/** Basis points as the percentage players read: 9608 → "96.08". */
export function formatRtp(basisPoints: number): string {
  return (basisPoints / 100).toFixed(2);
}

type ProviderRow = Awaited<ReturnType<typeof listProviders>>[number];

function toProvider(row: ProviderRow): Provider {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    imagePath: row.imagePath,
    secondaryImagePath: row.secondaryImagePath,
    imageWidth: row.imageWidth,
    imageHeight: row.imageHeight,
  };
}

type SearchQuery = { search: string; page: number; perPage: number };

export type CatalogueService = ReturnType<typeof createCatalogueService>;

/** The game catalogue as the site shows it: pages of games per category or provider, one game, search, providers. */
export function createCatalogueService({ db, cacheMs = 0 }: { db: DbOrTx; cacheMs?: number }) {
  // What a visitor sees does not depend on who they are: one answer per locale and query serves them all.
  const visitorPages = createShortCache<GamesResponse>({ ttlMs: cacheMs });
  const searches = createShortCache<GameSearchResponse>({ ttlMs: cacheMs });

  async function lockedFor(viewer: Viewer): Promise<(row: GameRow) => boolean> {
    const deposited = viewer.userId !== null && (await hasSucceededDeposit(db, viewer.userId));
    return (row) => row.requiresDeposit && !deposited;
  }

  async function toGames(rows: GameRow[], context: LocaleContext, viewer: Viewer) {
    const isLocked = await lockedFor(viewer);
    return rows.map((row): Game => ({
      id: row.id,
      slug: row.slug,
      title: localize(row.title, context),
      images: row.images,
      isLiked: row.isLiked,
      isLocked: isLocked(row),
      demoModeEnabled: row.demoModeEnabled,
      provider: { slug: row.providerSlug, title: row.providerTitle },
    }));
  }

  /**
   * A catalogue slug: a navigation category first, else a provider, else one of the signed-in player's own lists
   * (anonymous visitors have none: 401).
   */
  async function resolveSection(context: LocaleContext, slug: string, viewer: Viewer): Promise<ResolvedSection> {
    if (isPersonal(slug)) {
      if (viewer.userId === null) throw new UnauthorizedError();
      const texts = await loadTexts(db, context, 'casino.sections.');
      return {
        section: { slug, title: texts.get(PERSONAL_TITLE_KEYS[slug]), kind: 'personal', description: '' },
        source: { kind: slug, userId: viewer.userId },
      };
    }
    const category = await findCategoryBySlug(db, slug);
    if (category) {
      return {
        section: {
          slug,
          title: localize(category.title, context),
          kind: 'category',
          description: localize(category.description, context),
        },
        source: { kind: 'category', categoryId: category.id },
      };
    }
    const provider = await findProviderBySlug(db, slug);
    if (provider) {
      return {
        section: { slug, title: provider.title, kind: 'provider', description: '' },
        source: { kind: 'provider', providerId: provider.id },
      };
    }
    throw new NotFoundError(`No category or provider "${slug}".`);
  }

  async function listPage(context: LocaleContext, viewer: Viewer, query: GamesQuery): Promise<GamesResponse> {
    const resolved = query.categorySlug ? await resolveSection(context, query.categorySlug, viewer) : undefined;
    const rows = await listGames(db, {
      source: resolved?.source ?? { kind: 'all' },
      search: query.searchValue || undefined,
      sort: query.sort,
      limit: query.limit,
      offset: (query.offset - 1) * query.limit,
      viewerId: viewer.userId,
      images: {
        sizeFilters: query['imageSizeFilter[]'] ?? [SPEC.defaultImageSizeFilter],
        aspectRatios: query['aspectRatio[]'] ?? [SPEC.defaultAspectRatio],
        breakpoints: query['breakpoint[]'] ?? [],
      },
      locale: context.locale,
      defaultLocale: context.defaultLocale,
    });
    const games = await toGames(rows, context, viewer);
    return query.withCategory === '1' && resolved ? { games, category: resolved.section } : { games };
  }

  async function searchPage(context: LocaleContext, query: SearchQuery): Promise<GameSearchResponse> {
    const { items, total } = await searchGames(db, {
      term: query.search,
      limit: query.perPage,
      offset: (query.page - 1) * query.perPage,
      locale: context.locale,
      defaultLocale: context.defaultLocale,
    });
    return { items, page: query.page, perPage: query.perPage, total };
  }

  return {
    /**
     * GET /spa/games: one page (`offset` is the page number) of a category, a provider, a search, or everything. A
     * visitor's page is the same for every visitor and comes from the short cache.
     */
    games(context: LocaleContext, viewer: Viewer, query: GamesQuery): Promise<GamesResponse> {
      if (viewer.userId !== null) return listPage(context, viewer, query);
      return visitorPages.get(JSON.stringify([context, query]), () => listPage(context, viewer, query));
    },

    async game(context: LocaleContext, viewer: Viewer, ref: number | string): Promise<GameDetail> {
      const row = await findGame(db, ref, viewer.userId, {
        sizeFilters: [SPEC.defaultImageSizeFilter],
        aspectRatios: [SPEC.defaultAspectRatio],
        breakpoints: [],
      });
      if (!row) throw new NotFoundError(`No game "${ref}".`);
      const [game] = await toGames([row], context, viewer);
      return { ...game!, kind: row.kind, engine: row.engine, rtp: formatRtp(row.rtp) };
    },

    /** The game row behind a slug or id, for launches and the wallet; undefined when there is none. */
    findGame: (ref: number | string) => findGame(db, ref, null),

    search(context: LocaleContext, query: SearchQuery): Promise<GameSearchResponse> {
      return searches.get(JSON.stringify([context, query]), () => searchPage(context, query));
    },

    async providers(): Promise<Provider[]> {
      return (await listProviders(db)).map(toProvider);
    },

    async provider(slug: string): Promise<Provider> {
      const row = await findProviderBySlug(db, slug);
      if (!row) throw new NotFoundError(`No provider "${slug}".`);
      return toProvider(row);
    },
  };
}
