import { and, asc, count, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';
import type { Locale } from '@playhouse/shared';
import type { SearchEntry } from './search-index';

const { games, providers, categoryGames, gameImages, favourites, recentPlays, payments } = schema;

/** Where a page of games comes from: a navigation category, a provider, a player's own list, or everything. */
export type GameSource =
  | { kind: 'all' }
  | { kind: 'category'; categoryId: number }
  | { kind: 'provider'; providerId: number }
  | { kind: 'favourites'; userId: number }
  | { kind: 'recently-played'; userId: number };

export interface ImageFilter {
  sizeFilters: string[];
  aspectRatios: string[];
  /** Empty: every breakpoint. */
  breakpoints: number[];
}

export interface GameImageRow {
  imagePath: string;
  imagePathWebp: string;
  width: number;
  height: number;
  breakpoint: number;
}

export interface GameListFilter {
  source: GameSource;
  /** Already trimmed; matched anywhere in any locale's title, ignoring case and accents. */
  search: string | undefined;
  sort: 0 | 1 | 2 | 3;
  limit: number;
  offset: number;
  /** Whose hearts to show; null for a visitor. */
  viewerId: number | null;
  images: ImageFilter;
  locale: Locale;
  defaultLocale: Locale;
}

export interface GameRow {
  id: number;
  slug: string;
  title: Record<string, string | undefined>;
  kind: (typeof schema.GAME_KINDS)[number];
  engine: (typeof schema.GAME_ENGINES)[number];
  engineConfig: string | null;
  demoModeEnabled: boolean;
  requiresDeposit: boolean;
  rtp: number;
  providerSlug: string;
  providerTitle: string;
  isLiked: boolean;
  images: GameImageRow[];
}

/** LIKE's wildcards in a user's text are literal characters, not patterns. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** `search_text LIKE %term%` with the term folded the way the column is (casino_normalize, migration 0006). */
function titleMatches(term: string): SQL {
  return sql`${games.searchText} like '%' || casino_normalize(${escapeLike(term)}) || '%'`;
}

function localizedTitle(locale: Locale | SQLWrapper, defaultLocale: Locale | SQLWrapper): SQL {
  return sql`coalesce(nullif(${games.title} ->> ${locale}, ''), ${games.title} ->> ${defaultLocale})`;
}

/** The game's artwork renditions that pass the filter, as one JSON array: the page needs no second query. */
function imagesOf(filter: ImageFilter): SQL<GameImageRow[]> {
  const list = (values: (string | number)[]) =>
    sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    );
  const breakpoints =
    filter.breakpoints.length > 0 ? sql` and ${gameImages.breakpoint} in (${list(filter.breakpoints)})` : sql``;
  return sql<GameImageRow[]>`coalesce((
    select json_agg(json_build_object('imagePath', ${gameImages.imagePath}, 'imagePathWebp', ${gameImages.imagePathWebp},
      'width', ${gameImages.width}, 'height', ${gameImages.height}, 'breakpoint', ${gameImages.breakpoint})
      order by ${gameImages.breakpoint}, ${gameImages.width})
    from ${gameImages}
    where ${gameImages.gameId} = ${games.id}
      and ${gameImages.sizeFilter} in (${list(filter.sizeFilters)})
      and ${gameImages.aspectRatio} in (${list(filter.aspectRatios)})${breakpoints}
  ), '[]'::json)`;
}

const NO_IMAGES: ImageFilter = { sizeFilters: [], aspectRatios: [], breakpoints: [] };

function gameColumns(viewerId: number | null, images: ImageFilter = NO_IMAGES) {
  return {
    id: games.id,
    slug: games.slug,
    title: games.title,
    kind: games.kind,
    engine: games.engine,
    engineConfig: games.engineConfig,
    demoModeEnabled: games.demoModeEnabled,
    requiresDeposit: games.requiresDeposit,
    rtp: games.rtp,
    providerSlug: providers.slug,
    providerTitle: providers.title,
    isLiked:
      viewerId === null
        ? sql<boolean>`false`
        : sql<boolean>`exists (select 1 from ${favourites} where ${favourites.gameId} = ${games.id} and ${favourites.userId} = ${viewerId})`,
    images:
      images.sizeFilters.length > 0 && images.aspectRatios.length > 0
        ? imagesOf(images)
        : sql<GameImageRow[]>`'[]'::json`,
  };
}

