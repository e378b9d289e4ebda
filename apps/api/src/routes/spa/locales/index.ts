import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localeSchema, localesResponseSchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';

const localesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { publicCache: true },
      schema: {
        operationId: 'listLocales',
        tags: ['locales'],
        summary: 'The enabled locales, in display order',
        response: { 200: localesResponseSchema, ...errorResponses() },
      },
    },
    async () => {
      // GET /spa/locales - the enabled locales
      return { locales: await app.services.locales.list() };
    },
  );

  app.get(
    '/default',
    {
      config: { publicCache: true },
      schema: {
        operationId: 'getDefaultLocale',
        tags: ['locales'],
        summary: 'The default locale',
        response: { 200: localeSchema, ...errorResponses(404) },
      },
    },
    async () => {
      // GET /spa/locales/default - the locale used when a request names none
      return app.services.locales.defaultLocale();
    },
  );
};

export default localesRoutes;
