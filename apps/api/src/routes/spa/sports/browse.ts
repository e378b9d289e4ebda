import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookResponseSchema,
  browseMatchesQuerySchema,
  browseMatchesResponseSchema,
  favouriteLeagueParamsSchema,
  favouriteLeaguesResponseSchema,
  LIVE_PATCH_EVENT,
  LIVE_SNAPSHOT_EVENT,
  livePatch,
  liveStreamQuerySchema,
  localeHeadersSchema,
  sportsSearchQuerySchema,
  sportsSearchResponseSchema,
} from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { sharedChannels } from '../../../lib/sse';
import { signedInUser } from '../../../plugins/auth';

/** Odds move: browsers may keep a listing this long (the picture behind it is at most as old). */
const BROWSE_CACHE_CONTROL = 'public, max-age=5';

/**
 * The sportsbook to browse (issue 21), under /spa/sports: the book's tree, the matches of a sport, country or league,
 * the matches in play and their stream, event search, and a player's favourite leagues.
 */
const sportsBrowseRoutes: FastifyPluginAsyncZod = async (app) => {
  const browse = app.services.sports.browse;
  const liveChannels = sharedChannels(app, LIVE_SNAPSHOT_EVENT);

  app.get(
    '/book',
    {
      config: { localized: true },
      schema: {
        operationId: 'getSportsBook',
        tags: ['sports'],
        summary: 'Every sport with matches to come or in play, its countries and leagues, and the popular leagues',
        headers: localeHeadersSchema,
        response: { 200: bookResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // GET /spa/sports/book - the sports, countries and leagues to browse
      reply.header('cache-control', BROWSE_CACHE_CONTROL).header('vary', 'x-locale');
      return browse.book(request.localeContext);
    },
  );

  app.get(
    '/book/matches',
    {
      config: { localized: true },
      schema: {
        operationId: 'listSportsBookMatches',
        tags: ['sports'],
        summary: 'The matches of a sport, country or league with their main markets: in play first, then to come',
        headers: localeHeadersSchema,
        querystring: browseMatchesQuerySchema,
        response: { 200: browseMatchesResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // GET /spa/sports/book/matches - a sport's, country's or league's matches
      reply.header('cache-control', BROWSE_CACHE_CONTROL).header('vary', 'x-locale');
      return browse.matches(request.query, request.localeContext);
    },
  );

  app.get(
    '/search',
    {
      config: { localized: true },
      schema: {
        operationId: 'searchSportsBook',
        tags: ['sports'],
        summary: 'Matches and leagues by a team, player, league or country name, in any language the book has',
        headers: localeHeadersSchema,
        querystring: sportsSearchQuerySchema,
        response: { 200: sportsSearchResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // GET /spa/sports/search?q= - event search
      reply.header('cache-control', BROWSE_CACHE_CONTROL).header('vary', 'x-locale');
      return browse.search(request.query.q, request.localeContext);
    },
  );

  app.get(
    '/live/stream',
    {
      config: { eventStream: true },
      schema: {
        operationId: 'streamSportsLive',
        tags: ['sports'],
        summary:
          'Server-sent events: `event: live` with the matches in play (the /spa/sports/book/matches?status=live ' +
          'body) on connect and whenever the list itself changes (a match starts or ends); `event: live-patch` ' +
          '(LivePatch) with what moved in play on the matches that moved, to merge into the last `live`',
        querystring: liveStreamQuerySchema,
        response: {
          200: z
            .string()
            .describe('text/event-stream: `event: live` and `event: live-patch` messages and `:` heartbeat comments'),
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      // GET /spa/sports/live/stream - the matches in play as they move
      const context = await app.services.locales.resolve(request.query.lng);
      // Every live page in this language shares one subscription, read and serialization per change; after the
      // whole list, its streams are sent what moved (docs/decisions.md, "The live page's stream").
      return liveChannels.open(request, reply, `${context.locale}:${context.defaultLocale}`, () => ({
        subscribe: (onChange) => app.services.sports.oddsHub.subscribeAll(onChange),
        read: () => browse.matches({ status: 'live' }, context),
        patch: (before, after) => {
          const moved = livePatch(before, after);
          return moved && { event: LIVE_PATCH_EVENT, data: moved };
        },
      }));
    },
  );

  app.get(
    '/favourites',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'listFavouriteLeagues',
        tags: ['sports'],
        summary: "The signed-in player's favourite leagues, newest first",
        response: { 200: favouriteLeaguesResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      // GET /spa/sports/favourites - the player's favourite leagues
      reply.header('cache-control', 'no-store');
      return { tournamentIds: await browse.favourites(signedInUser(request).id) };
    },
  );

  app.put(
    '/favourites/:tournamentId',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'addFavouriteLeague',
        tags: ['sports'],
        summary: 'Makes a league a favourite (again: nothing changes); answers the favourites',
        params: favouriteLeagueParamsSchema,
        response: { 200: favouriteLeaguesResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      // PUT /spa/sports/favourites/{tournamentId} - star a league
      reply.header('cache-control', 'no-store');
      const tournamentIds = await browse.addFavourite(signedInUser(request).id, request.params.tournamentId);
      return { tournamentIds };
    },
  );

  app.delete(
    '/favourites/:tournamentId',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'removeFavouriteLeague',
        tags: ['sports'],
        summary: 'Takes a league off the favourites (one that is not there: nothing changes); answers the favourites',
        params: favouriteLeagueParamsSchema,
        response: { 200: favouriteLeaguesResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      // DELETE /spa/sports/favourites/{tournamentId} - unstar a league
      reply.header('cache-control', 'no-store');
      const tournamentIds = await browse.removeFavourite(signedInUser(request).id, request.params.tournamentId);
      return { tournamentIds };
    },
  );
};

export default sportsBrowseRoutes;
