import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { receiptCheckBodySchema, receiptCheckSchema, receiptKeySchema } from '@playhouse/shared';
import { recordAudit } from '../../../services/audit/audit-log';
import { errorResponses } from '../../../lib/route-schemas';
import { staffActor } from '../../../plugins/auth';
import { publicKeyFromRaw } from '../../../services/receipts/receipt-crypto';

/** /spa/staff/receipts: checking a receipt a player brings, and rotating the signing key. */
const staffReceiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/receipts/verify',
    {
      config: { permission: 'receipts.verify' },
      schema: {
        operationId: 'staffVerifyReceipt',
        tags: ['staff', 'receipts'],
        summary:
          'Checks a receipt a player brings: its signature against every published key, and whether the api issued ' +
          'exactly this document, when and to which player (the check is audited)',
        body: receiptCheckBodySchema,
        response: { 200: receiptCheckSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      // POST /spa/staff/receipts/verify - a player's receipt, checked
      const check = await app.services.receipts.check(request.body.receipt);
      const actor = staffActor(request);
      await recordAudit(app.db, {
        event: 'staff_receipt_verified',
        actorId: actor.id,
        userId: check.issued?.userId ?? null,
        ip: actor.ip,
        metadata: {
          valid: check.valid,
          reason: check.reason,
          keyId: check.keyId,
          receiptId: check.issued?.receiptId ?? null,
        },
      });
      return check;
    },
  );

  app.post(
    '/receipts/keys/rotate',
    {
      config: { permission: 'receipts.keys', freshSecondFactor: true },
      schema: {
        operationId: 'staffRotateReceiptKey',
        tags: ['staff', 'receipts'],
        summary:
          'A new key signs the receipts from now on; the old one stays published, so its receipts still verify. ' +
          'Refused (409 receipt_key_from_environment) when RECEIPT_SIGNING_KEY sets the key',
        response: { 201: receiptKeySchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request, reply) => {
      // POST /spa/staff/receipts/keys/rotate - a new receipt key
      const key = await app.services.receiptKeys.rotate();
      const actor = staffActor(request);
      await recordAudit(app.db, {
        event: 'staff_receipt_key_rotated',
        actorId: actor.id,
        ip: actor.ip,
        after: { keyId: key.id },
      });
      return reply.code(201).send({
        id: key.id,
        algorithm: 'Ed25519' as const,
        publicKey: key.publicKey,
        pem: publicKeyFromRaw(key.publicKey).export({ format: 'pem', type: 'spki' }).toString(),
        createdAt: key.createdAt.toISOString(),
        retiredAt: null,
      });
    },
  );
};

export default staffReceiptRoutes;
