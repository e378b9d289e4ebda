import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { SITE_URL: 'https://play.example' } });
});
afterAll(async () => t.close());

describe('security headers', () => {
  it('serves JSON under a content policy that allows nothing to load or frame it', async () => {
    const response = await t.app.inject({ url: '/spa/categories' });
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('sends HSTS only for a site served over https', async () => {
    const plain = await buildTestApp({ empty: true, env: { SITE_URL: 'http://localhost:3000' } });
    try {
      const response = await plain.app.inject({ url: '/spa/health/live' });
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await plain.close();
    }
  });

  it('marks personal answers no-store (the signed-in user, or its 401) and public ones cacheable', async () => {
    const me = await t.app.inject({ url: '/spa/users/me' });
    expect(me.statusCode).toBe(401);
    expect(me.headers['cache-control']).toBe('no-store');
    const categories = await t.app.inject({ url: '/spa/categories' });
    expect(categories.headers['cache-control']).toBe('public, max-age=60');
  });

  it('puts the same headers on error responses', async () => {
    const response = await t.app.inject({ url: '/spa/nowhere' });
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the reference page at /spa/docs under its own policy that lets its own scripts and styles run', async () => {
    const page = await t.app.inject({ url: '/spa/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain('unsafe-eval');
    const script = await t.app.inject({ url: '/spa/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
  });
});
