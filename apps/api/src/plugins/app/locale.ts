import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE } from '@playhouse/shared';
import fp from 'fastify-plugin';
import type { LocaleContext } from '../../lib/localize';
import { addRouteHook } from '../../lib/route-hooks';

declare module 'fastify' {
  interface FastifyRequest {
    /** The locale the answer is in and its fallback; resolved on routes whose config says `localized: true`. */
    localeContext: LocaleContext;
  }
  interface FastifyContextConfig {
    localized?: boolean;
  }
}

/**
 * X-Locale → request.localeContext: missing means the default locale, a value that is not enabled a 400. Only routes
 * that say `localized: true` run it (first among their preHandlers).
 */
export const localePlugin = fp(
  async (app) => {
    // Resolved per request on localized routes; elsewhere a read answers the default locale, as a missing header does.
    const resolved = new WeakMap<FastifyRequest, LocaleContext>();
    const fallback: LocaleContext = { locale: DEFAULT_LOCALE, defaultLocale: DEFAULT_LOCALE };
    app.decorateRequest('localeContext', {
      getter(this: FastifyRequest) {
        return resolved.get(this) ?? fallback;
      },
      setter(this: FastifyRequest, context: LocaleContext) {
        resolved.set(this, context);
      },
    });
    const resolveLocale = async (request: FastifyRequest) => {
      const header = request.headers['x-locale'];
      request.localeContext = await app.services.locales.resolve(typeof header === 'string' ? header : undefined);
    };
    app.addHook('onRoute', (route) => {
      if (route.config?.localized) addRouteHook(route, 'preHandler', resolveLocale, { first: true });
    });
  },
  { name: 'locale', dependencies: ['services'] },
);