export async function listGames(db: DbOrTx, filter: GameListFilter): Promise<GameRow[]> {
  const { source } = filter;
  const conditions: SQL[] = [eq(games.active, true), eq(providers.active, true)];
  if (filter.search) conditions.push(titleMatches(filter.search));
  if (source.kind === 'provider') conditions.push(eq(games.providerId, source.providerId));

  const base = db
    .select(gameColumns(filter.viewerId, filter.images))
    .from(games)
    .innerJoin(providers, eq(providers.id, games.providerId))
    .$dynamic();

  const order: SQL[] = [];
  if (filter.sort === 1) order.push(desc(games.popularity));
  else if (filter.sort === 2) order.push(desc(games.releasedAt));
  else if (filter.sort === 3) order.push(asc(localizedTitle(filter.locale, filter.defaultLocale)));

  let query = base;
  switch (source.kind) {
    case 'category':
      query = query.innerJoin(
        categoryGames,
        and(eq(categoryGames.gameId, games.id), eq(categoryGames.categoryId, source.categoryId)),
      );
      if (filter.sort === 0) order.push(asc(categoryGames.position));
      break;
    case 'favourites':
      query = query.innerJoin(favourites, and(eq(favourites.gameId, games.id), eq(favourites.userId, source.userId)));
      if (filter.sort === 0) order.push(desc(favourites.createdAt));
      break;
    case 'recently-played':
      query = query.innerJoin(
        recentPlays,
        and(eq(recentPlays.gameId, games.id), eq(recentPlays.userId, source.userId)),
      );
      if (filter.sort === 0) order.push(desc(recentPlays.playedAt));
      break;
    default:
      if (filter.sort === 0) order.push(desc(games.popularity));
  }
  order.push(asc(games.id));

  const rows = await query
    .where(and(...conditions))
    .orderBy(...order)
    .limit(filter.limit)
    .offset(filter.offset);
  return rows as GameRow[];
}

export async function findGame(
  db: DbOrTx,
  ref: number | string,
  viewerId: number | null,
  images: ImageFilter = NO_IMAGES,
): Promise<GameRow | undefined> {
  const [row] = await db
    .select(gameColumns(viewerId, images))
    .from(games)
    .innerJoin(providers, eq(providers.id, games.providerId))
    .where(
      and(
        typeof ref === 'number' ? eq(games.id, ref) : eq(games.slug, ref),
        eq(games.active, true),
        eq(providers.active, true),
      ),
    )
    .limit(1);
  return row as GameRow | undefined;
}

/** A locale's stored folded title (games.search_titles), else the default locale's, as searches order by it. */
function localizedSearchTitle(locale: SQLWrapper, defaultLocale: SQLWrapper): SQL {
  return sql`coalesce(nullif(${games.searchTitles} ->> ${locale}, ''), ${games.searchTitles} ->> ${defaultLocale})`;
}

export interface SearchParams {
  term: string;
  limit: number;
  offset: number;
  locale: Locale;
  defaultLocale: Locale;
}

/**
 * One page of search suggestions and the number of matches. The term is folded once; the trigram index finds the
 * matches; titles that start with the term (in the request's language) come first, then the popular ones. The order
 * reads the stored folded titles, so no title is folded at search time.
 */
