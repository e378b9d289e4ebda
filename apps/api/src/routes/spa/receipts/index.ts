import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RECEIPT_FORMAT,
  receiptCheckBodySchema,
  receiptKeysResponseSchema,
  receiptVerdictSchema,
} from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { publicKeyFromRaw } from '../../../services/receipts/receipt-crypto';

/** Checks a minute: enough for a person pasting receipts, too few to use the api as a signature oracle at scale. */
const VERIFY_PER_MINUTE = 30;

/**
 * /spa/receipts: the operator's public receipt keys (the web also serves them at
 * /.well-known/playhouse-receipt-keys.json) and a check of a receipt for whoever cannot run one in the browser.
 */
const receiptsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { receipts, receiptKeys } = app.services;

  app.get(
    '/keys',
    {
      config: { publicCache: 'public, max-age=300' },
      schema: {
        operationId: 'listReceiptKeys',
        tags: ['receipts'],
        summary:
          "The operator's Ed25519 receipt keys, every one ever used (retired keys still verify their receipts): raw " +
          'public keys (base64) for WebCrypto and PEM for openssl',
        response: { 200: receiptKeysResponseSchema, ...errorResponses() },
      },
    },
    async () => {
      // GET /spa/receipts/keys - the published keys
      const keys = await receiptKeys.published();
      return {
        issuer: receipts.issuer,
        format: RECEIPT_FORMAT,
        keys: keys.map((key) => ({
          id: key.id,
          algorithm: 'Ed25519' as const,
          publicKey: key.publicKey,
          pem: publicKeyFromRaw(key.publicKey).export({ format: 'pem', type: 'spki' }).toString(),
          createdAt: key.createdAt.toISOString(),
          retiredAt: key.retiredAt?.toISOString() ?? null,
        })),
      };
    },
  );

  app.post(
    '/verify',
    {
      config: { rateLimit: { max: VERIFY_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        operationId: 'verifyReceipt',
        tags: ['receipts'],
        summary:
          'Checks a receipt against the published keys: valid with its facts, or why not (malformed, unknown_key, ' +
          'bad_signature). The verify page does the same in the browser',
        body: receiptCheckBodySchema,
        response: { 200: receiptVerdictSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      // POST /spa/receipts/verify - is this receipt ours, unchanged?
      const { valid, reason, keyId, facts } = await receipts.check(request.body.receipt);
      return { valid, reason, keyId, facts };
    },
  );
};

export default receiptsRoutes;
