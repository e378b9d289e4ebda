import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { sitemapQuerySchema, sitemapResponseSchema } from '@playhouse/shared';
import { sendAnswer } from '../../../lib/answers';
import { errorResponses } from '../../../lib/route-schemas';

/** The sitemap's entries, at /spa/sitemap and at the spec's other form, /spa/seo/sitemap (SPEC.md §7). */
export function registerSitemapRoute(parent: FastifyInstance, url: string, operationId: string) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    url,
    {
      config: { publicCache: true },
      schema: {
        operationId,
        tags: ['seo'],
        summary: 'Every public page in every locale, absolute on the given host, with its language alternates',
        querystring: sitemapQuerySchema,
        response: { 200: sitemapResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // GET /spa/sitemap?host= and /spa/seo/sitemap?host= - the entries of sitemap.xml
      return sendAnswer(request, reply, await app.services.seo.sitemapAnswer(request.query.host));
    },
  );
}

const sitemapRoutes: FastifyPluginAsyncZod = async (app) => {
  registerSitemapRoute(app, '', 'getSitemap');
};

export default sitemapRoutes;
