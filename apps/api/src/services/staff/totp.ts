import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 with the authenticator apps' defaults: SHA-1, 6 digits, 30 s steps. */
export const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after is still taken: clocks drift and people type slowly. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
const ISSUER = 'Playhouse';

/** A new 160-bit secret, base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI a QR code carries: the app learns the issuer, the account and the secret. */
export function totpUri(secret: string, account: string): string {
  return generateURI({ issuer: ISSUER, label: account, secret });
}

/**
 * The time step of a correct code, or null. A code is accepted only for a step later than `afterStep` (the last one
 * used), so a code seen over someone's shoulder or in a log cannot be used again.
 */
export async function verifyTotp(
  secret: string,
  code: string,
  afterStep: number | null,
  now: Date,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
  });
  if (!result.valid || !('timeStep' in result)) return null;
  const step = result.timeStep;
  if (afterStep !== null && step <= afterStep) return null;
  return step;
}
