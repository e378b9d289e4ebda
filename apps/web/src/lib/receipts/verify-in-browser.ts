import type { ReceiptKey } from '@playhouse/shared/contracts/receipts';

export type BrowserVerdict =
  | { valid: true; keyId: string; facts: Record<string, unknown> }
  | { valid: false; reason: 'malformed' | 'unknown_key' | 'bad_signature'; keyId: string | null };

type ReceiptLike = { format?: unknown; keyId?: unknown; payload?: unknown; signature?: unknown };

/** Base64 that decodes back to itself; null for anything else (a stray character must not pass unnoticed). */
function strictBase64(text: unknown): Uint8Array<ArrayBuffer> | null {
  if (typeof text !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  try {
    const binary = atob(text);
    if (btoa(binary) !== text) return null;
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * The receipts in what a player pasted or opened: the bundle "My bets" saves (`{ receipts: [...] }`), one receipt, or
 * a list of them. Null when it is not JSON at all.
 */
export function receiptsIn(text: string): unknown[] | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object' && Array.isArray((value as { receipts?: unknown }).receipts)) {
    return (value as { receipts: unknown[] }).receipts;
  }
  return [value];
}

/**
 * Checks one receipt in the browser, with the published keys and WebCrypto's Ed25519: the signature over the
 * payload's exact bytes, and that the facts name the key that signed them. Nothing goes to our servers.
 */
export async function verifyInBrowser(receipt: unknown, keys: readonly ReceiptKey[]): Promise<BrowserVerdict> {
  const doc = (receipt && typeof receipt === 'object' ? receipt : {}) as ReceiptLike;
  const keyId = typeof doc.keyId === 'string' ? doc.keyId : null;
  if (doc.format !== 'playhouse-receipt/1' || !keyId) return { valid: false, reason: 'malformed', keyId };
  const key = keys.find((candidate) => candidate.id === keyId);
  if (!key) return { valid: false, reason: 'unknown_key', keyId };
  const payload = strictBase64(doc.payload);
  const signature = strictBase64(doc.signature);
  const raw = strictBase64(key.publicKey);
  if (!payload || !signature || !raw || signature.length !== 64) return { valid: false, reason: 'malformed', keyId };
  const publicKey = await crypto.subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']);
  if (!(await crypto.subtle.verify({ name: 'Ed25519' }, publicKey, signature, payload))) {
    return { valid: false, reason: 'bad_signature', keyId };
  }
  let facts: unknown;
  try {
    facts = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(payload));
  } catch {
    return { valid: false, reason: 'malformed', keyId };
  }
  if (!facts || typeof facts !== 'object' || (facts as { keyId?: unknown }).keyId !== keyId) {
    return { valid: false, reason: 'bad_signature', keyId };
  }
  return { valid: true, keyId, facts: facts as Record<string, unknown> };
}
