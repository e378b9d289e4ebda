import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { RECEIPT_FORMAT } from '@playhouse/shared';

/**
 * Receipts a player can verify without trusting us: the facts of a bet or a round as canonical JSON (keys sorted,
 * no white space), signed with the operator's Ed25519 key. The document carries those exact bytes (base64), so
 * anyone can check them with standard tools: `base64 -d` the payload and the signature, then `openssl pkeyutl
 * -verify -pubin -inkey key.pem -rawin -in payload.bin -sigfile signature.bin` (docs/operations.md).
 */
export { RECEIPT_FORMAT };

export interface ReceiptDocument {
  format: typeof RECEIPT_FORMAT;
  /** Which published key signed it (/.well-known/playhouse-receipt-keys.json). */
  keyId: string;
  /** The facts: canonical JSON, base64. The signature covers exactly these bytes. */
  payload: string;
  /** Ed25519 over the payload's bytes, base64. */
  signature: string;
}

export type ReceiptFacts = { [key: string]: ReceiptValue };
type ReceiptValue = string | number | boolean | null | ReceiptValue[] | { [key: string]: ReceiptValue };

/** JSON with object keys in code-point order and no white space: one text for one set of facts. */
export function canonicalJson(value: ReceiptValue): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('A receipt holds finite numbers only');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key]!)}`).join(',')}}`;
}

/** The 32 bytes of an Ed25519 public key (the end of its SPKI DER form). */
export function rawPublicKey(publicKey: KeyObject): Buffer {
  const der = publicKey.export({ format: 'der', type: 'spki' });
  return der.subarray(der.length - 32);
}

/** A key's id: the first 16 hex digits of the SHA-256 of its raw public key. */
export function keyIdOf(publicKey: KeyObject): string {
  return createHash('sha256').update(rawPublicKey(publicKey)).digest('hex').slice(0, 16);
}

/** An Ed25519 public key from its 32 raw bytes (base64), as the key list publishes it. */
export function publicKeyFromRaw(raw: string): KeyObject {
  const bytes = Buffer.from(raw, 'base64');
  if (bytes.length !== 32) throw new Error('An Ed25519 public key is 32 bytes');
  // SPKI DER of an Ed25519 key: a fixed 12-byte header, then the key.
  const header = Buffer.from('302a300506032b6570032100', 'hex');
  return createPublicKey({ key: Buffer.concat([header, bytes]), format: 'der', type: 'spki' });
}

/** Signs facts (which name the key and when they were issued) into a receipt document. */
export function signReceipt(facts: ReceiptFacts, key: { id: string; privateKey: KeyObject }): ReceiptDocument {
  const payload = Buffer.from(canonicalJson({ ...facts, keyId: key.id }), 'utf8');
  return {
    format: RECEIPT_FORMAT,
    keyId: key.id,
    payload: payload.toString('base64'),
    signature: sign(null, payload, key.privateKey).toString('base64'),
  };
}

export type ReceiptVerdict =
  | { valid: true; keyId: string; facts: ReceiptFacts }
  | { valid: false; reason: 'malformed' | 'unknown_key' | 'bad_signature' };

/**
 * Checks a receipt document against the published keys: the signature over the payload's bytes, and that the facts
 * name the key that signed them. A document changed by one byte anywhere that matters fails.
 */
export function verifyReceipt(document: unknown, keys: ReadonlyMap<string, KeyObject>): ReceiptVerdict {
  if (!isDocument(document)) return { valid: false, reason: 'malformed' };
  const key = keys.get(document.keyId);
  if (!key) return { valid: false, reason: 'unknown_key' };
  const payload = strictBase64(document.payload);
  const signature = strictBase64(document.signature);
  if (!payload || !signature || signature.length !== 64) return { valid: false, reason: 'malformed' };
  if (!verify(null, payload, key, signature)) return { valid: false, reason: 'bad_signature' };
  let facts: unknown;
  try {
    facts = JSON.parse(payload.toString('utf8'));
  } catch {
    return { valid: false, reason: 'malformed' };
  }
  if (!facts || typeof facts !== 'object' || Array.isArray(facts)) return { valid: false, reason: 'malformed' };
  if ((facts as { keyId?: unknown }).keyId !== document.keyId) return { valid: false, reason: 'bad_signature' };
  return { valid: true, keyId: document.keyId, facts: facts as ReceiptFacts };
}

function isDocument(value: unknown): value is ReceiptDocument {
  if (!value || typeof value !== 'object') return false;
  const doc = value as Record<string, unknown>;
  return (
    doc.format === RECEIPT_FORMAT &&
    typeof doc.keyId === 'string' &&
    /^[0-9a-f]{16}$/.test(doc.keyId) &&
    typeof doc.payload === 'string' &&
    typeof doc.signature === 'string'
  );
}

/** Base64 that decodes back to itself (Buffer.from alone skips stray characters, which a one-byte change could be). */
function strictBase64(text: string): Buffer | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? bytes : null;
}
