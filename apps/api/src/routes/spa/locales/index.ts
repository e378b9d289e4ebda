import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localeSchema, localesResponseSchema } from '@playhouse/shared';
import { sendAnswer } from '../../../lib/answers';
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
    async (request, reply) => {
      // GET /spa/locales - the enabled locales
      return sendAnswer(request, reply, await app.services.locales.listAnswer());
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
    async (request, reply) => {
      // GET /spa/locales/default - the locale used when a request names none
      return sendAnswer(request, reply, await app.services.locales.defaultAnswer());
    },
  );
};

export default localesRoutes;
