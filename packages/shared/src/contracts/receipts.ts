import { z } from 'zod';

/*
 * Receipts the player can verify (issue 19): the facts of a bet's or a round's money movements, signed with the
 * operator's Ed25519 key. The api issues and keeps them; anyone checks them against the published keys.
 */

export const RECEIPT_FORMAT = 'playhouse-receipt/1' as const;

/** A receipt as the player downloads it: the signed facts (canonical JSON, base64) and the signature (base64). */
export const receiptDocumentSchema = z
  .object({
    format: z.literal(RECEIPT_FORMAT),
    keyId: z.string().regex(/^[0-9a-f]{16}$/),
    payload: z.string().max(200_000),
    signature: z.string().max(200),
  })
  .meta({ id: 'ReceiptDocument' });
export type ReceiptDocumentBody = z.infer<typeof receiptDocumentSchema>;

export const receiptsResponseSchema = z
  .object({ receipts: z.array(receiptDocumentSchema) })
  .meta({ id: 'Receipts', description: 'A bundle of receipts, oldest first: the file "My bets" downloads' });
export type ReceiptsResponse = z.infer<typeof receiptsResponseSchema>;

/** Which receipts: one of the player's bets, or one of their casino rounds at a provider. */
export const receiptsQuerySchema = z.union([
  z.object({ bet: z.uuid() }),
  z.object({
    provider: z
      .string()
      .regex(/^[a-z0-9-]{1,64}$/)
      .describe('the game provider'),
    round: z.string().min(1).max(128).describe("the provider's round id"),
  }),
]);
export type ReceiptsQuery = z.infer<typeof receiptsQuerySchema>;

export const receiptKeySchema = z
  .object({
    id: z.string(),
    algorithm: z.literal('Ed25519'),
    /** The 32 raw bytes of the public key, base64 (WebCrypto imports it as 'raw'). */
    publicKey: z.string(),
    /** The same key as PEM (SubjectPublicKeyInfo), for openssl. */
    pem: z.string(),
    createdAt: z.string(),
    /** Since when it no longer signs (its receipts still verify); null for the key signing now. */
    retiredAt: z.string().nullable(),
  })
  .meta({ id: 'ReceiptKey' });
export type ReceiptKey = z.infer<typeof receiptKeySchema>;
export const receiptKeysResponseSchema = z
  .object({ issuer: z.string(), format: z.literal(RECEIPT_FORMAT), keys: z.array(receiptKeySchema) })
  .meta({ id: 'ReceiptKeys' });
export type ReceiptKeysResponse = z.infer<typeof receiptKeysResponseSchema>;

export const RECEIPT_REFUSALS = ['malformed', 'unknown_key', 'bad_signature'] as const;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
const jsonSchema: z.ZodType<Json> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonSchema), z.record(z.string(), jsonSchema)]),
);

/** What a check of a receipt found: valid with its facts, or why not. */
export const receiptVerdictSchema = z
  .object({
    valid: z.boolean(),
    reason: z.enum(RECEIPT_REFUSALS).nullable(),
    keyId: z.string().nullable(),
    facts: z.record(z.string(), jsonSchema).nullable(),
  })
  .meta({ id: 'ReceiptVerdict' });
export type ReceiptVerdict = z.infer<typeof receiptVerdictSchema>;

/** The back office's check: also whether the api issued exactly this document, and to whom. */
export const receiptCheckSchema = receiptVerdictSchema
  .extend({
    issued: z.object({ receiptId: z.number().int(), userId: z.number().int(), at: z.string() }).nullable(),
  })
  .meta({ id: 'ReceiptCheck' });
export type ReceiptCheck = z.infer<typeof receiptCheckSchema>;

/** A receipt to check, as the verify page or the back office sends it (anything: the check says what is wrong). */
export const receiptCheckBodySchema = z.object({ receipt: z.unknown() }).meta({ id: 'ReceiptCheckBody' });
