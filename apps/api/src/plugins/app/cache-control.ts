import fp from 'fastify-plugin';

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

export const cacheControlPlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply) => {
      const config = request.routeOptions.config;
      // A 304 carries the headers the 200 would have (RFC 9110 §15.4.5): it refreshes what the caller holds.
      if (!config.publicCache || (reply.statusCode !== 200 && reply.statusCode !== 304)) return;
      reply.header('cache-control', typeof config.publicCache === 'string' ? config.publicCache : PUBLIC_CACHE_CONTROL);
      if (config.localized) reply.header('vary', 'X-Locale');
    });
  },
  { name: 'cache-control' },
);
