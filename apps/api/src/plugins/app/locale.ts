import fp from 'fastify-plugin';
import type { LocaleContext } from '../../lib/localize';

declare module 'fastify' {
  interface FastifyRequest {
    /** The locale the answer is in and its fallback; set on routes whose config says `localized: true`. */
    localeContext: LocaleContext;
  }
  interface FastifyContextConfig {
    localized?: boolean;
  }
}

/** X-Locale → request.localeContext: missing means the default locale, a value that is not enabled a 400. */
export const localePlugin = fp(
  async (app) => {
    app.decorateRequest('localeContext', null as unknown as LocaleContext);
    app.addHook('preHandler', async (request) => {
      if (!request.routeOptions.config.localized) return;
      const header = request.headers['x-locale'];
      request.localeContext = await app.services.locales.resolve(typeof header === 'string' ? header : undefined);
    });
  },
  { name: 'locale', dependencies: ['services'] },
);
