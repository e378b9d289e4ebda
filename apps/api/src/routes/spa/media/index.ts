import fresh from 'fresh';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaFileParamsSchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';

/** A library picture never changes under its path (the path is made from a new id), so it may be kept for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** /spa/media: the back office's picture library as the site uses it (<img src="/spa/media/<id>.<ext>">). */
const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:file',
    {
      config: { publicCache: IMMUTABLE },
      schema: {
        operationId: 'getMediaFile',
        tags: ['content'],
        summary:
          'A picture of the back office\'s library by its path ("<id>.<ext>", the extension of its type): the bytes ' +
          'with their type, immutable, with an ETag (304 on If-None-Match)',
        params: mediaFileParamsSchema,
        response: { 200: z.any(), 304: z.null(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      // GET /spa/media/{file} - one picture of the library
      const picture = await app.services.media.file(request.params.file);
      reply.header('etag', picture.etag).header('x-content-type-options', 'nosniff');
      if (fresh(request.headers, { etag: picture.etag })) return reply.code(304).send(null);
      return reply.type(picture.contentType).header('content-disposition', 'inline').send(picture.bytes);
    },
  );
};

export default mediaRoutes;
