import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { RateLimitError } from '../../lib/errors';

/**
 * A ceiling per client address (behind a trusted proxy, the visitor's address) for every route; routes that guard
 * secrets (login, registration) set tighter limits of their own.
 */
export const rateLimitPlugin = fp<{ max: number; timeWindowMs: number; exempt: string[] }>(
  async (app, { max, timeWindowMs, exempt }) => {
    const exempted = new Set(exempt);
    await app.register(rateLimit, {
      global: true,
      max,
      timeWindow: timeWindowMs,
      // Also inherited by the routes' own per-address limits (login, registration, recovery).
      allowList: (request) => exempted.has(request.ip),
      errorResponseBuilder: (_request, context) => new RateLimitError(Math.max(1, Math.ceil(context.ttl / 1000))),
    });
  },
  { name: 'rate-limit' },
);
