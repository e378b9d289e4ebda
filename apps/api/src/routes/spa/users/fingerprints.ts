import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FIELD_RULES } from '@playhouse/shared';
import { BadRequestError } from '../../../lib/errors';
import { errorResponses } from '../../../lib/route-schemas';
import { signedInUser } from '../../../plugins/auth';

/** A fingerprint form is one short text field; anything bigger is not one. */
const MULTIPART_LIMIT_BYTES = 8 * 1024;

const fingerprintBodySchema = z.object({ fingerprint: FIELD_RULES.fingerprint });

const fingerprintRoutes: FastifyPluginAsyncZod = async (app) => {
  // SPEC.md §7 call 10 sends a multipart form; its text fields become the body (files are not accepted).
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: MULTIPART_LIMIT_BYTES },
    async (request: { headers: Record<string, string | string[] | undefined> }, payload: Buffer) => {
      const contentType = request.headers['content-type'];
      try {
        const form = await new Response(new Uint8Array(payload), {
          headers: { 'content-type': typeof contentType === 'string' ? contentType : '' },
        }).formData();
        const fields: Record<string, string> = {};
        for (const [name, value] of form.entries()) if (typeof value === 'string') fields[name] = value;
        return fields;
      } catch {
        throw new BadRequestError('The multipart form could not be read.');
      }
    },
  );

  app.post(
    '/fingerprints',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'recordFingerprint',
        tags: ['users'],
        summary: "Records the browser fingerprint of the signed-in player's session (multipart field `fingerprint`)",
        consumes: ['multipart/form-data', 'application/json'],
        body: fingerprintBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      // POST /spa/users/fingerprints - remember a browser fingerprint
      await app.services.accounts.recordFingerprint(signedInUser(request).id, request.body.fingerprint);
      return reply.code(204).send(null);
    },
  );
};

export default fingerprintRoutes;
