import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PayloadTooLargeError } from '../../lib/errors';
import { addRouteHook, changesState } from '../../lib/route-hooks';

/**
 * A body announced larger than the route takes is refused before a byte of it is read: 413 payload_too_large in the
 * envelope, naming the limit. Fastify does this for the bodies it parses itself, but not for the multipart uploads a
 * plugin streams (pictures, identity documents), which would otherwise read up to the limit first and then fail
 * half-way through a file, or wait for a body the sender never finishes.
 */
export const bodyLimitPlugin = fp<{ defaultLimit: number }>(
  async (app, { defaultLimit }) => {
    app.addHook('onRoute', (route) => {
      if (!changesState(route)) return;
      const limit = route.bodyLimit ?? defaultLimit;
      const check = (request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) => {
        const declared = Number(request.headers['content-length']);
        done(Number.isFinite(declared) && declared > limit ? new PayloadTooLargeError(limit) : undefined);
      };
      addRouteHook(route, 'onRequest', check, { first: true });
    });
  },
  { name: 'body-limit' },
);
