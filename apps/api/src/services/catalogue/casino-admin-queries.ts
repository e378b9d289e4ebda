import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@playhouse/db';
import { categoryGames, games, navCategories, providers } from '@playhouse/db/schema';
import { pageWindow, type CasinoGamesQuery } from '@playhouse/shared';

const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const GAME_SORT = {
  popularity: games.popularity,
  id: games.id,
  slug: games.slug,
  releasedAt: games.releasedAt,
} as const;

export type AdminGameRow = Awaited<ReturnType<typeof listAdminGames>>['rows'][number];

const gameColumns = {
  id: games.id,
  slug: games.slug,
  title: games.title,
  providerId: games.providerId,
  providerTitle: providers.title,
  kind: games.kind,
  active: games.active,
  demoModeEnabled: games.demoModeEnabled,
  requiresDeposit: games.requiresDeposit,
  popularity: games.popularity,
  categoryIds: sql<number[]>`coalesce((select array_agg(cg.category_id order by cg.category_id)
    from category_games cg where cg.game_id = ${games.id}), '{}')`,
};

export async function listAdminGames(db: DbOrTx, query: CasinoGamesQuery) {
  const bool = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');
  const active = bool(query.active);
  const demo = bool(query.demo);
  const locked = bool(query.locked);
  const where = and(
    query.providerId ? eq(games.providerId, query.providerId) : undefined,
    query.categoryId
      ? sql`exists (select 1 from category_games cg where cg.game_id = ${games.id} and cg.category_id = ${query.categoryId})`
      : undefined,
    active === undefined ? undefined : eq(games.active, active),
    demo === undefined ? undefined : eq(games.demoModeEnabled, demo),
    locked === undefined ? undefined : eq(games.requiresDeposit, locked),
    query.q
      ? sql`(${games.slug} ilike ${contains(query.q)} or ${games.title}::text ilike ${contains(query.q)})`
      : undefined,
  );
  const order = query.dir === 'asc' ? asc : desc;
  const [rows, [count]] = await Promise.all([
    db
      .select(gameColumns)
      .from(games)
      .innerJoin(providers, eq(providers.id, games.providerId))
      .where(where)
      .orderBy(order(GAME_SORT[query.sort ?? 'popularity']), order(games.id))
      .limit(pageWindow(query).limit)
      .offset(pageWindow(query).offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(games)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findAdminGame(db: DbOrTx, id: number) {
  const [row] = await db
    .select(gameColumns)
    .from(games)
    .innerJoin(providers, eq(providers.id, games.providerId))
    .where(eq(games.id, id));
  return row;
}

export async function lockGame(db: DbOrTx, id: number) {
  const [row] = await db.select().from(games).where(eq(games.id, id)).for('update');
  return row;
}

export async function updateGame(db: DbOrTx, id: number, values: Partial<typeof games.$inferInsert>) {
  await db.update(games).set(values).where(eq(games.id, id));
}

export async function categoriesOfGame(db: DbOrTx, gameId: number): Promise<number[]> {
  const rows = await db
    .select({ id: categoryGames.categoryId })
    .from(categoryGames)
    .where(eq(categoryGames.gameId, gameId))
    .orderBy(categoryGames.categoryId);
  return rows.map((row) => row.id);
}

export async function existingCategoryIds(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: navCategories.id }).from(navCategories).where(inArray(navCategories.id, ids));
  return rows.map((row) => row.id);
}

/** Sets the categories a game is in: it leaves the others and joins new ones at their end. */
export async function setGameCategories(db: DbOrTx, gameId: number, categoryIds: number[]) {
  const current = await categoriesOfGame(db, gameId);
  const leave = current.filter((id) => !categoryIds.includes(id));
  if (leave.length > 0) {
    await db
      .delete(categoryGames)
      .where(and(eq(categoryGames.gameId, gameId), inArray(categoryGames.categoryId, leave)));
  }
  for (const categoryId of categoryIds.filter((id) => !current.includes(id))) {
    await db.execute(sql`insert into category_games (category_id, game_id, position)
      select ${categoryId}, ${gameId}, coalesce(max(position) + 1, 0) from category_games where category_id = ${categoryId}`);
  }
}

const categoryColumns = {
  id: navCategories.id,
  slug: navCategories.slug,
  title: navCategories.title,
  position: navCategories.position,
  active: navCategories.active,
  games: sql<number>`(select count(*)::int from category_games cg where cg.category_id = ${navCategories.id})`,
};

export async function listCategories(db: DbOrTx) {
  return db.select(categoryColumns).from(navCategories).orderBy(navCategories.position, navCategories.id);
}

export async function findCategory(db: DbOrTx, id: number, lock = false) {
  const query = db.select(categoryColumns).from(navCategories).where(eq(navCategories.id, id));
  const [row] = await (lock ? query.for('update', { of: navCategories }) : query);
  return row;
}

export async function updateCategory(db: DbOrTx, id: number, values: Partial<typeof navCategories.$inferInsert>) {
  await db.update(navCategories).set(values).where(eq(navCategories.id, id));
}

export async function gamesOfCategory(db: DbOrTx, categoryId: number) {
  return db
    .select({ id: games.id, slug: games.slug, title: games.title, position: categoryGames.position })
    .from(categoryGames)
    .innerJoin(games, eq(games.id, categoryGames.gameId))
    .where(eq(categoryGames.categoryId, categoryId))
    .orderBy(categoryGames.position, games.id);
}

export async function orderCategoryGames(db: DbOrTx, categoryId: number, gameIds: number[]) {
  if (gameIds.length === 0) return;
  await db.execute(sql`update category_games cg set position = o.position - 1
    from jsonb_array_elements_text(${JSON.stringify(gameIds)}::jsonb) with ordinality as o(game_id, position)
    where cg.category_id = ${categoryId} and cg.game_id = o.game_id::int`);
}

const providerColumns = {
  id: providers.id,
  slug: providers.slug,
  title: providers.title,
  position: providers.position,
  active: providers.active,
  games: sql<number>`(select count(*)::int from games g where g.provider_id = ${providers.id})`,
};

export async function listAdminProviders(db: DbOrTx) {
  return db.select(providerColumns).from(providers).orderBy(providers.position, providers.id);
}

export async function findAdminProvider(db: DbOrTx, id: number, lock = false) {
  const query = db.select(providerColumns).from(providers).where(eq(providers.id, id));
  const [row] = await (lock ? query.for('update', { of: providers }) : query);
  return row;
}

export async function updateProvider(db: DbOrTx, id: number, values: Partial<typeof providers.$inferInsert>) {
  await db.update(providers).set(values).where(eq(providers.id, id));
}
