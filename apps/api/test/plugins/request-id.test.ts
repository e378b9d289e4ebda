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

  it('logs each request in one short line of allow-listed fields, and never a header, cookie or token', async () => {
    const token = 'Rst0ken-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
    const secrets = ['s3cr3t-cookie', 's3cr3t-bearer', 's3cr3t-game-session', 's3cr3t-feed-token', 's3cr3t-web', token];
    const requests = [
      t.app.inject({
        url: '/spa/users/me',
        headers: {
          cookie: 'ph_session=s3cr3t-cookie',
          authorization: 'Bearer s3cr3t-bearer',
          'x-game-session': 's3cr3t-game-session',
          'x-feed-token': 's3cr3t-feed-token',
          'x-web-secret': 's3cr3t-web',
          'user-agent': 'vitest',
        },
      }),
      t.app.inject({ url: `/spa/users/tokens/validation/password/${token}` }),
      t.app.inject({ url: `/spa/no-such-route/${token}?token=${token}` }),
    ];
    for (const response of await Promise.all(requests)) {
      const lines = logLines.filter((line) => line.requestId === response.headers['x-request-id']);
      expect(lines, JSON.stringify(lines)).toHaveLength(1);
      const text = JSON.stringify(lines);
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(Object.keys(lines[0]!).sort()).toEqual(
        expect.arrayContaining(['method', 'status', 'ms', 'client', 'requestId', 'msg']),
      );
      expect(lines[0]).not.toHaveProperty('req');
      expect(lines[0]).not.toHaveProperty('res');
    }
    const tokenCheck = logLines.find(
      (line) => line.status === 400 || line.route === '/spa/users/tokens/validation/password/:token',
    );
    expect(tokenCheck?.route).toBe('/spa/users/tokens/validation/password/:token');
  });
});
