import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messagesSchema, translationParamsSchema } from '@playhouse/shared';
import { sendAnswer } from '../../../lib/answers';
import { errorResponses } from '../../../lib/route-schemas';

const translationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:lang',
    {
      config: { publicCache: true },
      schema: {
        operationId: 'getTranslation',
        tags: ['locales'],
        summary: "A locale's UI texts as nested next-intl messages (missing keys from the default locale)",
        params: translationParamsSchema,
        response: { 200: messagesSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // GET /spa/translation/{lang} - the UI messages of one locale
      return sendAnswer(request, reply, await app.services.locales.messages(request.params.lang));
    },
  );
};

export default translationRoutes;
