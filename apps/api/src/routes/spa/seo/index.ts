import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SNIPPET_SLOTS,
  headDataSchema,
  localeHeadersSchema,
  pageMetadataQuerySchema,
  pageMetadataSchema,
  snippetsResponseSchema,
} from '@playhouse/shared';
import { sendAnswer } from '../../../lib/answers';
import { errorResponses } from '../../../lib/route-schemas';
import { registerSitemapRoute } from '../sitemap/index';

const SNIPPET_OPERATIONS = {
  'head/bottom': { operationId: 'getHeadBottomSnippets', summary: 'Operator HTML for the end of <head>' },
  'body/top': { operationId: 'getBodyTopSnippets', summary: 'Operator HTML for the start of <body>' },
  'body/bottom': { operationId: 'getBodyBottomSnippets', summary: 'Operator HTML for the end of <body>' },
} as const satisfies Record<(typeof SNIPPET_SLOTS)[number], { operationId: string; summary: string }>;

const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/page-metadata',
    {
      config: { localized: true, publicCache: true },
      schema: {
        operationId: 'getPageMetadata',
        tags: ['seo'],
        summary: "A page's head metadata, falling back to the site default (gameId is accepted for game pages)",
        headers: localeHeadersSchema,
        querystring: pageMetadataQuerySchema,
        response: { 200: pageMetadataSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // GET /spa/seo/page-metadata?routePath=&gameId= - title, description, robots and the rest for one page
      const { routePath, gameId } = request.query;
      return sendAnswer(
        request,
        reply,
        await app.services.seo.pageMetadataAnswer(request.localeContext, routePath, gameId),
      );
    },
  );

  app.get(
    '/head/top',
    {
      config: { publicCache: true },
      schema: {
        operationId: 'getHeadTop',
        tags: ['seo'],
        summary: 'Site-wide head data: icons, theme colour, tiles, locales, domain',
        response: { 200: headDataSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      // GET /spa/seo/head/top - what every page's head carries
      return sendAnswer(request, reply, await app.services.seo.headTopAnswer());
    },
  );

  registerSitemapRoute(app, '/sitemap', 'getSeoSitemap');

  for (const slot of SNIPPET_SLOTS) {
    app.get(
      `/${slot}`,
      {
        config: { publicCache: true },
        schema: {
          ...SNIPPET_OPERATIONS[slot],
          tags: ['seo'],
          description: 'Operator-managed HTML; render it only after sanitizing.',
          response: { 200: snippetsResponseSchema, ...errorResponses() },
        },
      },
      async (request, reply) => {
        // GET /spa/seo/{head/bottom|body/top|body/bottom} - one slot's HTML snippets, in order
        return sendAnswer(request, reply, await app.services.seo.snippetsAnswer(slot));
      },
    );
  }
};

export default seoRoutes;
