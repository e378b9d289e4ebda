import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { OriginNotAllowedError } from '../../lib/errors';
import { addRouteHook, changesState } from '../../lib/route-hooks';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route machines call with a signature or a token of their own instead of a session (game providers' wallet
     * calls, payment webhooks, a feed process): such a call need not name an origin. A function decides per request
     * (the feed takes a token or a staff session). A foreign Origin is refused all the same.
     */
    signedCaller?: boolean | ((request: FastifyRequest) => boolean);
  }
}

const UNNAMED_ORIGIN = 'A request that changes something must name the site as its origin (Origin header).';
const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function normalizeOrigin(origin: string): string | null {
  try {
    return new URL(origin).origin;
  } catch {
    return null;
  }
}

/**
 * Cross-site request forgery guard on every route that takes a state-changing method. A browser names the page's
 * origin on such a request (Origin, or at least Sec-Fetch-Site); a foreign origin is refused, and so is a write that
 * names neither an origin nor `Sec-Fetch-Site: same-origin` (an old browser, a plugin, a page that strips the
 * header): only signed machine callers (`config.signedCaller`) and the site's own web server (WEB_SECRET) may leave
 * both out. Scripts such as the ops command line send the site's Origin.
 */
export const originCheckPlugin = fp<{ allowedOrigins: string[] }>(
  async (app, { allowedOrigins }) => {
    const allowed = new Set(allowedOrigins);
    app.addHook('onRoute', (route) => {
      if (!changesState(route)) return;
      const signedCaller = route.config?.signedCaller ?? false;
      const checkOrigin = (request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) => {
        if (!STATE_CHANGING_METHODS.has(request.method)) return done();
        const origin = request.headers.origin;
        if (origin !== undefined) {
          const normalized = normalizeOrigin(origin);
          return done(normalized && allowed.has(normalized) ? undefined : new OriginNotAllowedError());
        }
        if (request.headers['sec-fetch-site'] === 'same-origin' || request.fromWebServer) return done();
        const machine = typeof signedCaller === 'function' ? signedCaller(request) : signedCaller;
        done(machine ? undefined : new OriginNotAllowedError(UNNAMED_ORIGIN));
      };
      addRouteHook(route, 'onRequest', checkOrigin, { first: true });
    });
  },
  { name: 'origin-check' },
);
