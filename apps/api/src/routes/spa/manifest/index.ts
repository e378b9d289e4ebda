import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localeHeadersSchema, manifestResponseSchema } from '@playhouse/shared';
import { sendAnswer } from '../../../lib/answers';
import { errorResponses } from '../../../lib/route-schemas';

const manifestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { localized: true, publicCache: true },
      schema: {
        operationId: 'getManifest',
        tags: ['seo'],
        summary: 'The web app manifest in the requested locale',
        headers: localeHeadersSchema,
        response: { 200: manifestResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      // GET /spa/manifest - the installable app's name, start page, colours and icons
      return sendAnswer(request, reply, await app.services.seo.manifestAnswer(request.localeContext));
    },
  );
};

export default manifestRoutes;
