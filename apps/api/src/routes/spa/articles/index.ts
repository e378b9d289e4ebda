import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  articleResponseSchema,
  articlesQuerySchema,
  articlesResponseSchema,
  idParamsSchema,
  localeHeadersSchema,
} from '@playhouse/shared';
import { sendAnswer } from '../../../lib/answers';
import { errorResponses } from '../../../lib/route-schemas';

const articlesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { localized: true, publicCache: true },
      schema: {
        operationId: 'listArticles',
        tags: ['content'],
        summary: "A page's articles: its main article and the others",
        headers: localeHeadersSchema,
        querystring: articlesQuerySchema,
        response: { 200: articlesResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // GET /spa/articles?routePath= - the articles section of one page
      const answer = await app.services.content.articlesForRoute(request.localeContext, request.query.routePath);
      return sendAnswer(request, reply, answer);
    },
  );

  app.get(
    '/:id',
    {
      config: { localized: true, publicCache: true },
      schema: {
        operationId: 'getArticle',
        tags: ['content'],
        summary: 'One article',
        headers: localeHeadersSchema,
        params: idParamsSchema,
        response: { 200: articleResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      // GET /spa/articles/{id} - one article
      return sendAnswer(request, reply, await app.services.content.article(request.localeContext, request.params.id));
    },
  );
};

export default articlesRoutes;
