import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMetricsServer } from '../../src/plugins/app/metrics';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { insertPlayer } from '../helpers/ledger-invariants';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ empty: true });
  await t.app.ready();
});
afterAll(async () => {
  await t.close();
});

async function scrape(): Promise<string> {
  const server = await buildMetricsServer();
  try {
    const response = await server.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  } finally {
    await server.close();
  }
}

/** The value of one sample line, 0 when the series does not exist yet. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('Prometheus metrics', () => {
  it('count answers by route pattern and status, never by raw URL', async () => {
    const before = await scrape();
    const series = 'playhouse_http_requests_total{method="GET",route="/spa/health",status="200"}';
    await t.app.inject({ method: 'GET', url: '/spa/health' });
    await t.app.inject({ method: 'GET', url: '/spa/health' });
    const missing = `/spa/no-such-thing/${randomUUID()}`;
    await t.app.inject({ method: 'GET', url: missing });
    const after = await scrape();
    expect(valueOf(after, series) - valueOf(before, series)).toBe(2);
    expect(after).toMatch(/^playhouse_http_requests_total\{method="GET",route="unmatched",status="404"\} \d+$/m);
    expect(after).not.toContain(missing);
    expect(after).toMatch(
      /^playhouse_http_request_duration_seconds_count\{method="GET",route="\/spa\/health",status_class="2xx"\} \d+$/m,
    );
    // Process figures come with them.
    expect(after).toMatch(/^process_cpu_user_seconds_total /m);
  });

  it('count ledger transfers by kind once each, not their idempotent replays', async () => {
    const userId = await insertPlayer(t.db, `metrics_${randomUUID().slice(0, 8)}`);
    const series = 'playhouse_ledger_transfers_total{kind="deposit"}';
    const before = valueOf(await scrape(), series);
    const request = {
      idempotencyKey: `metrics:${randomUUID()}`,
      kind: 'deposit' as const,
      currency: 'EUR',
      legs: [
        { account: { userId, kind: 'main' as const }, amount: 500n },
        { account: { house: 'world' as const }, amount: -500n },
      ],
    };
    await t.app.services.wallet.transfer(request);
    await t.app.services.wallet.transfer(request);
    expect(valueOf(await scrape(), series) - before).toBe(1);
  });

  it('are not served on the public api', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/spa/metrics' })).statusCode).toBe(404);
  });
});
