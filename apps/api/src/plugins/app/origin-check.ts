import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { OriginNotAllowedError } from '../../lib/errors';
import { addRouteHook, changesState } from '../../lib/route-hooks';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function normalizeOrigin(origin: string): string | null {
  try {
    return new URL(origin).origin;
  } catch {
    return null;
  }
}

/**
 * Cross-site request forgery guard: a browser always names the page's origin on a state-changing request, so a
 * foreign one is refused. Callers without an Origin header (servers, the ops command line) are not browsers and pass.
 * Only routes that take a state-changing method run it.
 */
export const originCheckPlugin = fp<{ allowedOrigins: string[] }>(
  async (app, { allowedOrigins }) => {
    const allowed = new Set(allowedOrigins);
    const checkOrigin = (request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) => {
      const origin = request.headers.origin;
      if (origin === undefined || !STATE_CHANGING_METHODS.has(request.method)) return done();
      const normalized = normalizeOrigin(origin);
      done(normalized && allowed.has(normalized) ? undefined : new OriginNotAllowedError());
    };
    app.addHook('onRoute', (route) => {
      if (changesState(route)) addRouteHook(route, 'onRequest', checkOrigin, { first: true });
    });
  },
  { name: 'origin-check' },
);
