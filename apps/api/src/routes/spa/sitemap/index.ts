import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sitemapQuerySchema, sitemapResponseSchema } from '@playhouse/shared';
import { sendAnswer } from '../../../lib/answers';
import { errorResponses } from '../../../lib/route-schemas';

const sitemapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { publicCache: true },
      schema: {
        operationId: 'getSitemap',
        tags: ['seo'],
        summary: 'Every public page in every locale, absolute on the given host, with its language alternates',
        querystring: sitemapQuerySchema,
        response: { 200: sitemapResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // GET /spa/sitemap?host= - the entries of sitemap.xml
      return sendAnswer(request, reply, await app.services.seo.sitemapAnswer(request.query.host));
    },
  );
};

export default sitemapRoutes;
