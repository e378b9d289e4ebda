import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  originalsSessionHeadersSchema,
  sharedBetsBodySchema,
  sharedBetsResponseSchema,
  sharedSlipsResponseSchema,
  sharedTableParamsSchema,
  sharedTableStateSchema,
} from '@playhouse/shared';
import { coalesced, eventStreams } from '../../../lib/sse';
import { errorResponses } from '../../../lib/route-schemas';

/**
 * /spa/games/originals/shared: the shared tables. What a table shows is public (the round, its countdown, the results
 * with their seeds), the same for everyone seated; bets are placed with the game session's token.
 */
const sharedTableRoutes: FastifyPluginAsyncZod = async (app) => {
  const streams = eventStreams(app);
  app.addHook('onSend', async (_request, reply) => {
    // The event stream keeps its own `no-store, no-transform`: without no-transform Next's compressing /spa rewrite
    // holds the table's steps back, and the browser's table stops at the first one it heard.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.get(
    '/:slug/state',
    {
      schema: {
        operationId: 'getSharedTable',
        tags: ['originals'],
        summary:
          'A shared table as everyone seated sees it: the round in play, its clock, the latest results and seeds',
        params: sharedTableParamsSchema,
        response: { 200: sharedTableStateSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      // GET /spa/games/originals/shared/{slug}/state - the table now
      return app.services.sharedTables.state(request.params.slug);
    },
  );

  app.get(
    '/:slug/stream',
    {
      config: { eventStream: true },
      schema: {
        operationId: 'streamSharedTable',
        tags: ['originals'],
        summary:
          'Server-sent events: `event: table` with the /state body on connect and at every step of the clock (betting ' +
          'opens, no more bets, the result)',
        params: sharedTableParamsSchema,
        response: {
          200: z.string().describe('text/event-stream: `event: table` messages and `:` heartbeat comments'),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      // GET /spa/games/originals/shared/{slug}/stream - every step as it happens, the same moment for everyone
      const first = await app.services.sharedTables.state(request.params.slug);
      let push: () => void = () => undefined;
      const gameId = await app.services.sharedTables.tableId(request.params.slug);
      const unsubscribe = await app.services.sharedTableHub.subscribe(gameId, () => push());
      const { stream, reply: streaming } = streams.open(request, reply, { onClose: unsubscribe });
      push = coalesced(
        async () => stream.send('table', await app.services.sharedTables.state(request.params.slug)),
        (error) => request.log.warn({ err: error }, 'shared table stream update failed'),
      );
      stream.send('table', first);
      return streaming;
    },
  );

  app.post(
    '/bets',
    {
      schema: {
        operationId: 'placeSharedTableBets',
        tags: ['originals'],
        summary:
          'Places the bets of the round taking bets (once per round): one wallet bet; the win follows the result',
        headers: originalsSessionHeadersSchema,
        body: sharedBetsBodySchema,
        response: { 201: sharedBetsResponseSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => {
      // POST /spa/games/originals/shared/bets - a bet slip for this round
      const result = await app.services.sharedTables.placeBets(request.headers['x-game-session'], request.body);
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/slips',
    {
      schema: {
        operationId: 'listSharedTableSlips',
        tags: ['originals'],
        summary: "The session's bets on the round in play and the latest rounds, with what each paid, and the balance",
        headers: originalsSessionHeadersSchema,
        response: { 200: sharedSlipsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      // GET /spa/games/originals/shared/slips - my bets at this table
      return app.services.sharedTables.slips(request.headers['x-game-session']);
    },
  );
};

export default sharedTableRoutes;
