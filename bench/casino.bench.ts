import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDb, schema } from '@playhouse/db';
import { seedDemo } from '@playhouse/db/seed';
import { createSessionService, SESSION_COOKIE } from '@playhouse/api';
import { benchSiteUrl } from './lib/api-server';
import {
  compare,
  defaultLoadOptions,
  revalidation,
  warmUp,
  type Comparison,
  type LoadOptions,
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
import { benchDir, startServer, type RunningServer } from './lib/servers';

const apiUrl = `http://127.0.0.1:${PORTS.api}`;
const baseline: Target = { label: 'hello-world Fastify route', url: `http://127.0.0.1:${PORTS.helloFastify}/hello` };
const en = { 'x-locale': 'en' };

/** What the category page asks for (SPEC.md §7.7), in English: a page of Slots with its heading. */
const pageUrl = (offset: number) =>
  `${apiUrl}/spa/games?categorySlug=slots&offset=${offset}&limit=6&sort=0&withCategory=1` +
  '&imageSizeFilter[]=600_400_out&aspectRatio[]=3x2';
const searchUrl = (term: string) => `${apiUrl}/spa/games/search?search=${encodeURIComponent(term)}&page=1&perPage=10`;

/**
 * Search terms of every kind: a word one title in ten has, one letter every title has (no trigram can narrow it),
 * two letters, a number that picks a few titles, a word in the German titles, and a term nothing matches.
 */
const SEARCH_TERMS = ['gold', 'b', 'ul', 'fortune 77', 'massenglück', 'zzyzx'];

interface Catalogue {
  label: string;
  extraGames: number;
}

/** Where a run's database lives: a PGlite folder, or a fresh database on the PostgreSQL server at BENCH_DATABASE_URL. */
interface BenchDatabase {
  /** What the api needs in its environment to open it. */
  env: Record<string, string>;
  open: () => ReturnType<typeof createDb>;
  drop: () => Promise<void>;
}

function pgliteDatabase(): BenchDatabase {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playhouse-bench-casino-'));
  return {
    env: { DATA_DIR: dataDir },
    open: () => createDb({ dataDir }),
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresDatabase(serverUrl: string): Promise<BenchDatabase> {
  const name = `playhouse_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => createDb({ databaseUrl: url.toString(), poolSize: 4 }),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

const SEEDED: Catalogue = { label: 'seeded (154 games)', extraGames: 0 };
const LARGE: Catalogue = { label: '10,154 games', extraGames: 10_000 };
const HUGE: Catalogue = { label: '100,154 games', extraGames: 100_000 };

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

async function startApi(env: Record<string, string>): Promise<RunningServer> {
  return startServer({
    name: 'api',
    command: 'npm',
    args: ['run', 'start', '-w', '@playhouse/api'],
    env: {
      API_PORT: String(PORTS.api),
      API_HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      SITE_URL: benchSiteUrl,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000000',
      WALLET_CALLS_PER_MIN: '1000000000',
      FEED_SIMULATOR: 'off',
      // For finding where the api's time goes, as in the sports benchmark (bench/README.md); unset in a normal run.
      ...(process.env.BENCH_API_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_API_NODE_OPTIONS } : {}),
      ...env,
    },
    readyUrl: `${apiUrl}/spa/health`,
  });
}

/**
 * The demo database plus `extraGames` slots from one provider, all in the Slots category, each with the two 3x2
 * artwork renditions; one title in ten has "Gold" in it; and one signed-in player (a session cookie) who likes two of
 * the first page's games. Written before the api starts (PGlite: one process per folder). Returns the cookie.
 */
async function prepareCatalogue(database: BenchDatabase, extraGames: number): Promise<string> {
  const handle = await database.open();
  try {
    await seedDemo(handle.db);
    if (extraGames > 0) {
      await handle.db.execute(sql`
        insert into games (slug, title, provider_id, kind, engine, rtp, popularity, released_at)
        select 'bulk-slot-' || i,
               jsonb_build_object('en', case when i % 10 = 0 then 'Golden Bulk ' else 'Bulk Fortune ' end || i,
                                  'de', 'Massenglück ' || i),
               (select id from providers where slug = 'netstar'), 'slot', 'slot', 9608, i % 9973,
               now() - (i || ' minutes')::interval
        from generate_series(1, ${extraGames}) as i`);
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
    }
    const [player] = await handle.db
      .insert(schema.users)
      .values({ email: 'bench-player@bench.test', username: 'bench_player', passwordHash: 'not-used', currency: 'EUR' })
      .returning({ id: schema.users.id });
    await handle.db.execute(sql`
      insert into favourites (user_id, game_id)
      select ${player!.id}, cg.game_id from category_games cg
      join nav_categories c on c.id = cg.category_id and c.slug = 'slots'
      order by cg.position, cg.game_id limit 2`);
    const session = await createSessionService({ db: handle.db }).create(handle.db, player!.id, {
      ip: '127.0.0.1',
      userAgent: 'bench',
    });
    // What autovacuum does on a server after a bulk load: the GIN pending list into the index, fresh statistics.
    await handle.db.execute(sql`vacuum analyze games`);
    await handle.db.execute(sql`vacuum analyze`);
    return `${SESSION_COOKIE}=${session.token}`;
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

/** One api on a fresh copy of the catalogue; `targets` get the signed-in player's cookie to build their requests. */
async function measureCatalogue(
  catalogue: Catalogue,
  env: Record<string, string>,
  targets: (cookie: string) => Promise<Target[]>,
  options: LoadOptions,
  database: BenchDatabase = pgliteDatabase(),
): Promise<Comparison[]> {
  console.log(`casino benchmark: preparing ${catalogue.label}`);
  const cookie = await prepareCatalogue(database, catalogue.extraGames);
  const hello = await startHello();
  const api = await startApi({ ...database.env, ...env });
  const comparisons: Comparison[] = [];
  try {
    const list = await targets(cookie);
    // (A 304 row is checked by its warm-up: fetch() adds Cache-Control: no-cache to a conditional request.)
    for (const target of list.filter((entry) => entry.status === undefined)) {
      const response = await fetch(target.url, { headers: target.headers });
      if (!response.ok) throw new Error(`${target.label} answered ${response.status}`);
    }
    console.log(`casino benchmark (${catalogue.label}): warming up`);
    await warmUp([baseline, ...list], options);
    for (const target of list) {
      console.log(`casino benchmark: ${target.label} against the ${baseline.label}`);
      comparisons.push(await compare(target, baseline, options));
    }
  } finally {
    await Promise.all([api.stop(), hello.stop()]);
    await database.drop();
  }
  return comparisons;
}

/** The category page as visitors and a signed-in player ask for it, from memory. */
async function pageTargets(catalogue: Catalogue, cookie: string): Promise<Target[]> {
  const visitor: Target = {
    label: `${catalogue.label}: GET /spa/games (Slots, page 1), visitor`,
    url: pageUrl(1),
    headers: en,
  };
  return [
    visitor,
    await revalidation(visitor),
    { label: `${catalogue.label}: GET /spa/games (Slots, load more page 15), visitor`, url: pageUrl(15), headers: en },
    {
      label: `${catalogue.label}: GET /spa/games (Slots, page 1), signed-in player`,
      url: pageUrl(1),
      headers: { ...en, cookie },
    },
    { label: `${catalogue.label}: GET /spa/games/search?search=gold, kept`, url: searchUrl('gold'), headers: en },
  ];
}

/**
 * Search for a term the instance has not answered before: no answer kept (SEARCH_CACHE_SIZE=0), so every request
 * scans the instance's in-memory copy of the folded titles (built once, kept until the catalogue changes). One row
 * per term.
 */
const UNKEPT_SEARCH = { SEARCH_CACHE_SIZE: '0' };

async function searchTargets(catalogue: Catalogue, label = catalogue.label): Promise<Target[]> {
  return SEARCH_TERMS.map((term) => ({
    label: `${label}, no answer kept: GET /spa/games/search?search=${term}`,
    url: searchUrl(term),
    headers: en,
  }));
}

/**
 * The database paths on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL; skipped when neither is set): a
 * signed-in player's page (the session and the player's facts, read once and then kept by the instance) and search
 * with no answer kept, on 10,000 games.
 */
async function postgresRows(options: LoadOptions): Promise<Comparison[]> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.log('casino benchmark: BENCH_DATABASE_URL is not set, skipping the PostgreSQL rows');
    return [];
  }
  const label = `${LARGE.label} on PostgreSQL`;
  const player = await measureCatalogue(
    LARGE,
    {},
    async (cookie) => [
      {
        label: `${label}: GET /spa/games (Slots, page 1), signed-in player`,
        url: pageUrl(1),
        headers: { ...en, cookie },
      },
    ],
    options,
    await postgresDatabase(serverUrl),
  );
  const search = await measureCatalogue(
    LARGE,
    UNKEPT_SEARCH,
    () => searchTargets(LARGE, label),
    options,
    await postgresDatabase(serverUrl),
  );
  return [...player, ...search];
}

/** The benchmark's parts, in the order they run; `BENCH_CASINO_PARTS` (comma-separated) runs some of them. */
const PARTS = ['seeded', 'large', 'uncached', 'search', 'huge', 'postgres'] as const;
type Part = (typeof PARTS)[number];
const isPart = (name: string): name is Part => (PARTS as readonly string[]).includes(name);

function chosenParts(): Part[] {
  const asked = process.env.BENCH_CASINO_PARTS?.split(',').map((name) => name.trim());
  if (!asked) return [...PARTS];
  const unknown = asked.filter((name) => !isPart(name));
  if (unknown.length > 0)
    throw new Error(`BENCH_CASINO_PARTS: unknown ${unknown.join(', ')}; parts: ${PARTS.join(', ')}`);
  return PARTS.filter((part) => asked.includes(part));
}

/** The catalogue and search calls against the hello-world route, on the seeded catalogue and on 10,000 and 100,000 more games. */
export async function casinoBenchmark(): Promise<void> {
  const options = defaultLoadOptions();
  const uncached = { CONTENT_CACHE: 'off' };
  const parts = chosenParts();
  const runs: Record<Part, () => Promise<Comparison[]>> = {
    seeded: () => measureCatalogue(SEEDED, {}, (cookie) => pageTargets(SEEDED, cookie), options),
    large: () => measureCatalogue(LARGE, {}, (cookie) => pageTargets(LARGE, cookie), options),
    uncached: () =>
      measureCatalogue(
        LARGE,
        uncached,
        async (cookie) => [
          {
            label: `${LARGE.label}, uncached: GET /spa/games (Slots, page 1), signed-in player`,
            url: pageUrl(1),
            headers: { ...en, cookie },
          },
        ],
        options,
      ),
    search: () => measureCatalogue(LARGE, UNKEPT_SEARCH, () => searchTargets(LARGE), options),
    huge: () => measureCatalogue(HUGE, UNKEPT_SEARCH, () => searchTargets(HUGE), options),
    postgres: () => postgresRows(options),
  };
  const comparisons: Comparison[] = [];
  for (const part of parts) comparisons.push(...(await runs[part]()));
  const date = runDate();
  const file = writeResults('casino', { date, machine: machine(), options, comparisons });
  await writeSection(
    'casino',
    `## Casino: the games list and search against a hello-world Fastify route

- Date: ${date}
- Machine: ${machine()}
- Load: ${loadDescription(options)}${parts.length < PARTS.length ? `\n- Parts run (BENCH_CASINO_PARTS): ${parts.join(', ')} of ${PARTS.join(', ')}; the other rows were not measured in this run.` : ''}
- Api: \`npm start -w @playhouse/api\` on a fresh seeded PGlite (feed simulator off), LOG_LEVEL=warn, rate limit raised. Requests in English with the category page's query (Slots, 6 per page, 600_400_out 3x2 artwork, heading). Visitors' pages and search answers are kept in memory until the catalogue changes (CONTENT_CACHE on, the default); a signed-in player's page is the visitors' page with their hearts and locks (the player likes two games of page 1); the player's session and those facts are read on the first request and then kept in the instance's memory until the database announces a change of them (PLAYER_CACHE on, the default). The "uncached" row runs with CONTENT_CACHE=off: every request reads the database. The "no answer kept" search rows run with SEARCH_CACHE_SIZE=0: no search answer is kept, so every request is a search the instance has not answered before and scans its in-memory copy of the catalogue's folded titles (kept until the catalogue changes; a term's non-ASCII characters are folded by the database the first time the instance meets them). The 304 row sends If-None-Match with the page's ETag. The PostgreSQL rows (when BENCH_DATABASE_URL is set) run the api on a fresh database on that server (pool of 20): the signed-in page as above, search with no answer kept. The large catalogues add 10,000 or 100,000 slots to Slots (one title in ten contains "Gold", every one "Bulk"; German titles "Massenglück <n>"), loaded before the api starts and vacuumed. Search terms: "b" and "ul" match every added game (too short for a trigram), "gold" one in ten, "fortune 77" a few, "massenglück" every German title, "zzyzx" none. Baseline: a Fastify app with one route returning \`{"hello":"world"}\`.
- Ratio = target req/s ÷ baseline req/s (higher is better, 1.00 = as fast as hello-world); p99 ratio = target p99 ÷ baseline p99 (a baseline p99 under 1 ms counts as 1 ms).

${table(['request', 'req/s', 'p99 ms', 'baseline req/s', 'baseline p99 ms', 'ratio', 'p99 ratio'], comparisonRows(comparisons))}`,
  );
  console.log(`casino benchmark: results in ${file} and docs/benchmarks.md`);
}
