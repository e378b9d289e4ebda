import type { Db } from '@playhouse/db';
import type {
  CasinoAdminGame,
  CasinoCategory,
  CasinoGamePatch,
  CasinoGames,
  CasinoGamesQuery,
  CasinoProvider,
} from '@playhouse/shared';
import type { Clock } from '../../lib/clock';
import { AppError, errorClass } from '../../lib/errors';
import { localize, type LocaleContext } from '../../lib/localize';
import { staffChangeAudit, type AuditEvent } from '../audit/audit-log';
import type { StaffActor } from '../staff/staff-queries';
import {
  categoriesOfGame,
  existingCategoryIds,
  findAdminGame,
  findAdminProvider,
  findCategory,
  gamesOfCategory,
  listAdminGames,
  listAdminProviders,
  listCategories,
  lockGame,
  orderCategoryGames,
  setGameCategories,
  updateCategory,
  updateGame,
  updateProvider,
  type AdminGameRow,
} from './casino-admin-queries';
import type { CasinoAction } from '../audit/audit-events';

export class GameNotFoundError extends errorClass('game_not_found', 'There is no such game.', 404) {}
export class CategoryNotFoundError extends errorClass('category_not_found', 'There is no such category.', 404) {}
export class ProviderNotFoundError extends errorClass('provider_not_found', 'There is no such provider.', 404) {}
export class OrderInvalidError extends AppError {
  constructor(fields: Record<string, string>) {
    super('order_invalid', 'List every game of the category exactly once.', 400, fields);
  }
}

export type CasinoAdminService = ReturnType<typeof createCasinoAdminService>;

/**
 * Casino management for the back office. Each change is one transaction with its audit row (before and after); the
 * catalogue's caches drop their answers when the database announces the change (triggers on games, providers,
 * category_games and nav_categories), so the site shows it at once.
 */
export function createCasinoAdminService({ db, clock }: { db: Db; clock: Clock }) {
  const gameView = (row: AdminGameRow, context: LocaleContext): CasinoAdminGame => ({
    ...row,
    title: localize(row.title, context) || row.slug,
  });

  const audit = staffChangeAudit(
    (action: CasinoAction): AuditEvent => `staff_casino_${action}`,
    () => clock.now(),
  );

  async function game(id: number, context: LocaleContext): Promise<CasinoAdminGame> {
    const row = await findAdminGame(db, id);
    if (!row) throw new GameNotFoundError();
    return gameView(row, context);
  }

  async function categoryGames(id: number, context: LocaleContext) {
    if (!(await findCategory(db, id))) throw new CategoryNotFoundError();
    return (await gamesOfCategory(db, id)).map((row) => ({
      id: row.id,
      slug: row.slug,
      title: localize(row.title, context) || row.slug,
    }));
  }

  return {
    async games(query: CasinoGamesQuery, context: LocaleContext): Promise<CasinoGames> {
      const { rows, total } = await listAdminGames(db, query);
      return { items: rows.map((row) => gameView(row, context)), total, page: query.page, pageSize: query.pageSize };
    },

    /** Enables or disables a game, locks it for visitors without a deposit, turns demo play on or off, sets its rank. */
    async updateGame(id: number, patch: CasinoGamePatch, actor: StaffActor, context: LocaleContext) {
      await db.transaction(async (tx) => {
        const row = await lockGame(tx, id);
        if (!row) throw new GameNotFoundError();
        const before = Object.fromEntries(Object.keys(patch).map((key) => [key, row[key as keyof CasinoGamePatch]]));
        await updateGame(tx, id, patch);
        await audit(tx, actor, 'update_game', { gameId: id, slug: row.slug }, before, patch);
      });
      return game(id, context);
    },

    /** Lists a game in exactly these categories. */
    async setGameCategories(id: number, categoryIds: number[], actor: StaffActor, context: LocaleContext) {
      const wanted = [...new Set(categoryIds)];
      await db.transaction(async (tx) => {
        const row = await lockGame(tx, id);
        if (!row) throw new GameNotFoundError();
        const known = await existingCategoryIds(tx, wanted);
        if (known.length !== wanted.length) throw new CategoryNotFoundError();
        const before = await categoriesOfGame(tx, id);
        await setGameCategories(tx, id, wanted);
        await audit(
          tx,
          actor,
          'game_categories',
          { gameId: id, slug: row.slug },
          { categoryIds: before },
          { categoryIds: [...wanted].sort((a, b) => a - b) },
        );
      });
      return game(id, context);
    },

    async categories(context: LocaleContext): Promise<CasinoCategory[]> {
      return (await listCategories(db)).map((row) => ({ ...row, title: localize(row.title, context) || row.slug }));
    },

    async updateCategory(
      id: number,
      patch: { active?: boolean; position?: number },
      actor: StaffActor,
      context: LocaleContext,
    ): Promise<CasinoCategory> {
      await db.transaction(async (tx) => {
        const row = await findCategory(tx, id, true);
        if (!row) throw new CategoryNotFoundError();
        const before = Object.fromEntries(Object.keys(patch).map((key) => [key, row[key as 'active' | 'position']]));
        await updateCategory(tx, id, patch);
        await audit(tx, actor, 'update_category', { categoryId: id, slug: row.slug }, before, patch);
      });
      const row = (await findCategory(db, id))!;
      return { ...row, title: localize(row.title, context) || row.slug };
    },

    categoryGames,

    /** Orders a category's games: the list must name each of its games exactly once. */
    async orderCategory(id: number, gameIds: number[], actor: StaffActor, context: LocaleContext) {
      await db.transaction(async (tx) => {
        const row = await findCategory(tx, id, true);
        if (!row) throw new CategoryNotFoundError();
        const current = (await gamesOfCategory(tx, id)).map((game) => game.id);
        const fields: Record<string, string> = {};
        const seen = new Set<number>();
        for (const gameId of gameIds) {
          if (seen.has(gameId)) fields[String(gameId)] = 'twice';
          else if (!current.includes(gameId)) fields[String(gameId)] = 'not_in_category';
          seen.add(gameId);
        }
        for (const gameId of current) if (!seen.has(gameId)) fields[String(gameId)] = 'missing';
        if (Object.keys(fields).length > 0) throw new OrderInvalidError(fields);
        await orderCategoryGames(tx, id, gameIds);
        await audit(tx, actor, 'order_category', { categoryId: id, slug: row.slug }, { gameIds: current }, { gameIds });
      });
      return categoryGames(id, context);
    },

    providers: (): Promise<CasinoProvider[]> => listAdminProviders(db),

    /** Enables or disables a provider (its games leave the site with it) or moves it in the provider picker. */
    async updateProvider(id: number, patch: { active?: boolean; position?: number }, actor: StaffActor) {
      await db.transaction(async (tx) => {
        const row = await findAdminProvider(tx, id, true);
        if (!row) throw new ProviderNotFoundError();
        const before = Object.fromEntries(Object.keys(patch).map((key) => [key, row[key as 'active' | 'position']]));
        await updateProvider(tx, id, patch);
        await audit(tx, actor, 'update_provider', { providerId: id, slug: row.slug }, before, patch);
      });
      return (await findAdminProvider(db, id))!;
    },
  };
}
