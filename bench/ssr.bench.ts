import path from 'node:path';
import { benchSiteUrl, startBenchApi } from './lib/api-server';
import { measureFirstLoad } from './lib/first-load';
import { compare, defaultLoadOptions, warmUp, type Target } from './lib/load';
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
import { benchDir, repoRoot, runToCompletion, startServer, type RunningServer } from './lib/servers';
import { buildBenchWeb, startBenchWeb } from './lib/web-server';

const nextBin = path.join(repoRoot, 'node_modules', '.bin', 'next');
const baselineDir = path.join(benchDir, 'ssr-baseline');

const target: Target = { label: 'GET /en (the web)', url: `http://127.0.0.1:${PORTS.web}/en` };
const baseline: Target = { label: 'minimal Next page', url: `http://127.0.0.1:${PORTS.ssrBaseline}/` };

const kib = (bytes: number) => `${formatNumber(bytes / 1024, 1)} KiB`;
const code = (text: string) => '`' + text + '`';
/** Next's own stylesheet chunks are summed up; anything else that blocks rendering is named. */
function describeRenderBlocking(paths: string[]): string {
  const own = paths.filter((p) => p.startsWith('/_next/'));
  const others = paths.filter((p) => !p.startsWith('/_next/'));
  const parts = [
    ...(own.length > 0 ? [`${own.length} of Next's own (/_next/static)`] : []),
    ...(others.length > 0 ? [`others: ${others.map(code).join(', ')}`] : ['no others']),
  ];
  return parts.join('; ');
}
const ms = (value: number | null) => (value === null ? 'n/a' : `${formatNumber(value)} ms`);

/** Server rendering of /en against a minimal Next page built in the same run, then /en's first load in Chromium. */
export async function ssrBenchmark(): Promise<void> {
  const options = defaultLoadOptions();
  const host = machine();
  console.log('ssr benchmark: building the web (when stale) and the baseline');
  await buildBenchWeb();
  await runToCompletion('baseline build', nextBin, ['build'], {}, baselineDir);

  const servers: RunningServer[] = [];
  let comparison;
  let firstLoad;
  try {
    servers.push(await startBenchApi());
    servers.push(await startBenchWeb());
    servers.push(
      await startServer({
        name: 'ssr-baseline',
        command: nextBin,
        args: ['start', '-p', String(PORTS.ssrBaseline)],
        cwd: baselineDir,
        readyUrl: baseline.url,
      }),
    );
    console.log('ssr benchmark: warming up');
    await warmUp([baseline, target], options);
    console.log(`ssr benchmark: ${target.label} against the ${baseline.label}`);
    comparison = await compare(target, baseline, options);
    console.log('ssr benchmark: first load of /en in Chromium (mobile profile)');
    firstLoad = await measureFirstLoad(`${benchSiteUrl}/en`);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }

  const date = runDate();
  const file = writeResults('ssr', { date, machine: host, options, comparison, firstLoad });
  await writeSection(
    'ssr',
    `## SSR: /en against a minimal Next page

- Date: ${date}
- Machine: ${host}
- Load: ${loadDescription(options)}
- Target: the built web's server (\`npm start -w @playhouse/web\`: Next.js behind its forwarding step) rendering /en, talking to the api (fresh seeded PGlite, LOG_LEVEL=warn). Baseline: bench/ssr-baseline, a one-page Next app rendered on every request (\`dynamic = 'force-dynamic'\`), built in the same run with the same Next.
- Ratio = target req/s ÷ baseline req/s; p99 ratio = target p99 ÷ baseline p99.

${table(
  ['request', 'req/s', 'p99 ms', 'baseline req/s', 'baseline p99 ms', 'ratio', 'p99 ratio'],
  [
    [
      comparison.target.label,
      formatNumber(comparison.target.requestsPerSecond),
      formatNumber(comparison.target.latencyP99Ms),
      formatNumber(comparison.baseline.requestsPerSecond),
      formatNumber(comparison.baseline.latencyP99Ms),
      formatRatio(comparison.throughputRatio),
      formatNumber(comparison.p99Ratio, 1),
    ],
  ],
)}`,
  );
  await writeSection(
    'first-load',
    `## First load of /en (mobile)

- Date: ${date}
- Chromium (Debian), Lighthouse's mobile profile: 412×823 at 1.75×, 4× CPU slowdown, slow 4G (150 ms, 1.6 Mbit/s); the page loaded until the network is idle, then 3 s more for sliders and lazy images.
- First-load JavaScript = every script the page loads, as transferred (compressed) and decompressed.

${table(
  ['page', 'scripts', 'JS transferred', 'JS decompressed', 'HTML transferred', 'FCP', 'LCP', 'CLS', 'render-blocking'],
  [
    [
      '/en',
      String(firstLoad.scriptCount),
      kib(firstLoad.scriptTransferBytes),
      kib(firstLoad.scriptDecodedBytes),
      kib(firstLoad.documentTransferBytes),
      ms(firstLoad.firstContentfulPaintMs),
      ms(firstLoad.largestContentfulPaintMs),
      formatNumber(firstLoad.cumulativeLayoutShift, 3),
      describeRenderBlocking(firstLoad.renderBlocking),
    ],
  ],
)}`,
  );
  console.log(`ssr benchmark: results in ${file} and docs/benchmarks.md`);
}
