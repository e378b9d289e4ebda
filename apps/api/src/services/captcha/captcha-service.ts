import { createHash, createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Db } from '@playhouse/db';
import { CAPTCHA_MAX_LEVEL, type CaptchaChallenge } from '@playhouse/shared';
import { AppError, errorClass } from '../../lib/errors';
import { hitCounter, peekCounter } from '../rate-counters/rate-counters';
import { claimCaptchaToken } from './captcha-queries';

export class CaptchaInvalidError extends errorClass(
  'captcha_invalid',
  'The security check failed. Please try again.',
  400,
) {}

/**
 * A sign-in past a few failed tries: the captcha of the level `level` (the challenge to ask for, at least) goes with
 * the next try. The level is the caller's to read in `fields.level`; it says nothing about whether the login exists.
 */
export class CaptchaRequiredError extends AppError {
  constructor(level: number) {
    super('captcha_required', 'Solve the security check, then sign in again.', 401, { level: String(level) });
  }
}

/** PBKDF2-SHA-256 iterations per attempt: each try costs real work, in the browser's workers. */
const COST = 500;
/** Failed checks from one address raise its difficulty for an hour, doubling per failure up to 2^MAX_LEVEL. */
const FAILURE_WINDOW_MS = 60 * 60_000;
const MAX_LEVEL = CAPTCHA_MAX_LEVEL;

export interface CaptchaOptions {
  db: Db;
  /** HMAC key for challenges; every api instance must share it for a challenge to verify anywhere. */
  secret: string;
  /** Expected attempts of an untroubled visitor (the counter is drawn between this and twice this). */
  difficulty: number;
  ttlMs: number;
  now?: () => Date;
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;

function parsePayload(payload: string): Payload | null {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Partial<Payload> | null;
    if (!value || typeof value !== 'object' || !value.challenge || !value.solution) return null;
    if (typeof value.challenge.signature !== 'string' || typeof value.challenge.parameters !== 'object') return null;
    return value as Payload;
  } catch {
    return null;
  }
}

/**
 * The captcha of registration and recovery: ALTCHA (altcha-lib on the server, the altcha widget in the browser),
 * self-hosted, nothing fetched from elsewhere. A challenge is signed and expires; the browser derives keys until it
 * finds the one whose prefix the challenge names; the server checks the signatures and redeems each challenge once
 * (across instances, in the database). An address whose checks keep failing gets harder challenges, and a challenge
 * issued before its failures no longer passes.
 */
export function createCaptchaService({ db, secret, difficulty, ttlMs, now = () => new Date() }: CaptchaOptions) {
  // A second key, derived, signs the expected key: verification needs no key derivation of its own.
  const keySecret = createHmac('sha256', secret).update('altcha-derived-key').digest('hex');
  const failureKey = (address: string) => `captcha-fail:${address}`;

  async function levelOf(address: string): Promise<number> {
    return Math.min(MAX_LEVEL, await peekCounter(db, failureKey(address), now()));
  }

  async function failed(address: string): Promise<never> {
    await hitCounter(db, failureKey(address), FAILURE_WINDOW_MS, now());
    throw new CaptchaInvalidError();
  }

  /**
   * A fresh challenge for the caller, as hard as its recent failures say, and at least `minLevel` (a sign-in past
   * failed tries of its account asks for one that hard).
   */
  async function challenge(address: string, minLevel = 0): Promise<CaptchaChallenge> {
    const level = Math.max(Math.min(MAX_LEVEL, Math.max(0, minLevel)), await levelOf(address));
    const expected = difficulty * 2 ** level;
    const created: Challenge = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: COST,
      counter: randomInt(2 * expected, expected),
      deriveKey,
      expiresAt: new Date(now().getTime() + ttlMs),
      data: { level },
      hmacSignatureSecret: secret,
      hmacKeySignatureSecret: keySecret,
    });
    return { parameters: created.parameters, signature: created.signature ?? '' };
  }

  /**
   * Throws CaptchaInvalidError unless the payload solves a genuine, fresh, hard-enough challenge not used before.
   * `minLevel`: what the sign-in of an account under attack asks; a genuine but easier challenge answers
   * CaptchaRequiredError with that level (nothing forged: the address is not blamed, the challenge stays unused).
   */
  async function redeem(
    payload: string | undefined,
    address: string,
    { minLevel = 0 }: { minLevel?: number } = {},
  ): Promise<void> {
    const parsed = payload ? parsePayload(payload) : null;
    if (!parsed) return failed(address);
    const current = now();
    const expiresAt = parsed.challenge.parameters.expiresAt;
    // altcha-lib reads the expiry against the system clock; the service's own clock decides here too.
    if (typeof expiresAt !== 'number' || expiresAt * 1000 <= current.getTime()) return failed(address);
    const result = await verifySolution({
      challenge: parsed.challenge,
      solution: parsed.solution,
      deriveKey,
      hmacSignatureSecret: secret,
      hmacKeySignatureSecret: keySecret,
    }).catch(() => null);
    if (!result?.verified) return failed(address);
    const level = Number(parsed.challenge.parameters.data?.level ?? 0);
    if (level < (await levelOf(address))) return failed(address);
    if (level < Math.min(MAX_LEVEL, minLevel)) throw new CaptchaRequiredError(Math.min(MAX_LEVEL, minLevel));

    const tokenHash = createHash('sha256')
      .update(parsed.challenge.signature ?? '')
      .digest('hex');
    if (!(await claimCaptchaToken(db, tokenHash, new Date(expiresAt * 1000), current))) return failed(address);
  }

  return { challenge, redeem };
}
