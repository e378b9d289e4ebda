import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  favouriteResponseSchema,
  gameRefParamsSchema,
  gameResponseSchema,
  gameSearchQuerySchema,
  gameSearchResponseSchema,
  gamesQuerySchema,
  gamesResponseSchema,
  launchBodySchema,
  launchResponseSchema,
  localeHeadersSchema,
} from '@playhouse/shared';
import { sendAnswer, sendPersonal } from '../../../lib/answers';
import { errorResponses } from '../../../lib/route-schemas';
import { signedInUser } from '../../../plugins/auth';
import originalsRoutes from './originals';
import sharedTableRoutes from './shared-tables';

/**
 * The catalogue's answers may be kept, but only after asking again (If-None-Match): an edit shows at once, and an
 * unchanged page costs a 304.
 */
const REVALIDATED = 'public, no-cache';

/** /spa/games: the catalogue (SPEC.md §7.7–9), favourites, launches, and the Originals host under /originals. */
const gamesRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewer = (request: { user: { id: number } | null }) => ({ userId: request.user?.id ?? null });

  app.get(
    '',
    {
      config: { localized: true },
      schema: {
        operationId: 'listGames',
        tags: ['casino'],
        summary:
          'One page of games of a category, a provider or a personal list, optionally searched; `offset` is the page number',
        headers: localeHeadersSchema,
        querystring: gamesQuerySchema,
        response: { 200: gamesResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      // GET /spa/games - one page of the catalogue
      const page = await app.services.catalogue.games(request.localeContext, viewer(request), request.query);
      // One address, two kinds of answer: the visitors' page (kept by anyone) and a player's own (kept by no one).
      const vary = 'X-Locale, Cookie';
      return page.shared
        ? sendAnswer(request, reply, page.answer, { cacheControl: REVALIDATED, vary })
        : sendPersonal(reply, page.body, { vary });
    },
  );

  app.get(
    '/search',
    {
      config: { localized: true, publicCache: REVALIDATED },
      schema: {
        operationId: 'searchGames',
        tags: ['casino'],
        summary: 'Search suggestions: games whose title in any language contains the text, ignoring case and accents',
        headers: localeHeadersSchema,
        querystring: gameSearchQuerySchema,
        response: { 200: gameSearchResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // GET /spa/games/search?search=&page=&perPage= - the search box's suggestions
      return sendAnswer(request, reply, await app.services.catalogue.search(request.localeContext, request.query));
    },
  );

  app.get(
    '/:id',
    {
      config: { localized: true },
      schema: {
        operationId: 'getGame',
        tags: ['casino'],
        summary: 'One game by id or slug',
        headers: localeHeadersSchema,
        params: gameRefParamsSchema,
        response: { 200: gameResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      // GET /spa/games/{id} - one game for its page
      return {
        game: await app.services.catalogue.game(request.localeContext, viewer(request), request.params.id),
      };
    },
  );

  app.post(
    '/:id/favourite',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'toggleFavourite',
        tags: ['casino'],
        summary: "Adds the game to the player's favourites, or removes it when it is there",
        params: gameRefParamsSchema,
        response: { 200: favouriteResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // POST /spa/games/{id}/favourite - the heart
      const isLiked = await app.services.gamePlayer.toggleFavourite(signedInUser(request).id, request.params.id);
      return { isLiked };
    },
  );

  app.post(
    '/:id/launch',
    {
      config: { localized: true },
      schema: {
        operationId: 'launchGame',
        tags: ['casino'],
        summary:
          'A one-time launch token and the iframe URL: real money for a signed-in player, demo for anyone on games that offer it',
        headers: localeHeadersSchema,
        params: gameRefParamsSchema,
        body: launchBodySchema,
        response: { 201: launchResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      // POST /spa/games/{id}/launch - opens a game
      const launch = await app.services.gamePlayer.launch(
        request.localeContext,
        { ...viewer(request), sessionId: request.sessionId },
        request.params.id,
        request.body.mode,
      );
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ launch });
    },
  );

  await app.register(originalsRoutes, { prefix: '/originals' });
  await app.register(sharedTableRoutes, { prefix: '/originals/shared' });
};

export default gamesRoutes;
