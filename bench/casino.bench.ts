import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createDb, seedDemo } from '@playhouse/db';
import { benchSiteUrl } from './lib/api-server';
import { compare, defaultLoadOptions, warmUp, type Comparison, type LoadOptions, type Target } from './lib/load';
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
import { benchDir, startServer, type RunningServer } from './lib/servers';

const apiUrl = `http://127.0.0.1:${PORTS.api}`;
const baseline: Target = { label: 'hello-world Fastify route', url: `http://127.0.0.1:${PORTS.helloFastify}/hello` };
const EXTRA_GAMES = 10_000;

/** What the category page and the search box ask for (SPEC.md §7.7–8), in English. */
function targets(catalogue: string): Target[] {
  const headers = { 'x-locale': 'en' };
  const page = (offset: number) =>
    `${apiUrl}/spa/games?categorySlug=slots&offset=${offset}&limit=6&sort=0&withCategory=1` +
    '&imageSizeFilter[]=600_400_out&aspectRatio[]=3x2';
  return [
    { label: `${catalogue}: GET /spa/games (Slots, page 1 of 6)`, url: page(1), headers },
    { label: `${catalogue}: GET /spa/games (Slots, load more page 15)`, url: page(15), headers },
    {
      label: `${catalogue}: GET /spa/games/search?search=gold (10 per page)`,
      url: `${apiUrl}/spa/games/search?search=gold&page=1&perPage=10`,
      headers,
    },
  ];
}

async function startHello(): Promise<RunningServer> {
  return startServer({
    name: 'hello-fastify',
    command: process.execPath,
    args: ['--import', 'tsx', 'baselines/hello-fastify.ts'],
    cwd: benchDir,
    env: { PORT: String(PORTS.helloFastify) },
    readyUrl: baseline.url,
  });
}

async function startApi(dataDir: string, env: Record<string, string>): Promise<RunningServer> {
  return startServer({
    name: 'api',
    command: 'npm',
    args: ['run', 'start', '-w', '@playhouse/api'],
    env: {
      API_PORT: String(PORTS.api),
      API_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      SITE_URL: benchSiteUrl,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000000',
      FEED_SIMULATOR: 'off',
      ...env,
    },
    readyUrl: `${apiUrl}/spa/health`,
  });
}

/**
 * The demo database plus 10,000 slots from one provider, all in the Slots category, each with the two 3x2 artwork
 * renditions; one title in ten has "Gold" in it. Written before the api starts (PGlite: one process per folder).
 */
async function prepareLargeCatalogue(dataDir: string): Promise<void> {
  const handle = await createDb({ dataDir });
  try {
    await seedDemo(handle.db);
    await handle.db.execute(sql`
      insert into games (slug, title, provider_id, kind, engine, rtp, popularity, released_at)
      select 'bulk-slot-' || i,
             jsonb_build_object('en', case when i % 10 = 0 then 'Golden Bulk ' else 'Bulk Fortune ' end || i,
                                'de', 'Massenglück ' || i),
             (select id from providers where slug = 'netstar'), 'slot', 'slot', 9608, i % 9973,
             now() - (i || ' minutes')::interval
      from generate_series(1, ${EXTRA_GAMES}) as i`);
    await handle.db.execute(sql`
      insert into game_images (game_id, breakpoint, size_filter, aspect_ratio, width, height, image_path, image_path_webp)
      select g.id, r.breakpoint, '600_400_out', '3x2', r.width, r.height,
             '/media/games/book-of-gold-' || r.width || 'x' || r.height || '.png',
             '/media/games/book-of-gold-' || r.width || 'x' || r.height || '.webp'
      from games g cross join (values (0, 300, 200), (768, 600, 400)) as r(breakpoint, width, height)
      where g.slug like 'bulk-slot-%'`);
    await handle.db.execute(sql`
      insert into category_games (category_id, game_id, position)
      select (select id from nav_categories where slug = 'slots'), g.id, 1000 + row_number() over (order by g.id)
      from games g where g.slug like 'bulk-slot-%'`);
    // What autovacuum does on a server after a bulk load: the GIN pending list into the index, fresh statistics.
    await handle.db.execute(sql`vacuum analyze`);
  } finally {
    await handle.close();
  }
}

