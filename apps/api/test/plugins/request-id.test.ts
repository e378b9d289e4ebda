import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';

const logLines: Record<string, unknown>[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    logger: { level: 'info', stream: { write: (line) => logLines.push(JSON.parse(line) as Record<string, unknown>) } },
  });
});
afterAll(async () => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids and logs', () => {
  it('gives every response a fresh x-request-id when the caller sends none', async () => {
    const first = await t.app.inject({ url: '/spa/locales' });
    const second = await t.app.inject({ url: '/spa/locales' });
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('keeps a sane incoming x-request-id so the web and the api logs line up', async () => {
    const response = await t.app.inject({ url: '/spa/locales', headers: { 'x-request-id': 'web-1234abcd:5' } });
    expect(response.headers['x-request-id']).toBe('web-1234abcd:5');
    expect(logLines.some((line) => line.requestId === 'web-1234abcd:5')).toBe(true);
  });

  it.each(['short', 'has spaces in it', '<script>alert(1)</script>', 'x'.repeat(200)])(
    'replaces the unusable incoming x-request-id %j',
    async (incoming) => {
      const response = await t.app.inject({ url: '/spa/locales', headers: { 'x-request-id': incoming } });
      expect(response.headers['x-request-id']).toMatch(UUID);
    },
  );

  it('logs requests without their cookies or credentials', async () => {
    const response = await t.app.inject({
      url: '/spa/locales',
      headers: { cookie: 'session=s3cr3t-cookie', authorization: 'Bearer s3cr3t-token', 'user-agent': 'vitest' },
    });
    const lines = logLines.filter((line) => line.requestId === response.headers['x-request-id']);
    expect(lines.length).toBeGreaterThan(0);
    const text = JSON.stringify(lines);
    expect(text).not.toContain('s3cr3t');
    const incoming = lines.find((line) => line.req) as { req: { headers: Record<string, string> } } | undefined;
    expect(incoming?.req.headers).toMatchObject({
      cookie: '[redacted]',
      authorization: '[redacted]',
      'user-agent': 'vitest',
    });
  });
});
