import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localeHeadersSchema, slidesQuerySchema, slidesResponseSchema } from '@playhouse/shared';
import { sendAnswer } from '../../../lib/answers';
import { errorResponses } from '../../../lib/route-schemas';

const slidesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { localized: true, publicCache: true },
      schema: {
        operationId: 'listSlides',
        tags: ['content'],
        summary: 'The slides of the home-page slider or the banner slider',
        headers: localeHeadersSchema,
        querystring: slidesQuerySchema,
        response: { 200: slidesResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // GET /spa/slides - one slider's slides, in order
      return sendAnswer(request, reply, await app.services.content.slides(request.localeContext, request.query.type));
    },
  );
};

export default slidesRoutes;
