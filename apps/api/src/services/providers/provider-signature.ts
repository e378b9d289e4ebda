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

/** PROVIDER_SECRET_<SLUG> (slug upper-cased, '-' as '_') → { slug: secret }. */
export function providerSecretsFromEnv(env: NodeJS.ProcessEnv): { secrets: Record<string, string>; issues: string[] } {
  const secrets: Record<string, string> = {};
  const issues: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    const match = /^PROVIDER_SECRET_([A-Z0-9_]+)$/.exec(name);
    if (!match || value === undefined || value === '') continue;
    if (value.length < 32) {
      issues.push(`${name}: must be at least 32 characters`);
      continue;
    }
    secrets[match[1]!.toLowerCase().replace(/_/g, '-')] = value;
  }
  return { secrets, issues };
}
