import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from '../payment-provider';

export const SIGNATURE_HEADER = 'x-sandbox-signature';
/** A webhook older (or newer) than this is refused, so a captured one cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

function hmac(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` */
export function signPayload(secret: string, body: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/** Throws WebhookSignatureError unless one v1 signature matches and the timestamp is within the tolerance. */
export function verifySignature(secret: string, header: string | undefined, body: string, now: Date): void {
  if (!header) throw new WebhookSignatureError('missing signature header');
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) throw new WebhookSignatureError('malformed signature header');
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('timestamp outside the tolerance');
  }
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  const matches = signatures.some((signature) => timingSafeEqual(Buffer.from(signature, 'hex'), expected));
  if (!matches) throw new WebhookSignatureError('signature mismatch');
}
