import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_CONFIG } from '../../src/config';
import { buildTestApp, expectErrorEnvelope, type TestApp } from '../helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' } });
});
afterAll(async () => t.close());

describe('the rate limit', () => {
  it('answers requests beyond the limit with 429 rate_limit_exceeded and a Retry-After', async () => {
    for (let i = 0; i < 3; i += 1) {
      const response = await t.app.inject({ url: '/spa/locales', remoteAddress: '203.0.113.7' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-remaining']).toBe(String(2 - i));
    }
    const limited = await t.app.inject({ url: '/spa/locales', remoteAddress: '203.0.113.7' });
    expectErrorEnvelope(limited, 429, 'rate_limit_exceeded');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts each client address separately', async () => {
    const other = await t.app.inject({ url: '/spa/locales', remoteAddress: '198.51.100.9' });
    expect(other.statusCode).toBe(200);
  });

  it('limits requests for unknown routes too', async () => {
    for (let i = 0; i < 3; i += 1) {
      expectErrorEnvelope(await t.app.inject({ url: '/spa/guess-me', remoteAddress: '192.0.2.44' }), 404, 'not_found');
    }
    expectErrorEnvelope(
      await t.app.inject({ url: '/spa/guess-me', remoteAddress: '192.0.2.44' }),
      429,
      'rate_limit_exceeded',
    );
  });

  it('keys on the visitor address a trusted local proxy forwards', async () => {
    const viaProxy = (visitor: string) =>
      t.app.inject({ url: '/spa/locales', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': visitor } });
    for (let i = 0; i < 3; i += 1) expect((await viaProxy('192.0.2.10')).statusCode).toBe(200);
    expectErrorEnvelope(await viaProxy('192.0.2.10'), 429, 'rate_limit_exceeded');
    expect((await viaProxy('192.0.2.11')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from a client that is not a trusted proxy', async () => {
    const spoofed = (claimed: string) =>
      t.app.inject({ url: '/spa/locales', remoteAddress: '203.0.113.99', headers: { 'x-forwarded-for': claimed } });
    for (let i = 0; i < 3; i += 1) expect((await spoofed(`192.0.2.${100 + i}`)).statusCode).toBe(200);
    expectErrorEnvelope(await spoofed('192.0.2.200'), 429, 'rate_limit_exceeded');
  });
});

describe('addresses exempt from the per-address limits (RATE_LIMIT_EXEMPT: the site’s own web servers)', () => {
  let exempt: TestApp;
  beforeAll(async () => {
    exempt = await buildTestApp({ env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_EXEMPT: '192.0.2.77, 192.0.2.78' } });
  });
  afterAll(async () => exempt.close());

  it('never limits an exempt address, and still limits the others', async () => {
    for (let i = 0; i < 6; i += 1) {
      expect((await exempt.app.inject({ url: '/spa/locales', remoteAddress: '192.0.2.77' })).statusCode).toBe(200);
    }
    for (let i = 0; i < 3; i += 1) await exempt.app.inject({ url: '/spa/locales', remoteAddress: '192.0.2.90' });
    expectErrorEnvelope(
      await exempt.app.inject({ url: '/spa/locales', remoteAddress: '192.0.2.90' }),
      429,
      'rate_limit_exceeded',
    );
  });

  it('lifts a route’s own per-address limit (login) for an exempt address only', async () => {
    const login = (remoteAddress: string, i: number) =>
      exempt.app.inject({
        method: 'POST',
        url: '/spa/auth/login',
        remoteAddress,
        payload: { login: `nobody${i}@example.test`, password: 'wrong-password-1' },
      });
    const limits = DEFAULT_AUTH_CONFIG.limits.loginPerIp.max;
    for (let i = 0; i <= limits; i += 1) expect((await login('192.0.2.78', i)).statusCode).toBe(401);
    const statuses: number[] = [];
    for (let i = 0; i <= limits; i += 1) statuses.push((await login('192.0.2.91', i)).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });
});
