import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors';
import { addRouteHook } from '../../lib/route-hooks';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers with a server-sent event stream: it counts against the open-stream caps. */
    eventStream?: boolean;
  }
}

export class TooManyStreamsError extends AppError {
  constructor() {
    super('too_many_streams', 'Too many live connections are open; close a tab or try again later.', 429);
  }
}

export interface StreamLimits {
  perUser: number;
  perAddress: number;
}

/**
 * Open event streams are capped per signed-in user and per client address on each api instance: a stream holds a
 * socket, a database listener slot and timers for as long as it lives, so one visitor must not hold thousands. The
 * slot is taken before the route opens anything and given back when the connection closes, however it ends.
 */
export const streamLimitsPlugin = fp<StreamLimits>(
  async (app, { perUser, perAddress }) => {
    const open = new Map<string, number>();
    const take = (key: string) => open.set(key, (open.get(key) ?? 0) + 1);
    const give = (key: string) => {
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    };

    const acquire = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
      const keys: [string, number][] = [[`address:${request.clientAddress}`, perAddress]];
      if (request.user) keys.push([`user:${request.user.id}`, perUser]);
      if (keys.some(([key, max]) => (open.get(key) ?? 0) >= max)) return done(new TooManyStreamsError());
      for (const [key] of keys) take(key);
      reply.raw.once('close', () => {
        for (const [key] of keys) give(key);
      });
      done();
    };
    app.addHook('onRoute', (route) => {
      if (route.config?.eventStream) addRouteHook(route, 'preHandler', acquire);
    });
  },
  { name: 'stream-limits', dependencies: ['client-address', 'auth'] },
);
