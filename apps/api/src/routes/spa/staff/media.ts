import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MEDIA_MAX_BYTES,
  staffMediaPageSchema,
  staffMediaQuerySchema,
  staffMediaUploadResponseSchema,
} from '@playhouse/shared';
import { AppError, ValidationError } from '../../../lib/errors';
import { errorResponses } from '../../../lib/route-schemas';
import { staffActor } from '../../../plugins/auth';
import { MediaTooLargeError } from '../../../services/media/media-service';

/** Room for the multipart framing around the largest file accepted. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * /spa/staff/content/media: the back office's picture library. Uploading is content.promotions (the permission of
 * the slides and banners the pictures are mostly for), reading content.read.
 */
const staffMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxBytes = app.services.media.maxBytes;
  // Only these routes take multipart bodies: one file part, no other fields.
  // preservePath: the name arrives as sent, so a name with a path in it is refused rather than silently cut.
  await app.register(multipart, {
    preservePath: true,
    limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1, fieldNameSize: 32 },
  });

  app.get(
    '/content/media',
    {
      config: { permission: 'content.read' },
      schema: {
        operationId: 'staffListMedia',
        tags: ['staff'],
        summary: 'One page of the picture library, newest first',
        querystring: staffMediaQuerySchema,
        response: { 200: staffMediaPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      // GET /spa/staff/content/media - a page of the picture library
      return app.services.media.list(request.query);
    },
  );

  app.post(
    '/content/media',
    {
      config: { permission: 'content.promotions' },
      bodyLimit: maxBytes + MULTIPART_OVERHEAD_BYTES,
      schema: {
        operationId: 'staffUploadMedia',
        tags: ['staff'],
        summary:
          'Adds a picture to the library as multipart/form-data (one file part): PNG, JPEG, WebP, GIF or AVIF ' +
          `judged by its content, at most ${Math.floor(MEDIA_MAX_BYTES / 1024 / 1024)} MiB, a plain file name; the ` +
          'same bytes again answer the picture already stored (audited)',
        consumes: ['multipart/form-data'],
        response: { 201: staffMediaUploadResponseSchema, ...errorResponses(400, 401, 403, 406, 413, 415) },
      },
    },
    async (request, reply) => {
      // POST /spa/staff/content/media - upload a picture
      const actor = staffActor(request);
      let file;
      let bytes: Buffer;
      try {
        file = await request.file();
        if (!file) throw new ValidationError({ file: 'a file is required' });
        bytes = await file.toBuffer();
      } catch (error) {
        if (error instanceof AppError) throw error;
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          throw new MediaTooLargeError(maxBytes);
        }
        throw error;
      }
      const answer = await app.services.media.upload(actor, {
        fileName: file.filename,
        bytes,
        truncated: file.file.truncated,
      });
      return reply.code(201).send(answer);
    },
  );
};

export default staffMediaRoutes;
