import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorEnvelope, type TestApp } from '../helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { SITE_URL: 'https://playhouse.example', ALLOWED_ORIGINS: '' } });
  t.app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/spa/test/action',
    handler: async () => ({ done: true }),
  });
  await t.app.ready();
});
afterAll(async () => t.close());

describe('the Origin check', () => {
  it('refuses a POST from a foreign origin with 403 origin_not_allowed', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/spa/test/action',
      headers: { origin: 'https://evil.example' },
    });
    expectErrorEnvelope(response, 403, 'origin_not_allowed');
  });

  it.each(['null', 'https://playhouse.example.evil.example', 'not a url'])(
    'refuses a POST whose Origin is %j',
    async (origin) => {
      const response = await t.app.inject({ method: 'POST', url: '/spa/test/action', headers: { origin } });
      expectErrorEnvelope(response, 403, 'origin_not_allowed');
    },
  );

  it('accepts a POST from the site origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/spa/test/action',
      headers: { origin: 'https://playhouse.example' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a write that names neither an Origin nor Sec-Fetch-Site: same-origin', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/spa/test/action' });
      expectErrorEnvelope(response, 403, 'origin_not_allowed');
    }
    for (const site of ['cross-site', 'same-site', 'none']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/spa/test/action',
        headers: { 'sec-fetch-site': site },
      });
      expectErrorEnvelope(response, 403, 'origin_not_allowed');
    }
    // A foreign Origin is refused even beside a same-origin claim.
    const both = await t.app.inject({
      method: 'POST',
      url: '/spa/test/action',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
    });
    expectErrorEnvelope(both, 403, 'origin_not_allowed');
  });

  it('accepts a write a browser marks Sec-Fetch-Site: same-origin without an Origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/spa/test/action',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('lets signed machine callers (config.signedCaller) and the web server leave the Origin out', async () => {
    const machines = await buildTestApp({
      empty: true,
      env: { WEB_SECRET: 'web-secret-for-the-origin-test-0123456789' },
    });
    try {
      machines.app.post('/spa/test/signed', { config: { signedCaller: true } }, async () => ({ done: true }));
      machines.app.post(
        '/spa/test/token',
        { config: { signedCaller: (request) => request.headers['x-feed-token'] !== undefined } },
        async () => ({ done: true }),
      );
      machines.app.post('/spa/test/plain', async () => ({ done: true }));
      const post = (url: string, headers: Record<string, string> = {}) =>
        machines.app.inject({ method: 'POST', url, headers });
      expect((await post('/spa/test/signed')).statusCode).toBe(200);
      expect((await post('/spa/test/token', { 'x-feed-token': 'a token' })).statusCode).toBe(200);
      expectErrorEnvelope(await post('/spa/test/token'), 403, 'origin_not_allowed');
      expectErrorEnvelope(
        await post('/spa/test/signed', { origin: 'https://evil.example' }),
        403,
        'origin_not_allowed',
      );
      expectErrorEnvelope(await post('/spa/test/plain'), 403, 'origin_not_allowed');
      // The site's own web server, rendering a page (its secret and no visitor's address).
      const fromWeb = await post('/spa/test/plain', { 'x-web-secret': 'web-secret-for-the-origin-test-0123456789' });
      expect(fromWeb.statusCode).toBe(200);
      // A visitor's request the web forwarded (an address with the secret) is a browser's: it needs an Origin.
      const forwarded = await post('/spa/test/plain', {
        'x-web-secret': 'web-secret-for-the-origin-test-0123456789',
        'x-forwarded-for': '203.0.113.5',
      });
      expectErrorEnvelope(forwarded, 403, 'origin_not_allowed');
    } finally {
      await machines.close();
    }
  });

  it('leaves the wallet calls of game providers and the payment webhooks to their signatures', async () => {
    const wallet = await t.app.inject({
      method: 'POST',
      url: '/spa/providers/netstar/balance',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(wallet.json().error?.code).not.toBe('origin_not_allowed');
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/spa/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(webhook.json().error?.code).not.toBe('origin_not_allowed');
  });

  it('leaves reads from a foreign origin alone', async () => {
    const response = await t.app.inject({ url: '/spa/locales', headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(200);
  });

  it('allows every origin listed in ALLOWED_ORIGINS', async () => {
    const listed = await buildTestApp({
      empty: true,
      env: { ALLOWED_ORIGINS: 'https://a.example, https://b.example:8443' },
    });
    try {
      listed.app.post('/spa/test/action', async () => ({ done: true }));
      const inject = (origin: string) =>
        listed.app.inject({ method: 'POST', url: '/spa/test/action', headers: { origin } });
      expect((await inject('https://a.example')).statusCode).toBe(200);
      expect((await inject('https://b.example:8443')).statusCode).toBe(200);
      expectErrorEnvelope(await inject('http://localhost:3000'), 403, 'origin_not_allowed');
    } finally {
      await listed.close();
    }
  });
});
