import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startErrorReportReceiver, type ErrorReportReceiver } from './error-report-receiver';
import { createErrorReporter } from './error-reporting';

let receiver: ErrorReportReceiver;
beforeEach(async () => {
  receiver = await startErrorReportReceiver();
});
afterEach(async () => receiver.close());

describe('createErrorReporter', () => {
  it("sends an error in Sentry's envelope format to the DSN, with its stack, tags and service", async () => {
    const reporter = createErrorReporter({ dsn: receiver.dsn, service: 'api', environment: 'demo', release: 'r1' });
    expect(reporter.enabled).toBe(true);
    reporter.capture(new TypeError('the ledger is shy'), {
      tags: { requestId: 'req-1', route: '/spa/things' },
      extra: { attempt: 2 },
    });
    expect(await reporter.flush()).toBe(true);
    const [received] = await receiver.waitFor(1);
    expect(received!.project).toBe('42');
    const { event } = received!;
    expect(event.exception?.values?.[0]).toMatchObject({ type: 'TypeError', value: 'the ledger is shy' });
    expect(event.exception?.values?.[0]?.stacktrace?.frames?.length).toBeGreaterThan(0);
    expect(event.tags).toMatchObject({ service: 'api', requestId: 'req-1', route: '/spa/things' });
    expect(event.extra).toMatchObject({ attempt: 2 });
    expect(event).toMatchObject({ level: 'error', server_name: 'api' });
  });

  it('keeps one report apart from the next: tags never leak between captures', async () => {
    const reporter = createErrorReporter({ dsn: receiver.dsn, service: 'web' });
    reporter.capture(new Error('first'), { tags: { only: 'first' } });
    reporter.capture(new Error('second'), { level: 'warning' });
    await reporter.flush();
    const events = await receiver.waitFor(2);
    const second = events.find((item) => item.event.exception?.values?.[0]?.value === 'second')!;
    expect(second.event.tags).not.toHaveProperty('only');
    expect(second.event.level).toBe('warning');
  });

  it('sends nothing without a DSN', async () => {
    const reporter = createErrorReporter({ dsn: undefined, service: 'api' });
    expect(reporter.enabled).toBe(false);
    reporter.capture(new Error('unheard'));
    expect(await reporter.flush()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.events).toEqual([]);
  });
});
