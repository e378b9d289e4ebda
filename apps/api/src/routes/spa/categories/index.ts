import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoriesResponseSchema,
  categoryResponseSchema,
  localeHeadersSchema,
  slugParamsSchema,
} from '@playhouse/shared';
import { sendAnswer } from '../../../lib/answers';
import { errorResponses } from '../../../lib/route-schemas';

const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { localized: true, publicCache: true },
      schema: {
        operationId: 'listCategories',
        tags: ['content'],
        summary: 'The navigation categories, in order',
        headers: localeHeadersSchema,
        response: { 200: categoriesResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // GET /spa/categories - the categories bar
      return sendAnswer(request, reply, await app.services.content.categories(request.localeContext));
    },
  );

  app.get(
    '/:slug',
    {
      config: { localized: true, publicCache: true },
      schema: {
        operationId: 'getCategory',
        tags: ['content'],
        summary: 'One navigation category with its description',
        headers: localeHeadersSchema,
        params: slugParamsSchema,
        response: { 200: categoryResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      // GET /spa/categories/{slug} - one category page's heading
      return sendAnswer(
        request,
        reply,
        await app.services.content.category(request.localeContext, request.params.slug),
      );
    },
  );
};

export default categoriesRoutes;
