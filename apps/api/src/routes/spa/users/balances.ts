import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { balanceAmountResponseSchema, balancesResponseSchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { coalesced, eventStreams } from '../../../lib/sse';
import { signedInUser } from '../../../plugins/auth';

const balanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const streams = eventStreams(app);

  app.get(
    '/balances',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'getBalances',
        tags: ['balances'],
        summary: "The signed-in player's main and bonus balances with their refresh routes (SPEC.md §3)",
        response: { 200: balancesResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      // GET /spa/users/balances - both balances, as decimal strings in the player's currency
      reply.header('cache-control', 'no-store');
      return app.services.balances.balances(signedInUser(request));
    },
  );

  for (const account of ['main', 'bonus'] as const) {
    app.get(
      `/balances/${account}`,
      {
        preHandler: app.requireUser,
        schema: {
          operationId: account === 'main' ? 'getMainBalance' : 'getBonusBalance',
          tags: ['balances'],
          summary: `The signed-in player's ${account} balance (the refresh route of SPEC.md §7.6)`,
          response: { 200: balanceAmountResponseSchema, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        // GET /spa/users/balances/{main|bonus} - one balance
        reply.header('cache-control', 'no-store');
        return app.services.balances.amount(signedInUser(request), account);
      },
    );
  }

  app.get(
    '/balances/stream',
    {
      preHandler: app.requireUser,
      config: { eventStream: true },
      schema: {
        operationId: 'streamBalances',
        tags: ['balances'],
        summary:
          'Server-sent events: `event: balance` with the /spa/users/balances body on connect and after every change',
        response: {
          200: z.string().describe('text/event-stream: `event: balance` messages and `:` heartbeat comments'),
          ...errorResponses(401),
        },
      },
    },
    async (request, reply) => {
      // GET /spa/users/balances/stream - balance changes as they happen
      const user = signedInUser(request);
      let push: () => void = () => undefined;
      const sessionId = request.sessionId!;
      const unsubscribe = await app.services.balanceHub.subscribe(user.id, () => push());
      let recheck: ReturnType<typeof setInterval> | undefined = undefined;
      const { stream, reply: streaming } = streams.open(request, reply, {
        onClose: () => {
          clearInterval(recheck);
          unsubscribe();
        },
      });
      // A session ended elsewhere (logout on another device, a password change, a blocked account) ends the stream;
      // the browser's reconnect is then refused and it signs out.
      recheck = setInterval(() => {
        app.services.sessions
          .isLive(sessionId)
          .then((live) => {
            if (!live) stream.close();
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'balance stream session check failed'));
      }, app.services.sessions.recheckMs);
      recheck.unref();
      // Changes that arrive while a read is under way collapse into one more read: the last state is what counts.
      push = coalesced(
        async () => stream.send('balance', await app.services.balances.balances(user)),
        (error) => request.log.warn({ err: error }, 'balance stream update failed'),
      );
      push();
      return streaming;
    },
  );
};

export default balanceRoutes;
