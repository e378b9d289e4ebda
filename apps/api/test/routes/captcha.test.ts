import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaChallengeResponseSchema, type CaptchaChallenge } from '@playhouse/shared';
import { createCaptchaService } from '../../src/services/captcha/captcha-service';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import {
  BROWSER,
  buildAccountsApp,
  solveChallenge,
  solvedCaptcha,
  unsolvedPayload,
  type AccountsTestApp,
} from './auth-helpers';

describe('captcha (ALTCHA)', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await buildAccountsApp();
  });
  afterAll(async () => t.close());

  const recover = (captcha: unknown, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/spa/users/password/recovery',
      headers: BROWSER,
      remoteAddress,
      payload: { email: 'someone@example.com', captcha },
    });
  const challengeFor = async (remoteAddress: string) =>
    captchaChallengeResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/spa/captcha/challenge', remoteAddress })).json(),
    );

  it('GET /spa/captcha/challenge gives a fresh, signed ALTCHA challenge that expires, never cached', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/spa/captcha/challenge' });
    const second = await t.app.inject({ method: 'GET', url: '/spa/captcha/challenge' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const challenge = captchaChallengeResponseSchema.parse(first.json());
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.expiresAt! * 1000).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect(second.json().parameters.nonce).not.toBe(challenge.parameters.nonce);
  });

  it('accepts a solved challenge once and refuses its replay', async () => {
    const solution = await solvedCaptcha(t.app);
    expect((await recover(solution)).statusCode).toBe(202);
    expectErrorEnvelope(await recover(solution), 400, 'captcha_invalid');
  });

  it('refuses a claimed solution without the work, an edited challenge, garbage and a missing payload', async () => {
    const challenge = await challengeFor('192.0.2.60');
    expectErrorEnvelope(await recover(unsolvedPayload(challenge), '192.0.2.60'), 400, 'captcha_invalid');

    // Easier parameters break the signature, even with a genuine solution to them.
    const solved = JSON.parse(Buffer.from(await solveChallenge(await challengeFor('192.0.2.61')), 'base64').toString());
    const edited = {
      ...solved,
      challenge: { ...solved.challenge, parameters: { ...solved.challenge.parameters, cost: 1 } },
    };
    const editedPayload = Buffer.from(JSON.stringify(edited)).toString('base64');
    expectErrorEnvelope(await recover(editedPayload, '192.0.2.61'), 400, 'captcha_invalid');

    expectErrorEnvelope(
      await recover(Buffer.from('not json').toString('base64'), '192.0.2.62'),
      400,
      'captcha_invalid',
    );
    const missing = await t.app.inject({
      method: 'POST',
      url: '/spa/users/password/recovery',
      headers: BROWSER,
      payload: { email: 'someone@example.com' },
    });
    expectErrorEnvelope(missing, 400, 'captcha_invalid');
  });

  it('refuses a challenge after its five minutes, and one signed with another secret', async () => {
    let now = new Date();
    const options = { db: t.db, difficulty: 5, ttlMs: 5 * 60_000, now: () => now };
    const service = createCaptchaService({ ...options, secret: 'a'.repeat(32) });
    const stale = await solveChallenge(await service.challenge('192.0.2.70'));
    const fresh = await solveChallenge(await service.challenge('192.0.2.70'));
    now = new Date(now.getTime() + 5 * 60_000);
    await expect(service.redeem(stale, '192.0.2.70')).rejects.toMatchObject({ code: 'captcha_invalid' });

    const other = createCaptchaService({ ...options, secret: 'b'.repeat(32), now: () => new Date() });
    await expect(other.redeem(fresh, '192.0.2.71')).rejects.toMatchObject({ code: 'captcha_invalid' });
  });

  it('lets exactly one of two racing requests redeem the same solution', async () => {
    const solution = await solvedCaptcha(t.app);
    const results = await Promise.allSettled([
      t.app.services.captcha.redeem(solution, '127.0.0.1'),
      t.app.services.captcha.redeem(solution, '127.0.0.1'),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });

  it('raises the difficulty for an address after failed checks, and refuses a challenge issued before them', async () => {
    const address = '192.0.2.80';
    const level = (challenge: CaptchaChallenge) => challenge.parameters.data?.level;
    const before = await challengeFor(address);
    expect(level(before)).toBe(0);
    const early = await solveChallenge(before);

    for (let failure = 1; failure <= 3; failure += 1) {
      expectErrorEnvelope(await recover(unsolvedPayload(before), address), 400, 'captcha_invalid');
      expect(level(await challengeFor(address))).toBe(failure);
    }
    // The work asked grows with it (the hidden counter is drawn from a range that doubles per level).
    expect(level(await challengeFor('192.0.2.81'))).toBe(0);
    expectErrorEnvelope(await recover(early, address), 400, 'captcha_invalid');
    const current = await solvedCaptcha(t.app, address);
    expect((await recover(current, address)).statusCode).toBe(202);
  });
});
