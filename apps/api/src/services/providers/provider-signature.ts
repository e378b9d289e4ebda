import { createHmac, timingSafeEqual } from 'node:crypto';
import { errorClass } from '../../lib/errors';

/**
 * The X-Provider-Signature of a call: hex HMAC-SHA256, with the provider's secret, of the X-Provider-Timestamp value,
 * a full stop and the raw body. The time is signed, so a captured call cannot be sent again with a fresh timestamp.
 */
export function signBody(secret: string, rawBody: string, timestamp: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

/** Constant-time comparison, so a wrong signature reveals nothing about the right one. */
export function signatureMatches(secret: string, rawBody: string, timestamp: string, signature: string): boolean {
  const expected = Buffer.from(signBody(secret, rawBody, timestamp), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whole seconds since the epoch, as X-Provider-Timestamp carries them. */
export function signatureTimestamp(at: Date): string {
  return String(Math.floor(at.getTime() / 1000));
}

/**
 * Checks a call's signature, then its time: 'expired' when the signed timestamp is further than `windowMs` from
 * `now` either way (a replay, or a provider whose clock is off).
 */
export function checkSignature(
  secret: string,
  call: { rawBody: string; timestamp: string | undefined; signature: string | undefined },
  now: Date,
  windowMs: number,
): 'ok' | 'invalid' | 'expired' {
  const { rawBody, timestamp, signature } = call;
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signature) return 'invalid';
  if (!signatureMatches(secret, rawBody, timestamp, signature)) return 'invalid';
  return Math.abs(Number(timestamp) * 1000 - now.getTime()) <= windowMs ? 'ok' : 'expired';
}

export class InvalidSignatureError extends errorClass(
  'invalid_signature',
  'The request signature is missing or wrong.',
  401,
) {}

export class SignatureExpiredError extends errorClass(
  'signature_expired',
  "The request was signed too long ago, or ahead of the wallet's clock.",
  401,
) {}
