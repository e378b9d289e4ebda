import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { balanceAmountResponseSchema, balancesResponseSchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { signedInUser } from '../../../plugins/auth';

/** A comment line keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;

const balanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const openStreams = new Set<PassThrough>();
  // Open streams never end on their own: close them so shutdown does not wait for the browsers.
  app.addHook('preClose', async () => {
    for (const stream of openStreams) stream.end();
  });

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
      const stream = new PassThrough();
      let sending = false;
      let again = false;
      // Changes that arrive while a read is under way collapse into one more read: the last state is what counts.
      const push = async () => {
        if (sending) {
          again = true;
          return;
        }
        sending = true;
        try {
          do {
            again = false;
            const body = await app.services.balances.balances(user);
            if (!stream.writableEnded) stream.write(`event: balance\ndata: ${JSON.stringify(body)}\n\n`);
          } while (again && !stream.writableEnded);
        } catch (error) {
          request.log.warn({ err: error }, 'balance stream update failed');
        } finally {
          sending = false;
        }
      };
      const unsubscribe = await app.services.balanceHub.subscribe(user.id, () => void push());
      const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      openStreams.add(stream);
      const cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
        openStreams.delete(stream);
        if (!stream.writableEnded) stream.end();
      };
      reply.raw.on('close', cleanup);
      stream.on('close', cleanup);
      stream.write('retry: 3000\n\n');
      void push();
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          // no-transform: a compressing proxy (Next's rewrite of /spa among them) would otherwise hold events back.
          .header('cache-control', 'no-store, no-transform')
          .header('x-accel-buffering', 'no')
          // The 200 schema documents the event stream; the body itself is the stream, which Fastify pipes as it is.
          .send(stream as unknown as string)
      );
    },
  );
};

export default balanceRoutes;
