import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { infoPopupSchema, localeHeadersSchema } from '@playhouse/shared';
import { sendAnswer } from '../../../lib/answers';
import { errorResponses } from '../../../lib/route-schemas';

const infoPopupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { localized: true, publicCache: true },
      schema: {
        operationId: 'getInfoPopup',
        tags: ['content'],
        summary: 'The info popup to show, or showInfoPopup false when there is none',
        headers: localeHeadersSchema,
        response: { 200: infoPopupSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // GET /spa/info-popup - the active info popup
      return sendAnswer(request, reply, await app.services.content.infoPopup(request.localeContext));
    },
  );
};

export default infoPopupRoutes;
