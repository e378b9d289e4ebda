// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startErrorReportReceiver, type ErrorReportReceiver } from '@playhouse/shared/error-report-receiver';

let receiver: ErrorReportReceiver;
beforeAll(async () => {
  receiver = await startErrorReportReceiver();
  vi.stubEnv('SENTRY_DSN', receiver.dsn);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await receiver.close();
});

describe("the web server's error reports (instrumentation.ts)", () => {
  it('sends a render error to the DSN with its route and digest, and no request headers', async () => {
    const { onRequestError } = await import('./instrumentation');
    const error = Object.assign(new Error('the top offer could not be drawn'), { digest: '4242' });
    await onRequestError(
      error,
      { path: '/en?token=secret', method: 'GET', headers: { cookie: 'session=abc' } },
      {
        routerKind: 'App Router',
        routePath: '/[lng]',
        routeType: 'render',
        renderSource: 'react-server-components',
        revalidateReason: undefined,
      },
    );
    const [report] = await receiver.waitFor(1);
    expect(report!.event.exception?.values?.[0]).toMatchObject({
      type: 'Error',
      value: 'the top offer could not be drawn',
    });
    expect(report!.event.tags).toMatchObject({ service: 'web', route: '/[lng]', routeType: 'render', digest: '4242' });
    expect(JSON.stringify(report!.event)).not.toContain('session=abc');
    expect(JSON.stringify(report!.event)).not.toContain('token=secret');
  });
});
