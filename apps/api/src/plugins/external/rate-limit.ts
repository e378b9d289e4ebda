import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { RateLimitError } from '../../lib/errors';

/**
 * A ceiling per client address (behind a trusted proxy, the visitor's address) for every route; routes that guard
 * secrets (login, registration) set tighter limits of their own.
 */
export const rateLimitPlugin = fp<{ max: number; timeWindowMs: number }>(
  async (app, { max, timeWindowMs }) => {
    await app.register(rateLimit, {
      global: true,
      max,
      timeWindow: timeWindowMs,
      errorResponseBuilder: (_request, context) => new RateLimitError(Math.max(1, Math.ceil(context.ttl / 1000))),
    });
  },
  { name: 'rate-limit' },
);
