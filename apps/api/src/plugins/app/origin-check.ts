import fp from 'fastify-plugin';
import { OriginNotAllowedError } from '../../lib/errors';

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
 */
export const originCheckPlugin = fp<{ allowedOrigins: string[] }>(
  async (app, { allowedOrigins }) => {
    const allowed = new Set(allowedOrigins);
    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING_METHODS.has(request.method)) return;
      const origin = request.headers.origin;
      if (origin === undefined) return;
      const normalized = normalizeOrigin(origin);
      if (!normalized || !allowed.has(normalized)) throw new OriginNotAllowedError();
    });
  },
  { name: 'origin-check' },
);
