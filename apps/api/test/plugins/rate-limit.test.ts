import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