function comparisonRows(comparisons: Comparison[]): string[][] {
  return comparisons.map((c) => [
    c.target.label,
    formatNumber(c.target.requestsPerSecond),
    formatNumber(c.target.latencyP99Ms),
    formatNumber(c.baseline.requestsPerSecond),
    formatNumber(c.baseline.latencyP99Ms),
    formatRatio(c.throughputRatio),
    formatNumber(c.p99Ratio, 1),
  ]);
}

async function measureCatalogue(
  catalogue: string,
  prepare: (dataDir: string) => Promise<void>,
  options: LoadOptions,
  env: Record<string, string> = {},
): Promise<Comparison[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playhouse-bench-casino-'));
  await prepare(dataDir);
  const hello = await startHello();
  const api = await startApi(dataDir, env);
  const comparisons: Comparison[] = [];
  try {
    const list = targets(catalogue);
    for (const target of list) {
      const response = await fetch(target.url, { headers: target.headers });
      if (!response.ok) throw new Error(`${target.label} answered ${response.status}`);
    }
    console.log(`casino benchmark (${catalogue}): warming up`);
    await warmUp([baseline, ...list], options);
    for (const target of list) {
      console.log(`casino benchmark: ${target.label} against the ${baseline.label}`);
      comparisons.push(await compare(target, baseline, options));
    }
  } finally {
    await Promise.all([api.stop(), hello.stop()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return comparisons;
}

/** The catalogue and search calls against the hello-world route, on the seeded catalogue and on 10,000 more games. */
export async function casinoBenchmark(): Promise<void> {
  const options = defaultLoadOptions();
  const comparisons = [
    ...(await measureCatalogue('seeded (154 games)', async () => undefined, options)),
    ...(await measureCatalogue(`large (${EXTRA_GAMES + 154} games)`, prepareLargeCatalogue, options)),
    // Every request to the database: what a visitor's first request costs, and every signed-in player's.
    ...(await measureCatalogue(`large (${EXTRA_GAMES + 154} games), no cache`, prepareLargeCatalogue, options, {
      CATALOGUE_CACHE_MS: '0',
    })),
  ];
  const date = runDate();
  const file = writeResults('casino', { date, machine: machine(), options, comparisons });
  await writeSection(
    'casino',
    `## Casino: the games list and search against a hello-world Fastify route

- Date: ${date}
- Machine: ${machine()}
- Load: ${loadDescription(options)}
- Api: \`npm start -w @playhouse/api\` on a fresh seeded PGlite (feed simulator off), LOG_LEVEL=warn, rate limit raised; visitors' answers are kept per instance for 5 s (CATALOGUE_CACHE_MS, the default), except in the "no cache" rows (0), where every request queries the database as a signed-in player's does; anonymous requests in English with the category page's query (Slots, 6 per page, 600_400_out 3x2 artwork, heading). The large catalogue adds ${EXTRA_GAMES.toLocaleString('en')} slots to Slots (one title in ten contains "Gold"), loaded before the api starts and vacuumed. Baseline: a Fastify app with one route returning \`{"hello":"world"}\`.
- Ratio = target req/s ÷ baseline req/s (higher is better, 1.00 = as fast as hello-world); p99 ratio = target p99 ÷ baseline p99 (a baseline p99 under 1 ms counts as 1 ms).

${table(['request', 'req/s', 'p99 ms', 'baseline req/s', 'baseline p99 ms', 'ratio', 'p99 ratio'], comparisonRows(comparisons))}`,
  );
  console.log(`casino benchmark: results in ${file} and docs/benchmarks.md`);
}
