import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentVersionSchema } from '@playhouse/shared';
import { sendAnswer } from '../../../lib/answers';
import { errorResponses } from '../../../lib/route-schemas';

const contentVersionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      // Kept by nobody without asking again: a changed number must reach the web at once.
      config: { publicCache: 'public, no-cache' },
      schema: {
        operationId: 'getContentVersion',
        tags: ['content'],
        summary:
          'A number every change of public content (texts, locales, sliders, articles, metadata, the catalogue...) ' +
          'raises; the web keys its kept answers by it, so an edit shows on the next page',
        response: { 200: contentVersionSchema, ...errorResponses() },
      },
    },
    async (request, reply) => {
      // GET /spa/content-version - the content version
      return sendAnswer(request, reply, await app.services.content.version());
    },
  );
};

export default contentVersionRoutes;
