import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  localeHeadersSchema,
  originalsRoundBodySchema,
  originalsRoundResponseSchema,
  originalsRoundsResponseSchema,
  originalsSessionBodySchema,
  originalsSessionHeadersSchema,
  originalsSessionResponseSchema,
  openTableRoundResponseSchema,
  rotateSeedBodySchema,
  rotateSeedResponseSchema,
  tableActionBodySchema,
  tableRoundBodySchema,
  tableRoundParamsSchema,
  tableRoundResponseSchema,
} from '@playhouse/shared';
import { answerNoStore } from '../../../lib/route-hooks';
import { errorResponses } from '../../../lib/route-schemas';

/**
 * /spa/games/originals: the in-house game host's own calls, made by its game page in the iframe. Money moves only
 * through the seamless-wallet API the host calls, signed, like any other provider.
 */
const originalsRoutes: FastifyPluginAsyncZod = async (app) => {
  answerNoStore(app);

  app.post(
    '/sessions',
    {
      config: { localized: true },
      schema: {
        operationId: 'openOriginalsSession',
        tags: ['originals'],
        summary: 'Opens a game from its one-time launch token; the answer carries the session token for the rounds',
        headers: localeHeadersSchema,
        body: originalsSessionBodySchema,
        response: { 201: originalsSessionResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // POST /spa/games/originals/sessions - the game page starts
      const session = await app.services.originals.open(request.localeContext, request.body.launchToken);
      return reply.code(201).send({ session });
    },
  );

  app.get(
    '/session',
    {
      config: { localized: true },
      schema: {
        operationId: 'getOriginalsSession',
        tags: ['originals'],
        summary: "The session's balance and the current seed commitment",
        headers: localeHeadersSchema.extend(originalsSessionHeadersSchema.shape),
        response: { 200: originalsSessionResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      // GET /spa/games/originals/session - the game page reloads
      return {
        session: await app.services.originals.state(request.localeContext, request.headers['x-game-session']),
      };
    },
  );

  app.post(
    '/rounds',
    {
      schema: {
        operationId: 'playOriginalsRound',
        tags: ['originals'],
        summary: 'Plays one provably fair round: the bet is debited and the payout credited through the wallet',
        headers: originalsSessionHeadersSchema,
        body: originalsRoundBodySchema,
        response: { 201: originalsRoundResponseSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => {
      // POST /spa/games/originals/rounds - one spin, roll or drop
      const result = await app.services.originals.play(request.headers['x-game-session'], request.body);
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/tables/rounds',
    {
      schema: {
        operationId: 'startTableRound',
        tags: ['originals'],
        summary:
          'Starts a table round with its initial bets (one wallet bet); a round without decisions is settled at once',
        headers: originalsSessionHeadersSchema,
        body: tableRoundBodySchema,
        response: { 201: tableRoundResponseSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => {
      // POST /spa/games/originals/tables/rounds - the first bets of a blackjack hand, a spin, a coup
      const result = await app.services.originals.tables.start(request.headers['x-game-session'], request.body);
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/tables/rounds/:id/actions',
    {
      schema: {
        operationId: 'actOnTableRound',
        tags: ['originals'],
        summary:
          "One decision of an open round at the index the player saw (hit, stand, double, split, …); one that adds a stake is one more wallet bet; the round's win follows when it ends",
        headers: originalsSessionHeadersSchema,
        params: tableRoundParamsSchema,
        body: tableActionBodySchema,
        response: { 200: tableRoundResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      // POST /spa/games/originals/tables/rounds/{id}/actions - one decision
      return app.services.originals.tables.act(request.headers['x-game-session'], request.params.id, request.body);
    },
  );

  app.get(
    '/tables/round',
    {
      schema: {
        operationId: 'getOpenTableRound',
        tags: ['originals'],
        summary: "The session's table round still in play, to resume it after a reload; null when there is none",
        headers: originalsSessionHeadersSchema,
        response: { 200: openTableRoundResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      // GET /spa/games/originals/tables/round - resume
      return app.services.originals.tables.open(request.headers['x-game-session']);
    },
  );

  app.get(
    '/rounds',
    {
      schema: {
        operationId: 'listOriginalsRounds',
        tags: ['originals'],
        summary: "The latest rounds of the session's player, each with its server seed once revealed",
        headers: originalsSessionHeadersSchema,
        response: { 200: originalsRoundsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      // GET /spa/games/originals/rounds - the fairness history
      return { rounds: await app.services.originals.rounds(request.headers['x-game-session']) };
    },
  );

  app.post(
    '/seeds/rotate',
    {
      schema: {
        operationId: 'rotateOriginalsSeed',
        tags: ['originals'],
        summary: 'Reveals the current server seed and commits to a new one (optionally with a new client seed)',
        headers: originalsSessionHeadersSchema,
        body: rotateSeedBodySchema,
        response: { 200: rotateSeedResponseSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => {
      // POST /spa/games/originals/seeds/rotate - reveal and renew the seed pair
      return app.services.originals.rotate(request.headers['x-game-session'], request.body.clientSeed);
    },
  );
};

export default originalsRoutes;
