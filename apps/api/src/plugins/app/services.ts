import fp from 'fastify-plugin';

/**
 * What the routes call, by domain. Each domain's plugin (services/<domain>/<domain>-plugin.ts) adds its own keys to
 * this interface and fills them in when it registers; nothing is wired here.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the domains' plugins extend it
export interface Services {}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/**
 * The `app.services` container. It is empty when this plugin registers; the domain plugins, registered right after it
 * (app.ts), put their services in before any route or hook reads them.
 */
export const servicesPlugin = fp(
  async (app) => {
    app.decorate('services', {} as Services);
  },
  { name: 'services' },
);
