import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startErrorReportReceiver, type ErrorReportReceiver } from '@playhouse/shared/error-report-receiver';
import { AppError } from '../../src/lib/errors';
import { buildTestApp, expectErrorEnvelope, type TestApp } from '../helpers/build-test-app';
import { BROWSER } from '../routes/auth-helpers';

let receiver: ErrorReportReceiver;
let t: TestApp;

beforeAll(async () => {
  receiver = await startErrorReportReceiver();
  t = await buildTestApp({ empty: true, env: { SENTRY_DSN: receiver.dsn, SENTRY_RELEASE: 'test-release' } });
  t.app.get('/spa/test/explode', async () => {
    throw new RangeError('the wheel has no pocket 37');
  });
  t.app.get('/spa/test/refused', async () => {
    throw new AppError('conflict', 'Refused on purpose.', 409);
  });
  await t.app.ready();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

/** The events that arrived since `before`, once the app's reporter has sent what it holds. */
async function reportsSince(before: number) {
  await t.app.errorReporter.flush();
  return receiver.events.slice(before);
}

describe('error reports (SENTRY_DSN)', () => {
  it('reports an unexpected 500 with its stack, the request id and the route; the caller sees none of it', async () => {
    const before = receiver.events.length;
    const response = await t.app.inject({ url: '/spa/test/explode' });
    const body = expectErrorEnvelope(response, 500, 'internal_error');
    expect(body.error.message).not.toContain('pocket');
    const [report] = await receiver.waitFor(before + 1).then(() => receiver.events.slice(before));
    expect(report!.event.exception?.values?.[0]).toMatchObject({
      type: 'RangeError',
      value: 'the wheel has no pocket 37',
    });
    expect(report!.event.tags).toMatchObject({
      service: 'api',
      requestId: body.requestId,
      route: '/spa/test/explode',
      method: 'GET',
    });
  });

  it('does not report what the caller got wrong (4xx)', async () => {
    const before = receiver.events.length;
    expectErrorEnvelope(await t.app.inject({ url: '/spa/test/refused' }), 409, 'conflict');
    expectErrorEnvelope(await t.app.inject({ url: '/spa/no-such-route' }), 404, 'not_found');
    expect(await reportsSince(before)).toEqual([]);
  });

  it("POST /spa/client-errors forwards the browser's error with its stack and page, marked as the browser's", async () => {
    const before = receiver.events.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/spa/client-errors',
      headers: BROWSER,
      payload: {
        source: 'window',
        name: 'TypeError',
        message: "Cannot read properties of undefined (reading 'odds')",
        stack:
          "TypeError: Cannot read properties of undefined (reading 'odds')\n    at render (http://localhost:3000/_next/static/chunks/page.js:1:2345)",
        path: '/en/game/prematch-mts/12',
      },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: true });
    await receiver.waitFor(before + 1);
    const [report] = receiver.events.slice(before);
    expect(report!.event.exception?.values?.[0]).toMatchObject({
      type: 'TypeError',
      value: "Cannot read properties of undefined (reading 'odds')",
    });
    expect(report!.event.tags).toMatchObject({ side: 'browser', source: 'window', path: '/en/game/prematch-mts/12' });
  });

  it("POST /spa/hcaptchaError/create records the captcha widget's error the same way", async () => {
    const before = receiver.events.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/spa/hcaptchaError/create',
      headers: BROWSER,
      payload: { message: 'Failed to fetch the challenge', path: '/de/auth/register' },
    });
    expect(response.statusCode).toBe(202);
    await receiver.waitFor(before + 1);
    const [report] = receiver.events.slice(before);
    expect(report!.event.exception?.values?.[0]).toMatchObject({
      type: 'CaptchaWidgetError',
      value: 'Failed to fetch the challenge',
    });
    expect(report!.event.tags).toMatchObject({ side: 'browser', source: 'captcha', path: '/de/auth/register' });
  });

  it('refuses a malformed report, a query in the path and a write from another site, and sends nothing for them', async () => {
    const before = receiver.events.length;
    const post = (payload: unknown, headers: Record<string, string> = BROWSER) =>
      t.app.inject({
        method: 'POST',
        url: '/spa/client-errors',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
    expectErrorEnvelope(
      await post({ source: 'window', message: 'x', path: '/en?token=secret' }),
      400,
      'validation_failed',
    );
    expectErrorEnvelope(await post({ source: 'elsewhere', message: 'x', path: '/en' }), 400, 'validation_failed');
    expectErrorEnvelope(
      await post({ source: 'window', message: 'x'.repeat(1_001), path: '/en' }),
      400,
      'validation_failed',
    );
    expectErrorEnvelope(
      await post({ source: 'window', message: 'x', path: '/en' }, { origin: 'https://evil.example' }),
      403,
      'origin_not_allowed',
    );
    expect(await reportsSince(before)).toEqual([]);
  });

  it('takes at most ten reports a minute from one address, so a page in a loop cannot flood the tracker', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/spa/hcaptchaError/create',
        headers: { ...BROWSER, 'x-forwarded-for': '203.0.113.9' },
        remoteAddress: '198.51.100.77',
        payload: { message: `loop ${index}`, path: '/en' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 202)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
