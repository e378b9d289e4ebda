import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { RateLimitError } from '../../lib/errors';

/**
 * A ceiling per client address (request.clientAddress: never an address the browser names itself) on every route
 * that does not opt out; routes that guard secrets (login, registration) set tighter limits of their own, and
 * publicly cacheable GETs have none here (the edge limits them: their answers are the same for everyone). The site's
 * own web server, proven by WEB_SECRET, renders pages for every visitor at once and is exempt.
 */
export const rateLimitPlugin = fp<{ max: number; timeWindowMs: number }>(
  async (app, { max, timeWindowMs }) => {
    await app.register(rateLimit, {
      global: true,
      max,
      timeWindow: timeWindowMs,
      keyGenerator: (request) => request.clientAddress,
      // Also inherited by the routes' own per-address limits (login, registration, recovery).
      allowList: (request) => request.fromWebServer,
      errorResponseBuilder: (_request, context) => new RateLimitError(Math.max(1, Math.ceil(context.ttl / 1000))),
    });
  },
  { name: 'rate-limit', dependencies: ['client-address'] },
);
