import fp from 'fastify-plugin';
import { addRouteHook } from '../../lib/route-hooks';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Content that is the same for everyone and may be kept by browsers and shared caches: `true` for a minute, or
     * the Cache-Control value to send (e.g. 'public, no-cache': kept, but revalidated by its ETag before each use).
     */
    publicCache?: boolean | string;
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
        const config = request.routeOptions.config;
        // A 304 carries the headers the 200 would have (RFC 9110 §15.4.5): it refreshes what the caller holds.
        if (config.publicCache && (reply.statusCode === 200 || reply.statusCode === 304)) {
          reply.header(
            'cache-control',
            typeof config.publicCache === 'string' ? config.publicCache : PUBLIC_CACHE_CONTROL,
          );
          if (config.localized) reply.header('vary', 'X-Locale');
        }
        done(null, payload);
      });
    });
  },
  { name: 'cache-control' },
);
