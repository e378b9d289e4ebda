import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { schema, type Db } from '@playhouse/db';
import { captchaInput, leadingZeroBits, type CaptchaChallenge, type CaptchaSolution } from '@playhouse/shared';
import { AppError } from '../../lib/errors';

const { usedCaptchaTokens } = schema;

export class CaptchaInvalidError extends AppError {
  constructor() {
    super('captcha_invalid', 'The security check failed. Please try again.', 400);
  }
}

export interface CaptchaOptions {
  db: Db;
  /** HMAC key for challenge tokens; every api instance must share it for a challenge to verify anywhere. */
  secret: string;
  /** Leading zero bits a solution's hash needs (each bit doubles the average work). */
  difficulty: number;
  ttlMs: number;
  now?: () => Date;
}

interface ChallengePayload {
  /** Random salt, so that no two challenges share a solution. */
  s: string;
  /** Expiry, epoch ms. */
  e: number;
  d: number;
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;

/**
 * Self-hosted proof-of-work captcha. A challenge is a signed, expiring token; the client spends CPU finding a nonce;
 * the server checks signature, expiry and work, then redeems the token once.
 */
export function createCaptchaService({ db, secret, difficulty, ttlMs, now = () => new Date() }: CaptchaOptions) {
  function sign(body: string): string {
    return createHmac('sha256', secret).update(body).digest('base64url');
  }

  function challenge(): CaptchaChallenge {
    const payload: ChallengePayload = {
      s: randomBytes(16).toString('base64url'),
      e: now().getTime() + ttlMs,
      d: difficulty,
    };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return { token: `${body}.${sign(body)}`, difficulty };
  }

  function readToken(token: string): ChallengePayload | null {
    const [body, signature, ...rest] = token.split('.');
    if (!body || !signature || rest.length > 0) return null;
    const expected = Buffer.from(sign(body));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<ChallengePayload>;
      if (typeof payload.s !== 'string' || typeof payload.e !== 'number' || typeof payload.d !== 'number') return null;
      return payload as ChallengePayload;
    } catch {
      return null;
    }
  }

  /** Throws CaptchaInvalidError unless the solution is genuine, fresh, worked out and not used before. */
  async function redeem(solution: CaptchaSolution | undefined): Promise<void> {
    if (!solution) throw new CaptchaInvalidError();
    const payload = readToken(solution.token);
    const current = now();
    if (!payload || payload.e <= current.getTime()) throw new CaptchaInvalidError();
    const digest = createHash('sha256').update(captchaInput(solution.token, solution.nonce)).digest();
    if (leadingZeroBits(digest) < payload.d) throw new CaptchaInvalidError();

    const tokenHash = createHash('sha256').update(solution.token).digest('hex');
    await db.delete(usedCaptchaTokens).where(lt(usedCaptchaTokens.expiresAt, current));
    const claimed = await db
      .insert(usedCaptchaTokens)
      .values({ tokenHash, expiresAt: new Date(payload.e) })
      .onConflictDoNothing()
      .returning({ tokenHash: usedCaptchaTokens.tokenHash });
    if (claimed.length === 0) throw new CaptchaInvalidError();
  }

  return { challenge, redeem };
}