export function createGameSearch(db: DbOrTx) {
  const folded = sql`casino_normalize(${sql.placeholder('term')}::text)`;
  const where = and(
    eq(games.active, true),
    eq(providers.active, true),
    sql`${games.searchText} like '%' || ${folded} || '%'`,
  );
  const page = db
    .select({
      id: games.id,
      slug: games.slug,
      title: sql<string>`${localizedTitle(sql.placeholder('locale'), sql.placeholder('defaultLocale'))}`,
      total: sql<number>`count(*) over ()`,
    })
    .from(games)
    .innerJoin(providers, eq(providers.id, games.providerId))
    .where(where)
    .orderBy(
      desc(
        sql`${localizedSearchTitle(sql.placeholder('locale'), sql.placeholder('defaultLocale'))} like ${folded} || '%'`,
      ),
      desc(games.popularity),
      asc(games.id),
    )
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('catalogue_search_page');
  // A page past the end has no row to carry the total: counted on its own.
  const total = db
    .select({ value: count() })
    .from(games)
    .innerJoin(providers, eq(providers.id, games.providerId))
    .where(where)
    .prepare('catalogue_search_total');

  return async (params: SearchParams) => {
    const term = escapeLike(params.term);
    const rows = await page.execute({ ...params, term });
    const items = rows.map(({ id, slug, title }) => ({ id, slug, title }));
    if (rows[0]) return { items, total: Number(rows[0].total) };
    if (params.offset === 0) return { items, total: 0 };
    const [counted] = await total.execute({ term });
    return { items, total: counted?.value ?? 0 };
  };
}

/**
 * Every active game of an active provider with its folded titles, most popular first (then by id): what an
 * instance's in-memory search index holds (search-index.ts).
 */
export async function listSearchEntries(db: DbOrTx): Promise<SearchEntry[]> {
  const rows = await db
    .select({
      id: games.id,
      slug: games.slug,
      title: games.title,
      searchText: games.searchText,
      searchTitles: games.searchTitles,
    })
    .from(games)
    .innerJoin(providers, eq(providers.id, games.providerId))
    .where(and(eq(games.active, true), eq(providers.active, true)))
    .orderBy(desc(games.popularity), asc(games.id));
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    searchText: row.searchText ?? '',
    searchTitles: row.searchTitles ?? {},
  }));
}

/** Each character folded by casino_normalize, in order: one round trip (string_to_array splits by character). */
export async function foldCharacters(db: DbOrTx, characters: string[]): Promise<string[]> {
  const each = sql`unnest(string_to_array(${characters.join('')}::text, null)) with ordinality as t(c, n)`;
  const [row] = await db
    .select({ folded: sql<string[]>`array(select casino_normalize(c) from ${each} order by n)` })
    .from(sql`(values (1)) as one`);
  return row?.folded ?? [];
}

/**
 * What a signed-in player's page of games adds to the page every visitor sees: which of its games they like, and
 * whether they have a succeeded deposit (games that require one are locked without it). One round trip.
 */
/** What the games page shows a player of their own: the games they like and whether a deposit of theirs succeeded. */
export interface PlayerFacts {
  userId: number;
  liked: ReadonlySet<number>;
  deposited: boolean;
}

/**
 * A player's facts in one statement, built once (when the catalogue service is made) and run as a named prepared
 * statement: every signed-in games page asks it, unless the instance keeps the answer.
 */
export function createPlayerFacts(db: DbOrTx) {
  const query = db
    .select({
      liked: sql<number[]>`coalesce(array_agg(${favourites.gameId}), '{}')`,
      deposited: sql<boolean>`exists (select 1 from ${payments} where ${payments.userId} = ${sql.placeholder('userId')} and ${payments.status} = 'succeeded')`,
    })
    .from(favourites)
    .where(eq(favourites.userId, sql.placeholder('userId')))
    .prepare('catalogue_player_facts');
  return async (userId: number): Promise<PlayerFacts> => {
    const [row] = await query.execute({ userId });
    return { userId, liked: new Set((row?.liked ?? []).map(Number)), deposited: row?.deposited === true };
  };
}

export function listProviders(db: DbOrTx) {
  return db
    .select()
    .from(providers)
    .where(eq(providers.active, true))
    .orderBy(asc(providers.position), asc(providers.title));
}

export async function findProviderBySlug(db: DbOrTx, slug: string) {
  const [row] = await db
    .select()
    .from(providers)
    .where(and(eq(providers.slug, slug), eq(providers.active, true)))
    .limit(1);
  return row;
}

/** A player with a succeeded deposit may open games that require one. */
export async function hasSucceededDeposit(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'succeeded')))
    .limit(1);
  return row !== undefined;
}
