import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  betsQuerySchema,
  betsResponseSchema,
  idempotencyHeadersSchema,
  localeHeadersSchema,
  matchDetailResponseSchema,
  matchParamsSchema,
  placeBetBodySchema,
  placeBetResponseSchema,
  previewBetsBodySchema,
  previewBetsResponseSchema,
  sportsStreamQuerySchema,
  topOfferAnyResponseSchema,
  topOfferQuerySchema,
  type TopOfferQuery,
} from '@playhouse/shared';
import { sendAnswer, type Answer } from '../../../lib/answers';
import type { LocaleContext } from '../../../lib/localize';
import { errorResponses } from '../../../lib/route-schemas';
import { sharedChannels } from '../../../lib/sse';
import { signedInUser } from '../../../plugins/auth';
import sportsBrowseRoutes from './browse';
import cashOutRoutes from './cash-out';

/** Odds move: browsers and shared caches may keep a top-offer answer this long. */
const TOP_OFFER_CACHE_CONTROL = 'public, max-age=5';

const streamQuerySchema = sportsStreamQuerySchema.extend({
  /** EventSource cannot send X-Locale, so the stream takes the language here. */
  lng: z.string().min(1).max(16).optional(),
});

/**
 * /spa/sports: the two top-offer calls of SPEC.md §7.1–2, a match with every market, its odds as a live stream,
 * and prematch bets; the browse reads are in browse.ts. The sports jobs and the odds listener belong to the sports
 * plugin (services/sports).
 */
const sportsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(sportsBrowseRoutes);
  await app.register(cashOutRoutes);
  const sports = app.services.sports;
  const matchChannels = sharedChannels(app, 'match');

  /** The two top-offer calls: JSON in each query parameter, an answer built as JSON by the service, kept briefly. */
  const topOfferRoute = (
    url: string,
    operationId: string,
    summary: string,
    build: (query: TopOfferQuery, context: LocaleContext) => Promise<Answer<null>>,
  ) =>
    app.get(
      url,
      {
        schema: {
          operationId,
          tags: ['sports'],
          summary,
          description:
            'Each top-level parameter is one query parameter holding JSON, e.g. `language={"default":"de"}`. ' +
            'dataFormat chooses, per list, an object keyed by id or an array.',
          querystring: topOfferQuerySchema,
          response: { 200: topOfferAnyResponseSchema, ...errorResponses(400, 404) },
        },
      },
      async (request, reply) => {
        // GET /spa/sports/top-offer[/matches] - the top offer in the language the query names
        const query = request.query as TopOfferQuery;
        const context = await app.services.locales.resolve(query.language.default);
        // Already JSON, built from the allow-listed fields of TopOfferResponse: sent as it is.
        const answer = await build(query, context);
        return sendAnswer(request, reply, answer, { cacheControl: TOP_OFFER_CACHE_CONTROL });
      },
    );

  // GET /spa/sports/top-offer - the sport tabs and their top-offer matches
  topOfferRoute(
    '/top-offer',
    'getTopOfferSports',
    'Sports list (SPEC.md §7.1): sports with upcoming matches in the window, with topOffer.matches their first 14',
    (query, context) => sports.topOffer.sportsList(query, context),
  );
  // GET /spa/sports/top-offer/matches - one sport's matches in the window
  topOfferRoute(
    '/top-offer/matches',
    'getTopOfferMatches',
    'Matches for a sport (SPEC.md §7.2): id_sport required, markets below bet_count (default 3)',
    (query, context) => sports.topOffer.sportMatches(query, context),
  );

  app.get(
    '/matches/:matchId',
    {
      config: { localized: true },
      schema: {
        operationId: 'getSportsMatch',
        tags: ['sports'],
        summary: 'One match with every market and outcome (the prematch page)',
        headers: localeHeadersSchema,
        params: matchParamsSchema,
        response: { 200: matchDetailResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      // GET /spa/sports/matches/{matchId} - a match and all its odds
      reply.header('cache-control', 'no-store');
      return { match: await sports.matchDetail(request.params.matchId, request.localeContext) };
    },
  );

  app.get(
    '/stream',
    {
      config: { eventStream: true },
      schema: {
        operationId: 'streamSportsMatch',
        tags: ['sports'],
        summary:
          'Server-sent events: `event: match` with the /spa/sports/matches/{matchId} body on connect and after every change',
        querystring: streamQuerySchema,
        response: {
          200: z.string().describe('text/event-stream: `event: match` messages and `:` heartbeat comments'),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      // GET /spa/sports/stream?matchId= - a match's odds as they move
      const { matchId, lng } = request.query;
      const context = await app.services.locales.resolve(lng);
      // Every viewer of the match in this language shares one subscription, read and serialization per change.
      return matchChannels.open(request, reply, `${matchId}:${context.locale}:${context.defaultLocale}`, () => ({
        subscribe: (onChange) => sports.oddsHub.subscribe(matchId, onChange),
        read: async () => ({ match: await sports.matchDetail(matchId, context) }),
      }));
    },
  );

  app.post(
    '/bets',
    {
      preHandler: app.requireUser,
      config: { localized: true },
      schema: {
        operationId: 'placeSportsBet',
        tags: ['sports'],
        summary:
          'Places a single or an accumulator at the current odds, under the odds-change policy; the stake leaves ' +
          'the main balance in the same transaction. A replayed Idempotency-Key answers with the first bet.',
        headers: localeHeadersSchema.extend(idempotencyHeadersSchema.shape),
        body: placeBetBodySchema,
        response: { 201: placeBetResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      // POST /spa/sports/bets - place a bet
      const { bet, replayed } = await sports.bets.place(
        signedInUser(request),
        request.body,
        request.headers['idempotency-key'],
        request.localeContext,
        { sessionId: request.sessionId },
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).header('cache-control', 'no-store').send({ bet });
    },
  );

  app.post(
    '/bets/preview',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'previewSportsBets',
        tags: ['sports'],
        summary:
          "How each bet of a slip would be funded if placed now (cash, bonus money, the running bonus's rules), or " +
          'the refusal its placement would meet, named in the answer: a dry run of the placement that locks and ' +
          'writes nothing. Bets in the order the slip places them, each after the ones before it.',
        body: previewBetsBodySchema,
        response: { 200: previewBetsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      // POST /spa/sports/bets/preview - the slip's funding before it is placed
      reply.header('cache-control', 'no-store');
      return sports.bets.preview(signedInUser(request), request.body, { sessionId: request.sessionId });
    },
  );

  app.get(
    '/bets',
    {
      preHandler: app.requireUser,
      config: { localized: true },
      schema: {
        operationId: 'listSportsBets',
        tags: ['sports'],
        summary: '"My bets": the signed-in player\'s bets, newest first, open or settled',
        headers: localeHeadersSchema,
        querystring: betsQuerySchema,
        response: { 200: betsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      // GET /spa/sports/bets - the player's bets
      reply.header('cache-control', 'no-store');
      return sports.bets.list(signedInUser(request).id, request.query, request.localeContext);
    },
  );
};

export default sportsRoutes;
