import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorEnvelope, type TestApp } from '../helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { SITE_URL: 'https://playhouse.example', ALLOWED_ORIGINS: '' } });
  t.app.post('/spa/test/action', async () => ({ done: true }));
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

  it('accepts a POST without an Origin header (server-to-server)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/spa/test/action' });
    expect(response.statusCode).toBe(200);
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
