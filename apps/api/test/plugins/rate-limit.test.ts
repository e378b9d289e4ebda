import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_CONFIG } from '../../src/config';
import { WEB_SECRET_HEADER } from '../../src/plugins/app/client-address';
import { buildTestApp, expectErrorEnvelope, type TestApp } from '../helpers/build-test-app';

const WEB_SECRET = 'web-secret-for-the-rate-limit-test-0123456789';
/** A route with nothing but the api's general per-address limit (publicly cacheable GETs have none). */
const PLAIN = '/spa/health/live';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000', WEB_SECRET } });
});
afterAll(async () => t.close());

describe('the rate limit', () => {
  it('answers requests beyond the limit with 429 rate_limit_exceeded and a Retry-After', async () => {
    for (let i = 0; i < 3; i += 1) {
      const response = await t.app.inject({ url: PLAIN, remoteAddress: '203.0.113.7' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-remaining']).toBe(String(2 - i));
    }
    const limited = await t.app.inject({ url: PLAIN, remoteAddress: '203.0.113.7' });
    expectErrorEnvelope(limited, 429, 'rate_limit_exceeded');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts each client address separately', async () => {
    const other = await t.app.inject({ url: PLAIN, remoteAddress: '198.51.100.9' });
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

  it('leaves publicly cacheable GETs to the edge: no per-address limit of its own', async () => {
    for (let i = 0; i < 6; i += 1) {
      const response = await t.app.inject({ url: '/spa/locales', remoteAddress: '192.0.2.45' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });

  it('ignores a browser’s X-Forwarded-For, even from loopback where the web server runs', async () => {
    const spoofed = (claimed: string) =>
      t.app.inject({ url: PLAIN, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': claimed } });
    for (let i = 0; i < 3; i += 1) expect((await spoofed(`192.0.2.${100 + i}`)).statusCode).toBe(200);
    expectErrorEnvelope(await spoofed('192.0.2.200'), 429, 'rate_limit_exceeded');
  });

  it('keys on the visitor address the web server forwards with WEB_SECRET, and on nothing without it', async () => {
    const viaWeb = (visitor: string, secret = WEB_SECRET) =>
      t.app.inject({
        url: PLAIN,
        remoteAddress: '10.1.1.1',
        headers: { 'x-forwarded-for': visitor, [WEB_SECRET_HEADER]: secret },
      });
    for (let i = 0; i < 3; i += 1) expect((await viaWeb('192.0.2.10')).statusCode).toBe(200);
    expectErrorEnvelope(await viaWeb('192.0.2.10'), 429, 'rate_limit_exceeded');
    expect((await viaWeb('192.0.2.11')).statusCode).toBe(200);
    // A wrong secret proves nothing: the request counts against its TCP peer, whatever it forwards.
    for (let i = 0; i < 3; i += 1) expect((await viaWeb(`192.0.2.${20 + i}`, `${WEB_SECRET}x`)).statusCode).toBe(200);
    expectErrorEnvelope(await viaWeb('192.0.2.30', 'nope'), 429, 'rate_limit_exceeded');
  });

  it('never limits the web server’s own calls (WEB_SECRET, no forwarded visitor), and only those', async () => {
    for (let i = 0; i < 6; i += 1) {
      const own = await t.app.inject({
        url: PLAIN,
        remoteAddress: '127.0.0.1',
        headers: { [WEB_SECRET_HEADER]: WEB_SECRET },
      });
      expect(own.statusCode).toBe(200);
    }
  });
});

describe('the per-address limits of the account, chat and card routes', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ env: { WEB_SECRET } });
  });
  afterAll(async () => app.close());

  const { loginPerIp, registerPerIp, recoveryPerIp } = DEFAULT_AUTH_CONFIG.limits;
  it.each([
    ['POST /spa/auth/login', '/spa/auth/login', loginPerIp.max],
    ['POST /spa/users', '/spa/users', registerPerIp.max],
    ['POST /spa/users/password/recovery', '/spa/users/password/recovery', recoveryPerIp.max],
    ['POST /spa/chat/messages', '/spa/chat/messages', 60],
    ['POST /spa/psp/sandbox/checkout/{id}', '/spa/psp/sandbox/checkout/cs_nobody', 20],
  ])('%s holds its limit for a browser that writes a new X-Forwarded-For each time', async (_name, url, max) => {
    const statuses: number[] = [];
    for (let i = 0; i <= max; i += 1) {
      const response = await app.app.inject({
        method: 'POST',
        url,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `198.18.${i >> 8}.${i & 255}`, origin: 'http://localhost:3000' },
        payload: {},
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, max)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('the one trusted edge hop (TRUST_PROXY)', () => {
  let edge: TestApp;
  beforeAll(async () => {
    edge = await buildTestApp({ env: { RATE_LIMIT_MAX: '3', TRUST_PROXY: '10.0.0.1' } });
  });
  afterAll(async () => edge.close());

  it('keys on the address the edge appended, not on what the browser wrote before it', async () => {
    const viaEdge = (forwarded: string) =>
      edge.app.inject({ url: PLAIN, remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': forwarded } });
    for (let i = 0; i < 3; i += 1) expect((await viaEdge(`1.2.3.${i}, 203.0.113.50`)).statusCode).toBe(200);
    expectErrorEnvelope(await viaEdge('9.9.9.9, 203.0.113.50'), 429, 'rate_limit_exceeded');
    expect((await viaEdge('203.0.113.50, 203.0.113.51')).statusCode).toBe(200);
  });

  it('believes no X-Forwarded-For from anyone else', async () => {
    const direct = (claimed: string) =>
      edge.app.inject({ url: PLAIN, remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': claimed } });
    for (let i = 0; i < 3; i += 1) expect((await direct(`192.0.2.${i}`)).statusCode).toBe(200);
    expectErrorEnvelope(await direct('192.0.2.99'), 429, 'rate_limit_exceeded');
  });
});
