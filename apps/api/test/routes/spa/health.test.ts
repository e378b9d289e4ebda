import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorEnvelope, type TestApp } from '../../helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('GET /spa/health', () => {
  it('GET /spa/health reports the api and its database up', async () => {
    const response = await t.app.inject({ url: '/spa/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', jurisdiction: 'default' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('GET /spa/health/live answers without the database, even once it is gone', async () => {
    const doomed = await buildTestApp({ empty: true });
    try {
      await doomed.handle.close();
      const response = await doomed.app.inject({ url: '/spa/health/live' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    } finally {
      await doomed.app.close();
    }
  });

  it('GET /spa/health returns 503 service_unavailable once the database is gone', async () => {
    const doomed = await buildTestApp({ empty: true });
    try {
      await doomed.handle.close();
      const response = await doomed.app.inject({ url: '/spa/health' });
      const body = expectErrorEnvelope(response, 503, 'service_unavailable');
      expect(JSON.stringify(body)).not.toMatch(/closed|pglite|pool/i);
    } finally {
      await doomed.app.close();
    }
  });
});
