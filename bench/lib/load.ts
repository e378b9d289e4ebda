import http from 'node:http';
import autocannon, { type Result } from 'autocannon';

export interface Target {
  label: string;
  url: string;
  headers?: Record<string, string>;
  /** The status every answer must have; unset: any 2xx. A 304 row measures revalidation (If-None-Match). */
  status?: number;
  /**
   * The load client: autocannon (the default), or `bytes`, a keep-alive Node client that reads bodies as bytes.
   * autocannon turns every body into a string (`req.body += chunk`), which for a compressed body (random-looking
   * bytes, slow to decode as UTF-8) costs the client more than the server spends answering: on this 2-core machine
   * the client then measures itself. A comparison measures its baseline with the target's client.
   */
  client?: 'autocannon' | 'bytes';
}

export interface LoadOptions {
  connections: number;
  /** Seconds per measurement. */
  duration: number;
  /** Alternating baseline/target measurements per comparison; medians are reported. */
  rounds: number;
  /** Seconds of load on each server before measuring, so JIT, caches and pools are warm. */
  warmup: number;
}

export const defaultLoadOptions = (): LoadOptions => ({
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  duration: Number(process.env.BENCH_DURATION ?? 10),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  warmup: Number(process.env.BENCH_WARMUP ?? 5),
});

export interface Measurement {
  label: string;
  url: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
}

export interface Comparison {
  target: Measurement;
  baseline: Measurement;
  /** target req/s ÷ baseline req/s: the share of the baseline's throughput the target keeps. */
  throughputRatio: number;
  /** target p99 ÷ baseline p99. */
  p99Ratio: number;
  rounds: { target: Measurement; baseline: Measurement }[];
}

async function load(target: Target, connections: number, duration: number): Promise<Result> {
  const result = await autocannon({
    url: target.url,
    headers: target.headers,
    connections,
    duration,
    timeout: 30,
    title: target.label,
  });
  // A benchmark of error pages measures the wrong thing: refuse it.
  const expected = target.status;
  const unexpected =
    expected === undefined
      ? result.non2xx
      : Object.entries(result.statusCodeStats).reduce(
          (sum, [status, { count }]) => sum + (Number(status) === expected ? 0 : count),
          0,
        );
  if (result.errors > 0 || unexpected > 0) {
    const statuses = Object.entries(result.statusCodeStats)
      .map(([status, { count }]) => `${status}×${count}`)
      .join(', ');
    throw new Error(
      `${target.label} (${target.url}): ${result.errors} connection errors, ${unexpected} unexpected statuses [${statuses}]`,
    );
  }
  return result;
}

/** `connections` keep-alive requests in flight for `duration` seconds, bodies read as bytes and dropped. */
async function measureBytes(target: Target, connections: number, duration: number): Promise<Measurement> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const url = new URL(target.url);
  const latencies: number[] = [];
  let unexpected = 0;
  const end = performance.now() + duration * 1000;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      http
        .get(url, { agent, headers: target.headers }, (response) => {
          const status = response.statusCode ?? 0;
          if (target.status === undefined ? status < 200 || status >= 300 : status !== target.status) unexpected++;
          response.on('data', () => undefined);
          response.on('end', () => {
            latencies.push(performance.now() - started);
            resolve();
          });
        })
        .on('error', reject);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) await one();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  if (unexpected > 0) throw new Error(`${target.label} (${target.url}): ${unexpected} unexpected statuses`);
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0);
  return {
    label: target.label,
    url: target.url,
    requestsPerSecond: latencies.length / seconds,
    latencyP50Ms: at(0.5),
    latencyP99Ms: at(0.99),
  };
}

export async function measure(target: Target, connections: number, duration: number): Promise<Measurement> {
  if (target.client === 'bytes') return measureBytes(target, connections, duration);
  const result = await load(target, connections, duration);
  return {
    label: target.label,
    url: target.url,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
  };
}

/**
 * The same request from a caller that already holds the answer: If-None-Match with its ETag, answered 304. (Each
 * content encoding has its own ETag: asked as the target asks, not with the Accept-Encoding fetch() adds itself.)
 */
export async function revalidation(target: Target): Promise<Target> {
  const response = await fetch(target.url, { headers: { 'accept-encoding': 'identity', ...target.headers } });
  const etag = response.headers.get('etag');
  if (!response.ok || !etag) throw new Error(`${target.label}: no ETag to revalidate (${response.status})`);
  return {
    label: `${target.label}, If-None-Match → 304`,
    url: target.url,
    headers: { ...target.headers, 'if-none-match': etag },
    status: 304,
  };
}

/** What Chromium sends (Node's fetch sends 'gzip, deflate, br'): the api answers such callers with brotli. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * The same request as a browser or the web's server-side fetch makes it, accepting compressed bodies, and the plain
 * one beside it, both measured (with their baseline) by the client that reads bodies as bytes (see Target.client).
 */
export function compressed(target: Target): Target[] {
  return [
    { ...target, label: `${target.label} (bytes client)`, client: 'bytes' },
    {
      ...target,
      label: `${target.label}, Accept-Encoding: ${BROWSER_ACCEPT_ENCODING} (bytes client)`,
      headers: { ...target.headers, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
      client: 'bytes',
    },
  ];
}

export async function warmUp(targets: Target[], options: LoadOptions): Promise<void> {
  for (const target of targets) await load(target, options.connections, options.warmup);
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function medianOf(label: string, url: string, measurements: Measurement[]): Measurement {
  return {
    label,
    url,
    requestsPerSecond: median(measurements.map((m) => m.requestsPerSecond)),
    latencyP50Ms: median(measurements.map((m) => m.latencyP50Ms)),
    latencyP99Ms: median(measurements.map((m) => m.latencyP99Ms)),
  };
}

/**
 * Measures target and baseline in alternation, round after round, so drift in the machine's load (other tenants,
 * thermal limits) hits both alike; the ratio of the medians is the figure that means something across machines.
 */
export async function compare(target: Target, baseline: Target, options: LoadOptions): Promise<Comparison> {
  const rounds: Comparison['rounds'] = [];
  for (let round = 0; round < options.rounds; round += 1) {
    const baselineRun = await measure({ ...baseline, client: target.client }, options.connections, options.duration);
    const targetRun = await measure(target, options.connections, options.duration);
    rounds.push({ target: targetRun, baseline: baselineRun });
    console.log(
      `  round ${round + 1}/${options.rounds}: ${target.label} ${targetRun.requestsPerSecond.toFixed(0)} req/s ` +
        `p99 ${targetRun.latencyP99Ms} ms; ${baseline.label} ${baselineRun.requestsPerSecond.toFixed(0)} req/s ` +
        `p99 ${baselineRun.latencyP99Ms} ms`,
    );
  }
  const targetMedian = medianOf(
    target.label,
    target.url,
    rounds.map((r) => r.target),
  );
  const baselineMedian = medianOf(
    baseline.label,
    baseline.url,
    rounds.map((r) => r.baseline),
  );
  return {
    target: targetMedian,
    baseline: baselineMedian,
    throughputRatio: targetMedian.requestsPerSecond / baselineMedian.requestsPerSecond,
    p99Ratio: targetMedian.latencyP99Ms / Math.max(baselineMedian.latencyP99Ms, 1),
    rounds,
  };
}
