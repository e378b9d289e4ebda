import fp from 'fastify-plugin';
import { addRouteHook } from '../../lib/route-hooks';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Content that may be cached by browsers and shared caches for a minute; the same for every caller. */
    publicCache?: boolean;
  }
}

export const PUBLIC_CACHE_CONTROL = 'public, max-age=60';

/**
 * Publicly cacheable routes: their 200s say `public, max-age=60` (everything else keeps the `no-store` every answer
 * starts with), and they carry no per-address limit of the api's own: answers that are the same for everyone are
 * limited at the edge. Registered before the rate limiter, whose own route hook reads `config.rateLimit`.
 */
export const cacheControlPlugin = fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      if (!route.config?.publicCache) return;
      route.config.rateLimit ??= false;
      addRouteHook(route, 'onSend', (request, reply, payload, done) => {
        if (reply.statusCode === 200) {
          reply.header('cache-control', PUBLIC_CACHE_CONTROL);
          if (request.routeOptions.config.localized) reply.header('vary', 'X-Locale');
        }
        done(null, payload);
      });
    });
  },
  { name: 'cache-control' },
);
