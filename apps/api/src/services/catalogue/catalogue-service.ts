import type { DbOrTx } from '@playhouse/db';
import {
  PERSONAL_CATEGORY_SLUGS,
  SPEC,
  gameSearchResponseSchema,
  gamesResponseSchema,
  providerResponseSchema,
  providersResponseSchema,
  type CatalogueSection,
  type Game,
  type GameDetail,
  type GamesQuery,
  type GamesResponse,
  type PersonalCategorySlug,
} from '@playhouse/shared';
import { answerBytes, answerOf, type Answer } from '../../lib/answers';
import { NotFoundError } from '../../lib/errors';
import { localize, type LocaleContext } from '../../lib/localize';
import { NO_CONTENT_CACHES, type ContentCaches } from '../../lib/memory-cache';
import { createPlayerCache, type PlayerCacheOptions } from '../../lib/player-cache';
import { UnauthorizedError } from '../auth/auth-errors';
import { loadTexts } from '../i18n/texts';
import {
  createGameSearch,
  createPlayerFacts,
  foldCharacters,
  findGame,
  findProviderBySlug,
  hasSucceededDeposit,
  listGames,
  listProviders,
  listSearchEntries,
  type GameRow,
  type GameSource,
  type PlayerFacts,
} from './catalogue-queries';
import { findNavCategoryBySlug } from '../content/content-queries';
import { playerPageBytes, playerPageParts, type PlayerPageParts } from './player-page';
import { createSearchIndex, createTermFolder, searchCountLimit, type SearchIndex } from './search-index';

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

type SearchQuery = { search: string; page: number; perPage: number };

/** A page of games as every visitor sees it, and which of its games a deposit unlocks. */
interface SharedPage {
  answer: Answer<GamesResponse>;
  requiresDeposit: boolean[];
}

/**
 * A page of games for one caller: the page every visitor gets (`shared`: publicly cacheable, with its ETag), or a
 * signed-in player's own body, for them alone.
 */
export type GamesAnswer = { shared: true; answer: Answer<GamesResponse> } | { shared: false; body: string | Buffer };

/** The channel on which the database names the players whose likes or deposits changed (migration 0042). */
export const PLAYER_FACTS_CHANNEL = 'player_facts_changed';

export type CatalogueService = ReturnType<typeof createCatalogueService>;

