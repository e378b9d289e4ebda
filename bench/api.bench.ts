import { startBenchApi, benchApiUrl } from './lib/api-server';
import {
  compare,
  compressed,
  defaultLoadOptions,
  revalidation,
  warmUp,
  type Comparison,
  type Target,
} from './lib/load';
import { PORTS } from './lib/ports';
import {
  formatNumber,
  formatRatio,
  loadDescription,
  machine,
  runDate,
  table,
  writeResults,
  writeSection,
} from './lib/report';
import { benchDir, startServer } from './lib/servers';

const baseline: Target = { label: 'hello-world Fastify route', url: `http://127.0.0.1:${PORTS.helloFastify}/hello` };
const en = { 'x-locale': 'en' };
const answers: Target[] = [
  { label: 'GET /spa/categories (X-Locale: en)', url: `${benchApiUrl}/spa/categories`, headers: en },
  { label: 'GET /spa/translation/en', url: `${benchApiUrl}/spa/translation/en` },
  { label: 'GET /spa/locales', url: `${benchApiUrl}/spa/locales` },
  { label: 'GET /spa/slides (home, X-Locale: en)', url: `${benchApiUrl}/spa/slides?type=home`, headers: en },
  { label: 'GET /spa/bonus-infos (X-Locale: en)', url: `${benchApiUrl}/spa/bonus-infos`, headers: en },
  {
    label: 'GET /spa/seo/page-metadata?routePath=/ (X-Locale: en)',
    url: `${benchApiUrl}/spa/seo/page-metadata?routePath=%2F`,
    headers: en,
  },
  // No database call: what the api's per-request work (hooks, headers, logging) costs on its own.
  { label: 'GET /spa/health/live (trivial route)', url: `${benchApiUrl}/spa/health/live` },
];

/** Catalogue-style api endpoints against a hello-world Fastify route, measured in the same run. */
export async function apiBenchmark(): Promise<void> {
  const options = defaultLoadOptions();
  const host = machine();
  const hello = await startServer({
    name: 'hello-fastify',
    command: process.execPath,
    args: ['--import', 'tsx', 'baselines/hello-fastify.ts'],
    cwd: benchDir,
    env: { PORT: String(PORTS.helloFastify) },
    readyUrl: baseline.url,
  });
  const api = await startBenchApi();
  const comparisons: Comparison[] = [];
  try {
    const targets = [
      ...answers,
      await revalidation(answers[0]!),
      await revalidation(answers[1]!),
      ...compressed(answers[1]!),
    ];
    console.log('api benchmark: warming up');
    await warmUp([baseline, ...targets], options);
    for (const target of targets) {
      console.log(`api benchmark: ${target.label} against the ${baseline.label}`);
      comparisons.push(await compare(target, baseline, options));
    }
    // The texts are one large answer (every namespace of the catalogue): beside hello-world, compare them with the
    // same number of bytes sent from memory by the hello-world app, which is what bounds them.
    const texts = answers[1]!;
    const size = (await (await fetch(texts.url)).arrayBuffer()).byteLength;
    const sizedBaseline: Target = {
      label: `a fixed ${formatNumber(size)}-byte body from the hello-world app`,
      url: `http://127.0.0.1:${PORTS.helloFastify}/sized/${size}`,
    };
    console.log(`api benchmark: ${texts.label} against ${sizedBaseline.label}`);
    comparisons.push(
      await compare({ ...texts, label: `${texts.label} (baseline: ${sizedBaseline.label})` }, sizedBaseline, options),
    );
  } finally {
    await Promise.all([api.stop(), hello.stop()]);
  }

  const date = runDate();
  const file = writeResults('api', { date, machine: host, options, comparisons });
  const rows = comparisons.map((c) => [
    c.target.label,
    formatNumber(c.target.requestsPerSecond),
    formatNumber(c.target.latencyP99Ms),
    formatNumber(c.baseline.requestsPerSecond),
    formatNumber(c.baseline.latencyP99Ms),
    formatRatio(c.throughputRatio),
    formatNumber(c.p99Ratio, 1),
  ]);
  await writeSection(
    'api',
    `## API: public content from memory against a hello-world Fastify route

- Date: ${date}
- Machine: ${host}
- Load: ${loadDescription(options)}
- Api: \`npm start -w @playhouse/api\` on a fresh seeded PGlite, LOG_LEVEL=${process.env.BENCH_API_LOG_LEVEL ?? 'warn'}, rate limit raised; public content kept in memory until the database announces a change (CONTENT_CACHE on, the default), so after the first request each answer is sent as it was serialized. The 304 rows send If-None-Match with the answer's ETag. The "bytes client" rows are measured (target and baseline alike) by a keep-alive Node client that reads bodies as bytes, because autocannon decodes every body to text, which for a compressed body costs the client more than the server's answer; the Accept-Encoding row asks as browsers do, and answers of 1 KB or more come brotli-compressed (compressed once per answer and kept). Baseline: a Fastify app with one route returning \`{"hello":"world"}\`, no plugins, no logging; the last row compares the texts with a fixed JSON body of the same size sent by that app.
- Ratio = target req/s ÷ baseline req/s (higher is better, 1.00 = as fast as hello-world); p99 ratio = target p99 ÷ baseline p99 (a baseline p99 under 1 ms counts as 1 ms).

${table(['request', 'req/s', 'p99 ms', 'baseline req/s', 'baseline p99 ms', 'ratio', 'p99 ratio'], rows)}`,
  );
  console.log(`api benchmark: results in ${file} and docs/benchmarks.md`);
}
