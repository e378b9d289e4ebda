import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaChallengeResponseSchema } from '@playhouse/shared';
import { createCaptchaService } from '../../src/services/captcha/captcha-service';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import {
  BROWSER,
  buildAccountsApp,
  failingNonce,
  solveChallenge,
  solvedCaptcha,
  type AccountsTestApp,
} from './auth-helpers';

describe('captcha', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await buildAccountsApp();
  });
  afterAll(async () => t.close());

  const recover = (captcha: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/spa/users/password/recovery',
      headers: BROWSER,
      payload: { email: 'someone@example.com', captcha },
    });

  it('GET /spa/captcha/challenge gives a fresh signed token and the configured difficulty, never cached', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/spa/captcha/challenge' });
    const second = await t.app.inject({ method: 'GET', url: '/spa/captcha/challenge' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const challenge = captchaChallengeResponseSchema.parse(first.json());
    expect(challenge.difficulty).toBe(6);
    expect(challenge.token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(second.json().token).not.toBe(challenge.token);
  });

  it('accepts a solved challenge once and refuses its replay', async () => {
    const solution = await solvedCaptcha(t.app);
    expect((await recover(solution)).statusCode).toBe(202);
    expectErrorEnvelope(await recover(solution), 400, 'captcha_invalid');
    expectErrorEnvelope(await recover({ ...solution, nonce: `${solution.nonce}x` }), 400, 'captcha_invalid');
  });

  it('refuses a nonce without the work, a token with an edited payload and a missing solution', async () => {
    const challenge = (await t.app.inject({ method: 'GET', url: '/spa/captcha/challenge' })).json();
    expectErrorEnvelope(
      await recover({ token: challenge.token, nonce: failingNonce(challenge) }),
      400,
      'captcha_invalid',
    );

    const [body, signature] = challenge.token.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const easier = Buffer.from(JSON.stringify({ ...payload, d: 0 })).toString('base64url');
    expectErrorEnvelope(await recover({ token: `${easier}.${signature}`, nonce: '0' }), 400, 'captcha_invalid');

    const response = await t.app.inject({
      method: 'POST',
      url: '/spa/users/password/recovery',
      headers: BROWSER,
      payload: { email: 'someone@example.com' },
    });
    expectErrorEnvelope(response, 400, 'captcha_invalid');
  });

  it('refuses a challenge after its five minutes, and one signed with another secret', async () => {
    let now = new Date('2026-01-01T12:00:00Z');
    const service = createCaptchaService({
      db: t.db,
      secret: 'a'.repeat(32),
      difficulty: 4,
      ttlMs: 5 * 60_000,
      now: () => now,
    });
    const stale = solveChallenge(service.challenge());
    const fresh = solveChallenge(service.challenge());
    now = new Date(now.getTime() + 5 * 60_000);
    await expect(service.redeem(stale)).rejects.toMatchObject({ code: 'captcha_invalid' });

    const other = createCaptchaService({ db: t.db, secret: 'b'.repeat(32), difficulty: 4, ttlMs: 5 * 60_000 });
    await expect(other.redeem(fresh)).rejects.toMatchObject({ code: 'captcha_invalid' });
  });

  it('lets exactly one of two racing requests redeem the same solution', async () => {
    const solution = await solvedCaptcha(t.app);
    const results = await Promise.allSettled([
      t.app.services.captcha.redeem(solution),
      t.app.services.captcha.redeem(solution),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });
});
