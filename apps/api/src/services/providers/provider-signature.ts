import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/errors';

/** The X-Provider-Signature of a body: hex HMAC-SHA256 of the raw bytes with the provider's secret. */
export function signBody(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

/** Constant-time comparison, so a wrong signature reveals nothing about the right one. */
export function signatureMatches(secret: string, rawBody: string, signature: string): boolean {
  const expected = Buffer.from(signBody(secret, rawBody), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export class InvalidSignatureError extends AppError {
  constructor() {
    super('invalid_signature', 'The request signature is missing or wrong.', 401);
  }
}
