import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_TYPES, documentSchema, documentTypeParamsSchema, verificationSchema } from '@playhouse/shared';
import { AppError, ValidationError } from '../../../lib/errors';
import { errorResponses } from '../../../lib/route-schemas';
import { signedInUser } from '../../../plugins/auth';
import { DocumentTooLargeError } from '../../../services/protection/protection-errors';

/** Room for the multipart framing around the largest file accepted. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** /spa/users/documents: age and identity verification (SPEC.md §7's endpoint table). */
const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { protection } = app.services;
  const maxBytes = protection.documents.maxBytes;
  // Only these routes take multipart bodies: one file part, no other fields.
  // preservePath: the name arrives as sent, so a name with a path in it is refused rather than silently cut.
  await app.register(multipart, {
    preservePath: true,
    limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1, fieldNameSize: 32 },
  });
  const tags = ['verification'];

  app.get(
    '/documents',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'getVerification',
        tags,
        summary: "The player's verification: the status of each document type, the uploads, and what each gate needs",
        response: { 200: verificationSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      // GET /spa/users/documents - statuses and uploads
      const user = signedInUser(request);
      const [statuses, documents, gates] = await Promise.all([
        protection.documents.statuses(app.db, user.id),
        protection.documents.list(user.id),
        protection.guard.missingByGate(app.db, user),
      ]);
      return { statuses, documents, gates };
    },
  );

  app.get(
    '/documents/:type',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'getDocumentsOfType',
        tags,
        summary: "The player's uploads of one type (identity, address, payment_method), newest first",
        params: documentTypeParamsSchema,
        response: { 200: z.object({ documents: z.array(documentSchema) }), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      // GET /spa/users/documents/{type} - one type's uploads
      return { documents: await protection.documents.list(signedInUser(request).id, request.params.type) };
    },
  );

  app.post(
    '/documents/:type',
    {
      preHandler: app.requireUser,
      bodyLimit: maxBytes + MULTIPART_OVERHEAD_BYTES,
      schema: {
        operationId: 'uploadDocument',
        tags,
        summary:
          `Uploads one document as multipart/form-data (one file part): JPEG, PNG, WebP or PDF judged by its ` +
          `content, at most ${Math.floor(maxBytes / 1024 / 1024)} MiB, a plain file name; it waits for staff review`,
        consumes: ['multipart/form-data'],
        params: documentTypeParamsSchema,
        response: {
          201: z.object({ document: documentSchema }),
          ...errorResponses(400, 401, 406, 413, 415),
        },
      },
    },
    async (request, reply) => {
      // POST /spa/users/documents/{type} - upload a document
      const user = signedInUser(request);
      let file;
      let body: Buffer;
      try {
        file = await request.file();
        if (!file) throw new ValidationError({ file: 'a file is required' });
        body = await file.toBuffer();
      } catch (error) {
        if (error instanceof AppError) throw error;
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          throw new DocumentTooLargeError(maxBytes);
        }
        throw error;
      }
      const document = await protection.documents.upload(
        user,
        { type: request.params.type, fileName: file.filename, body, truncated: file.file.truncated },
        { ip: request.clientAddress || null },
      );
      return reply.code(201).send({ document });
    },
  );

  app.get(
    '/documents/:type/:id',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'getOwnDocumentFile',
        tags,
        summary: "One of the player's own files, as a download",
        params: z.object({ type: z.enum(DOCUMENT_TYPES), id: z.uuid() }),
        response: { 200: z.any(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      // GET /spa/users/documents/{type}/{id} - download an own document
      const { document, body } = await protection.documents.playerFile(signedInUser(request).id, request.params.id);
      if (document.type !== request.params.type) throw new ValidationError({ type: 'does not match the document' });
      return reply
        .type(document.contentType)
        .header('content-disposition', `attachment; filename="${document.id}"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
};

export default documentRoutes;
