import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bonusInfosResponseSchema, localeHeadersSchema } from '@playhouse/shared';
import { sendAnswer } from '../../../lib/answers';
import { errorResponses } from '../../../lib/route-schemas';

const bonusInfosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { localized: true, publicCache: true },
      schema: {
        operationId: 'listBonusInfos',
        tags: ['content'],
        summary: 'The bonus info block: each bonus with its artwork, title and terms, in order',
        headers: localeHeadersSchema,
        response: { 200: bonusInfosResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // GET /spa/bonus-infos - the bonus info block's entries in the request's locale
      return sendAnswer(request, reply, await app.services.content.bonusInfos(request.localeContext));
    },
  );
};

export default bonusInfosRoutes;