/** The game catalogue as the site shows it: pages of games per category or provider, one game, search, providers. */
export function createCatalogueService({
  db,
  caches = NO_CONTENT_CACHES,
  searchAnswersKept = 2_000,
  keepPlayers,
}: {
  db: DbOrTx;
  caches?: ContentCaches;
  /**
   * Keep each player's facts in memory once read (PLAYER_CACHE). Only where the caller drops them on every change the
   * database announces (`playersChanged`, fed from the 'player_facts_changed' channel): the catalogue plugin.
   */
  keepPlayers?: PlayerCacheOptions;
  /** How many search answers to keep (the most recently asked); 0: every search is run on the index. */
  searchAnswersKept?: number;
}) {
  // A page of a category or provider is the same for everyone but the hearts and locks: kept once per locale and
  // query, until the catalogue or the categories change; a player's page is this one plus their own facts.
  const sharedPages = caches.cache<SharedPage>({ kinds: ['catalogue', 'categories'], max: 2_000 });
  const searches = caches.cache<Answer>({ kinds: ['catalogue'], max: searchAnswersKept });
  const providerAnswers = caches.cache<Answer>({ kinds: ['catalogue'], max: 256 });
  // Search runs on the instance's copy of the catalogue's folded titles when content is kept (no query for a term
  // whose characters it has folded before), else in the database; both give the same answers.
  const searchIndex = caches.cache<SearchIndex>({ kinds: ['catalogue'], max: 1 });
  const foldTerm = createTermFolder((characters) => foldCharacters(db, characters));
  const searchGames = createGameSearch(db);
  const readPlayerFacts = createPlayerFacts(db);
  const keptFacts = keepPlayers
    ? createPlayerCache<PlayerFacts>({ ...keepPlayers, playerOf: (row) => row.userId })
    : null;
  const playerFacts = (userId: number): Promise<PlayerFacts> =>
    keptFacts ? keptFacts.load(String(userId), () => readPlayerFacts(userId)) : readPlayerFacts(userId);

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
    const category = await findNavCategoryBySlug(db, slug);
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

  /** A player's own list (favourites, recently played): theirs alone, read every time. */
  async function personalPage(context: LocaleContext, viewer: Viewer, query: GamesQuery): Promise<GamesResponse> {
    const resolved = await resolveSection(context, query.categorySlug!, viewer);
    const rows = await listGames(db, listFilter(context, query, resolved.source, viewer.userId));
    const games = await toGames(rows, context, viewer);
    return query.withCategory === '1' ? { games, category: resolved.section } : { games };
  }

  function listFilter(context: LocaleContext, query: GamesQuery, source: GameSource, viewerId: number | null) {
    return {
      source,
      search: query.searchValue || undefined,
      sort: query.sort,
      limit: query.limit,
      offset: (query.offset - 1) * query.limit,
      viewerId,
      images: {
        sizeFilters: query['imageSizeFilter[]'] ?? [SPEC.defaultImageSizeFilter],
        aspectRatios: query['aspectRatio[]'] ?? [SPEC.defaultAspectRatio],
        breakpoints: query['breakpoint[]'] ?? [],
      },
      locale: context.locale,
      defaultLocale: context.defaultLocale,
    };
  }

  /** The page as a visitor sees it: no hearts, every game that requires a deposit locked. */
  async function sharedPage(context: LocaleContext, query: GamesQuery): Promise<SharedPage> {
    const visitor: Viewer = { userId: null };
    const resolved = query.categorySlug ? await resolveSection(context, query.categorySlug, visitor) : undefined;
    const rows = await listGames(db, listFilter(context, query, resolved?.source ?? { kind: 'all' }, null));
    const games = await toGames(rows, context, visitor);
    const value = query.withCategory === '1' && resolved ? { games, category: resolved.section } : { games };
    return { answer: answerOf(gamesResponseSchema, value), requiresDeposit: rows.map((row) => row.requiresDeposit) };
  }

  // Each kept page cut once, on the first signed-in request for it, where the players' own values go.
  const playerParts = new WeakMap<SharedPage, PlayerPageParts>();
  const partsOf = (page: SharedPage) => {
    let parts = playerParts.get(page);
    if (!parts) playerParts.set(page, (parts = playerPageParts(page.answer.value)));
    return parts;
  };

  /** The shared page with one player's hearts and locks: one query for both (or none: kept), the rest from memory. */
  async function forPlayer(page: SharedPage, userId: number): Promise<Buffer> {
    const { liked, deposited } = await playerFacts(userId);
    const unlocks = deposited && page.requiresDeposit.some(Boolean);
    // Nothing of theirs on this page: the visitors' body as it is.
    if (!unlocks && !page.answer.value.games.some((game) => liked.has(game.id))) return answerBytes(page.answer);
    return playerPageBytes(partsOf(page), ({ key, gameId, index }) =>
      key === 'isLiked' ? liked.has(gameId) : page.requiresDeposit[index]! && !deposited,
    );
  }

  return {
    /**
     * The database announced a change of these players' likes or deposits (null: of anyone's, or announcements may
     * have been missed): their kept facts are read again.
     */
    playersChanged: (userIds: readonly number[] | null) => keptFacts?.changed(userIds),

    /**
     * GET /spa/games: one page (`offset` is the page number) of a category, a provider, a search, or everything,
     * serialized. A visitor gets the page every visitor gets, from memory; a signed-in player that page with their
     * hearts and locks; a player's own lists are read for them alone.
     */
    async games(context: LocaleContext, viewer: Viewer, query: GamesQuery): Promise<GamesAnswer> {
      if (query.categorySlug && isPersonal(query.categorySlug)) {
        return { shared: false, body: JSON.stringify(await personalPage(context, viewer, query)) };
      }
      const page = await sharedPages.get(JSON.stringify([context.locale, context.defaultLocale, query]), () =>
        sharedPage(context, query),
      );
      if (viewer.userId === null) return { shared: true, answer: page.answer };
      return { shared: false, body: await forPlayer(page, viewer.userId) };
    },

    async game(context: LocaleContext, viewer: Viewer, ref: number | string): Promise<GameDetail> {
      const row = await findGame(db, ref, viewer.userId, {
        sizeFilters: [SPEC.defaultImageSizeFilter],
        aspectRatios: [SPEC.defaultAspectRatio],
        breakpoints: [],
      });
      if (!row) throw new NotFoundError(`No game "${ref}".`);
      const [game] = await toGames([row], context, viewer);
      return { ...game!, kind: row.kind, engine: row.engine, config: row.engineConfig, rtp: formatRtp(row.rtp) };
    },

    /** The game row behind a slug or id, for launches and the wallet; undefined when there is none. */
    findGame: (ref: number | string) => findGame(db, ref, null),

    /** GET /spa/games/search: suggestions, the same for everyone, kept until the catalogue changes. */
    search(context: LocaleContext, query: SearchQuery): Promise<Answer> {
      const key = JSON.stringify([context.locale, context.defaultLocale, query.search, query.page, query.perPage]);
      return searches.get(key, async () => {
        const params = {
          limit: query.perPage,
          offset: (query.page - 1) * query.perPage,
          locale: context.locale,
          defaultLocale: context.defaultLocale,
        };
        const { items, total } = caches.enabled
          ? (await searchIndex.get('active', async () => createSearchIndex(await listSearchEntries(db)))).search({
              ...params,
              folded: await foldTerm(query.search),
            })
          : await searchGames({ ...params, term: query.search });
        // The database counts every match; the index stops counting at the same limit (searchCountLimit).
        return answerOf(gameSearchResponseSchema, {
          items,
          page: query.page,
          perPage: query.perPage,
          total: Math.min(total, searchCountLimit(params.offset, params.limit)),
        });
      });
    },

    /** GET /spa/providers. */
    providers(): Promise<Answer> {
      return providerAnswers.get('list', async () =>
        answerOf(providersResponseSchema, { providers: await listProviders(db) }),
      );
    },

    /** GET /spa/providers/{slug}; not_found for a slug no active provider has. */
    provider(slug: string): Promise<Answer> {
      return providerAnswers.get(`one:${slug}`, async () => {
        const row = await findProviderBySlug(db, slug);
        if (!row) throw new NotFoundError(`No provider "${slug}".`);
        return answerOf(providerResponseSchema, { provider: row });
      });
    },
  };
}
