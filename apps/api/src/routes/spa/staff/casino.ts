import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  casinoCategoriesResponseSchema,
  casinoCategoryGamesResponseSchema,
  casinoCategoryOrderBodySchema,
  casinoCategoryPatchSchema,
  casinoCategoryResponseSchema,
  casinoGameCategoriesBodySchema,
  casinoGamePatchSchema,
  casinoGameResponseSchema,
  casinoGamesQuerySchema,
  casinoGamesResponseSchema,
  casinoIdParamsSchema,
  casinoProviderPatchSchema,
  casinoProviderResponseSchema,
  casinoProviderSecretResponseSchema,
  casinoProvidersResponseSchema,
  type CasinoAdminGame,
} from '@playhouse/shared';
import { sendCsv, type CsvColumn } from '../../../lib/csv';
import { errorResponses } from '../../../lib/route-schemas';

const GAME_CSV: CsvColumn<Omit<CasinoAdminGame, 'categoryIds'> & { categoryIds: string }>[] = [
  { key: 'id', header: 'id' },
  { key: 'slug', header: 'slug' },
  { key: 'title', header: 'title' },
  { key: 'providerTitle', header: 'provider' },
  { key: 'kind', header: 'kind' },
  { key: 'active', header: 'enabled' },
  { key: 'demoModeEnabled', header: 'demo' },
  { key: 'requiresDeposit', header: 'locked without a deposit' },
  { key: 'popularity', header: 'rank' },
  { key: 'categoryIds', header: 'category ids' },
];
import { clientInfo, staffActor } from '../../../plugins/auth';

/**
 * /spa/staff/casino: games, categories and providers as the back office manages them. Reads need casino.read, game and
 * category changes casino.manage, provider changes casino.providers; each change is audited in its transaction.
 */
