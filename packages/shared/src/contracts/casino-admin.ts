import { z } from 'zod';
import { sortableBy, staffPageSchema } from '../staff/paging';

/*
 * The back office's casino management (/spa/staff/casino): games (enable, lock for visitors without a deposit, demo on
 * or off, order, categories), providers (enable, order) and the navigation categories with their order. Changes reach
 * the site at once: the catalogue's caches drop their answers when the database announces a change.
 */

const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
const flag = z.enum(['true', 'false']).optional();

export const CASINO_GAME_SORTS = ['popularity', 'id', 'slug', 'releasedAt'] as const;
export const casinoGamesQuerySchema = sortableBy(CASINO_GAME_SORTS).extend({
  providerId: id.optional(),
  categoryId: id.optional(),
  active: flag,
  demo: flag,
  locked: flag,
});
export type CasinoGamesQuery = z.infer<typeof casinoGamesQuerySchema>;

export const casinoAdminGameSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  providerId: z.number().int(),
  providerTitle: z.string(),
  kind: z.string(),
  active: z.boolean(),
  demoModeEnabled: z.boolean(),
  /** Locked for visitors without a successful deposit. */
  requiresDeposit: z.boolean(),
  /** The catalogue's default order: higher first. */
  popularity: z.number().int(),
  categoryIds: z.array(z.number().int()),
});
export type CasinoAdminGame = z.infer<typeof casinoAdminGameSchema>;

export const casinoGamesResponseSchema = staffPageSchema(casinoAdminGameSchema).meta({ id: 'CasinoAdminGames' });
export type CasinoGames = z.infer<typeof casinoGamesResponseSchema>;
export const casinoGameResponseSchema = z.object({ game: casinoAdminGameSchema }).meta({ id: 'CasinoAdminGame' });

export const casinoIdParamsSchema = z.object({ id });

export const casinoGamePatchSchema = z
  .object({
    active: z.boolean().optional(),
    demoModeEnabled: z.boolean().optional(),
    requiresDeposit: z.boolean().optional(),
    popularity: z.number().int().min(0).max(1_000_000).optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'nothing to change')
  .meta({ id: 'CasinoGamePatch' });
export type CasinoGamePatch = z.infer<typeof casinoGamePatchSchema>;

/** The categories a game is listed in (it is added at the end of a category it joins). */
export const casinoGameCategoriesBodySchema = z
  .object({ categoryIds: z.array(id).max(50) })
  .strict()
  .meta({ id: 'CasinoGameCategories' });

export const casinoCategorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  position: z.number().int(),
  active: z.boolean(),
  games: z.number().int(),
});
export type CasinoCategory = z.infer<typeof casinoCategorySchema>;
export const casinoCategoriesResponseSchema = z
  .object({ items: z.array(casinoCategorySchema) })
  .meta({ id: 'CasinoAdminCategories' });
export const casinoCategoryResponseSchema = z.object({ category: casinoCategorySchema });

const positionSchema = z.number().int().min(0).max(10_000);

export const casinoCategoryPatchSchema = z
  .object({ active: z.boolean().optional(), position: positionSchema.optional() })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'nothing to change')
  .meta({ id: 'CasinoCategoryPatch' });

/** Every game of the category, in the order players should see them. */
export const casinoCategoryOrderBodySchema = z
  .object({ gameIds: z.array(id).max(2000) })
  .strict()
  .meta({ id: 'CasinoCategoryOrder' });

/** The games of a category in their order. */
export const casinoCategoryGamesResponseSchema = z
  .object({ items: z.array(z.object({ id: z.number().int(), slug: z.string(), title: z.string() })) })
  .meta({ id: 'CasinoCategoryGames' });

export const casinoProviderSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  position: z.number().int(),
  active: z.boolean(),
  games: z.number().int(),
});
export type CasinoProvider = z.infer<typeof casinoProviderSchema>;
export const casinoProvidersResponseSchema = z
  .object({ items: z.array(casinoProviderSchema) })
  .meta({ id: 'CasinoAdminProviders' });
export const casinoProviderResponseSchema = z.object({ provider: casinoProviderSchema });

export const casinoProviderPatchSchema = z
  .object({ active: z.boolean().optional(), position: positionSchema.optional() })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'nothing to change')
  .meta({ id: 'CasinoProviderPatch' });

/** A rotated provider secret: shown this once; the one it replaced is accepted until `graceUntil`. */
export const casinoProviderSecretResponseSchema = z
  .object({ secret: z.string(), graceUntil: z.string() })
  .meta({ id: 'CasinoProviderSecret' });
export type CasinoProviderSecret = z.infer<typeof casinoProviderSecretResponseSchema>;

/** Error codes of the casino management calls (beside the common ones). */
export const CASINO_ADMIN_ERROR_CODES = [
  'game_not_found',
  'category_not_found',
  'provider_not_found',
  'order_invalid',
] as const;
