import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Content that may be cached by browsers and shared caches for a minute. */
    publicCache?: boolean;
  }
}

export const PUBLIC_CACHE_CONTROL = 'public, max-age=60';

export const cacheControlPlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply) => {
      const config = request.routeOptions.config;
      if (!config.publicCache || reply.statusCode !== 200) return;
      reply.header('cache-control', PUBLIC_CACHE_CONTROL);
      if (config.localized) reply.header('vary', 'X-Locale');
    });
  },
  { name: 'cache-control' },
);