const staffCasinoRoutes: FastifyPluginAsyncZod = async (app) => {
  const casino = () => app.services.casinoAdmin;

  app.get(
    '/casino/games',
    {
      config: { permission: 'casino.read' },
      schema: {
        operationId: 'staffCasinoGames',
        tags: ['staff'],
        summary: 'Games, one page, by provider, category, state or a search (slug or title)',
        querystring: casinoGamesQuerySchema,
        response: { 200: casinoGamesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/casino/games - the games list
      const page = await casino().games(request.query, clientInfo(request).locale);
      if (request.query.format !== 'csv') return page;
      const rows = page.items.map((game) => ({ ...game, categoryIds: game.categoryIds.join(' ') }));
      return sendCsv(reply, 'casino-games.csv', GAME_CSV, rows);
    },
  );

  app.patch(
    '/casino/games/:id',
    {
      config: { permission: 'casino.manage' },
      schema: {
        operationId: 'staffCasinoUpdateGame',
        tags: ['staff'],
        summary: 'Enables or disables a game, locks it for visitors without a deposit, demo play on or off, its rank',
        params: casinoIdParamsSchema,
        body: casinoGamePatchSchema,
        response: { 200: casinoGameResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // PATCH /spa/staff/casino/games/{id} - change a game
      const { id } = request.params;
      return { game: await casino().updateGame(id, request.body, staffActor(request), clientInfo(request).locale) };
    },
  );

  app.put(
    '/casino/games/:id/categories',
    {
      config: { permission: 'casino.manage' },
      schema: {
        operationId: 'staffCasinoGameCategories',
        tags: ['staff'],
        summary: 'Lists a game in exactly these categories (it joins a new one at its end)',
        params: casinoIdParamsSchema,
        body: casinoGameCategoriesBodySchema,
        response: { 200: casinoGameResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // PUT /spa/staff/casino/games/{id}/categories - a game's categories
      const { id } = request.params;
      const game = await casino().setGameCategories(
        id,
        request.body.categoryIds,
        staffActor(request),
        clientInfo(request).locale,
      );
      return { game };
    },
  );

  app.get(
    '/casino/categories',
    {
      config: { permission: 'casino.read' },
      schema: {
        operationId: 'staffCasinoCategories',
        tags: ['staff'],
        summary: 'The navigation categories in their order, with their game counts',
        response: { 200: casinoCategoriesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      // GET /spa/staff/casino/categories - the categories
      return { items: await casino().categories(clientInfo(request).locale) };
    },
  );

  app.patch(
    '/casino/categories/:id',
    {
      config: { permission: 'casino.manage' },
      schema: {
        operationId: 'staffCasinoUpdateCategory',
        tags: ['staff'],
        summary: 'Shows or hides a category, or moves it',
        params: casinoIdParamsSchema,
        body: casinoCategoryPatchSchema,
        response: { 200: casinoCategoryResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // PATCH /spa/staff/casino/categories/{id} - change a category
      const { id } = request.params;
      const category = await casino().updateCategory(id, request.body, staffActor(request), clientInfo(request).locale);
      return { category };
    },
  );

  app.get(
    '/casino/categories/:id/games',
    {
      config: { permission: 'casino.read' },
      schema: {
        operationId: 'staffCasinoCategoryGames',
        tags: ['staff'],
        summary: 'The games of a category in the order players see them',
        params: casinoIdParamsSchema,
        response: { 200: casinoCategoryGamesResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // GET /spa/staff/casino/categories/{id}/games - a category's order
      return { items: await casino().categoryGames(request.params.id, clientInfo(request).locale) };
    },
  );

  app.put(
    '/casino/categories/:id/games',
    {
      config: { permission: 'casino.manage' },
      schema: {
        operationId: 'staffCasinoOrderCategory',
        tags: ['staff'],
        summary: 'Orders the games of a category: every game of it, once, in the new order',
        params: casinoIdParamsSchema,
        body: casinoCategoryOrderBodySchema,
        response: { 200: casinoCategoryGamesResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // PUT /spa/staff/casino/categories/{id}/games - order a category
      const { id } = request.params;
      const items = await casino().orderCategory(
        id,
        request.body.gameIds,
        staffActor(request),
        clientInfo(request).locale,
      );
      return { items };
    },
  );

  app.get(
    '/casino/providers',
    {
      config: { permission: 'casino.read' },
      schema: {
        operationId: 'staffCasinoProviders',
        tags: ['staff'],
        summary: 'The game providers in their order, with their game counts',
        response: { 200: casinoProvidersResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      // GET /spa/staff/casino/providers - the providers
      return { items: await casino().providers() };
    },
  );

  app.patch(
    '/casino/providers/:id',
    {
      config: { permission: 'casino.providers' },
      schema: {
        operationId: 'staffCasinoUpdateProvider',
        tags: ['staff'],
        summary: 'Enables or disables a provider (its games leave the site with it), or moves it in the picker',
        params: casinoIdParamsSchema,
        body: casinoProviderPatchSchema,
        response: { 200: casinoProviderResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // PATCH /spa/staff/casino/providers/{id} - change a provider
      return { provider: await casino().updateProvider(request.params.id, request.body, staffActor(request)) };
    },
  );

  app.post(
    '/casino/providers/:id/secret',
    {
      config: { permission: 'casino.providers' },
      schema: {
        operationId: 'staffCasinoRotateProviderSecret',
        tags: ['staff'],
        summary:
          "Rotates a provider's seamless-wallet secret: the new one is answered this once, the old one is accepted " +
          'for the grace window (24 h)',
        params: casinoIdParamsSchema,
        response: { 201: casinoProviderSecretResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      // POST /spa/staff/casino/providers/{id}/secret - rotate a provider's secret
      const rotated = await app.services.providerSecretStore.rotate(request.params.id, staffActor(request));
      return reply.code(201).header('cache-control', 'no-store').send(rotated);
    },
  );
};

export default staffCasinoRoutes;
