import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import pg from 'pg';
import { createDb, schema, type DbHandle } from '@playhouse/db';
import { seedDemo } from '@playhouse/db/seed';
import { createSessionService, createWalletService, SESSION_COOKIE } from '@playhouse/api';
import { benchSiteUrl } from './lib/api-server';
import {
  compare,
  compressed,
  defaultLoadOptions,
  warmUp,
  type Comparison,
  type LoadOptions,
  type Target,
} from './lib/load';
import { pgbench, withScratchDatabase } from './lib/pgbench';
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

const HOUR = 3_600_000;
const apiUrl = `http://127.0.0.1:${PORTS.api}`;
const baseline: Target = { label: 'hello-world Fastify route', url: `http://127.0.0.1:${PORTS.helloFastify}/hello` };

/** The query string of a top-offer call: each top-level parameter one JSON value (SPEC.md §7.1–2). */
function topOfferUrl(pathname: string, parameters: Record<string, unknown>): string {
  const query = new URLSearchParams(Object.entries(parameters).map(([name, value]) => [name, JSON.stringify(value)]));
  return `${apiUrl}/spa/sports/${pathname}?${query.toString()}`;
}

/** What the web's top-offer block asks for: the sports list, then one sport's matches. */
export function feedTargets(now: number): Target[] {
  const common = {
    language: { default: 'en' },
    params: {
      start_date: new Date(now).toISOString(),
      end_date: new Date(now + 72 * HOUR).toISOString(),
      timezone: 'Europe/Berlin',
      delivery_platform: 'Web',
      company_uuid: 'playhouse',
    },
  };
  return [
    {
      label: 'GET /spa/sports/top-offer (sports list, topOffer.matches)',
      url: topOfferUrl('top-offer', {
        ...common,
        dataFormat: { sports: 'object', categories: 'object' },
        topOffer: { matches: true },
      }),
    },
    {
      label: 'GET /spa/sports/top-offer/matches (football, bet_count 3)',
      url: topOfferUrl('top-offer/matches', {
        ...common,
        dataFormat: { sports: 'array', categories: 'array', tournaments: 'array' },
        topOffer: { matches: true },
        id_sport: 1,
        bet_count: 3,
      }),
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

/** BENCH_API_ENV's NAME=value pairs. */
function apiEnvOverrides(): Record<string, string> {
  const pairs = (process.env.BENCH_API_ENV ?? '').split(/\s+/).filter(Boolean);
  return Object.fromEntries(
    pairs.map((pair) => {
      const at = pair.indexOf('=');
      if (at <= 0) throw new Error(`BENCH_API_ENV: ${pair} is not NAME=value`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

/** The api as `npm start` runs it, with the feed simulator on, on the given database. */
export async function startSportsApi(env: Record<string, string>): Promise<RunningServer> {
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
      FEED_SIMULATOR: 'on',
      // For measuring the api rather than the code it runs: Node options (a preloaded profiler, say) and settings of
      // its own, as space-separated NAME=value pairs (the odds held still: BENCH_API_ENV='FEED_SIMULATOR_INTERVAL_MS=3600000
      // FEED_SIMULATOR_LIVE_INTERVAL_MS=60000'). Neither is set by a normal run.
      ...(process.env.BENCH_API_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_API_NODE_OPTIONS } : {}),
      ...apiEnvOverrides(),
      ...env,
    },
    readyUrl: `${apiUrl}/spa/health`,
  });
}

/** Waits for the simulator's first round: the sports list names every sport. */
export async function waitForFixtures(url: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const response = await fetch(url);
    const body = (await response.json()) as { sports?: Record<string, unknown> };
    if (response.ok && Object.keys(body.sports ?? {}).length >= 6) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the feed simulator supplied no fixtures in time');
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

/** The two top-offer calls against the hello-world route, on the embedded database as `npm start` runs. */
async function feedCalls(options: LoadOptions): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playhouse-bench-sports-'));
  const hello = await startHello();
  const api = await startSportsApi({ DATA_DIR: dataDir });
  const comparisons: Comparison[] = [];
  try {
    const plain = feedTargets(Date.now());
    const targets = [...plain, ...plain.flatMap(compressed)];
    await waitForFixtures(targets[0]!.url);
    console.log('sports benchmark: warming up the top-offer calls');
    await warmUp([baseline, ...targets], options);
    for (const target of targets) {
      console.log(`sports benchmark: ${target.label} against the ${baseline.label}`);
      comparisons.push(await compare(target, baseline, options));
    }
  } finally {
    await Promise.all([api.stop(), hello.stop()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const date = runDate();
  writeResults('sports-feed', { date, machine: machine(), options, comparisons });
  await writeSection(
    'sports-feed',
    `## Sports: the two top-offer calls against a hello-world Fastify route

- Date: ${date}
- Machine: ${machine()}
- Load: ${loadDescription(options)}
- Api: \`npm start -w @playhouse/api\` on a fresh seeded PGlite with the feed simulator on (six sports, about 230 fixtures over three days), LOG_LEVEL=warn, rate limit raised. The query is what the web's top-offer block sends, start_date fixed at the start of the run. The "bytes client" rows are measured (target and baseline alike) by a keep-alive Node client that reads bodies as bytes (autocannon decodes every body to text, which for a compressed body costs the client more than the server's answer); the Accept-Encoding rows ask as browsers do, and the answers come brotli-compressed (compressed once per answer and kept until the odds change). Baseline: a Fastify app with one route returning \`{"hello":"world"}\`.
- Ratio = target req/s ÷ baseline req/s (higher is better, 1.00 = as fast as hello-world); p99 ratio = target p99 ÷ baseline p99 (a baseline p99 under 1 ms counts as 1 ms).

${table(['request', 'req/s', 'p99 ms', 'baseline req/s', 'baseline p99 ms', 'ratio', 'p99 ratio'], comparisonRows(comparisons))}`,
  );
}

export interface Bettor {
  cookie: string;
}

/** Players with a session and 1,000.00 EUR each, made through the api's own session and wallet services. */
export async function bettors(handle: DbHandle, count: number): Promise<Bettor[]> {
  const sessions = createSessionService({ db: handle.db });
  const wallet = createWalletService({ db: handle.db });
  const list: Bettor[] = [];
  for (let i = 0; i < count; i++) {
    const username = `bench_${i}_${randomBytes(3).toString('hex')}`;
    const [user] = await handle.db
      .insert(schema.users)
      .values({ email: `${username}@bench.test`, username, passwordHash: 'not-used', currency: 'EUR' })
      .returning({ id: schema.users.id });
    await wallet.transfer({
      idempotencyKey: `bench-fund:${randomUUID()}`,
      kind: 'deposit',
      currency: 'EUR',
      legs: [
        { account: { userId: user!.id, kind: 'main' }, amount: 100_000n },
        { account: { house: 'world' }, amount: -100_000n },
      ],
    });
    const session = await sessions.create(handle.db, user!.id, { ip: '127.0.0.1', userAgent: 'bench' });
    list.push({ cookie: `${SESSION_COOKIE}=${session.token}` });
  }
  return list;
}

/** Open outcomes of matches that start more than two hours from now, so none closes during the run. */
export async function openOutcomes(handle: DbHandle): Promise<{ outcomeId: number; odd: number }[]> {
  const rows = await handle.db
    .select({ outcomeId: schema.outcomes.id, odd: schema.outcomes.oddThousandths })
    .from(schema.outcomes)
    .innerJoin(schema.markets, eq(schema.markets.id, schema.outcomes.marketId))
    .innerJoin(schema.matches, eq(schema.matches.id, schema.markets.matchId))
    .where(
      and(
        eq(schema.matches.status, 'scheduled'),
        gt(schema.matches.startsAt, new Date(Date.now() + 2 * HOUR)),
        eq(schema.markets.status, 'open'),
        eq(schema.outcomes.status, 'open'),
      ),
    )
    .orderBy(asc(schema.outcomes.id))
    .limit(500);
  return rows.map((row) => ({ outcomeId: row.outcomeId, odd: row.odd / 1000 }));
}

interface PlacementRun {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  placed: number;
  refused: number;
}

/** Singles at 0.10 EUR from many players at once, each with its own Idempotency-Key, policy "any". */
async function placeBets(
  players: Bettor[],
  outcomes: { outcomeId: number; odd: number }[],
  seconds: number,
  connections: number,
): Promise<PlacementRun> {
  let sequence = 0;
  const result = await autocannon({
    url: `${apiUrl}/spa/sports/bets`,
    method: 'POST',
    connections,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        setupRequest: (request) => {
          sequence += 1;
          const player = players[sequence % players.length]!;
          const outcome = outcomes[sequence % outcomes.length]!;
          return {
            ...request,
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              origin: benchSiteUrl,
              cookie: player.cookie,
              'idempotency-key': `bench-${randomUUID()}`,
            },
            body: JSON.stringify({
              kind: 'single',
              stake: '0.10',
              oddsChangePolicy: 'any',
              selections: [outcome],
            }),
          };
        },
      },
    ],
  });
  if (result.errors > 0) throw new Error(`bet placement: ${result.errors} connection errors`);
  const placed = result.statusCodeStats['201']?.count ?? 0;
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    placed,
    refused: result.non2xx,
  };
}

/** Bet placement per second on a PostgreSQL server (BENCH_DATABASE_URL), in a database of its own. */
async function betPlacement(options: LoadOptions): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.log('sports benchmark: BENCH_DATABASE_URL is not set, skipping bet placement on PostgreSQL');
    return;
  }
  const name = `playhouse_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  const handle = await createDb({ databaseUrl, poolSize: 4 });
  let api: RunningServer | null = null;
  const runs: PlacementRun[] = [];
  let betsInDatabase = 0;
  let pgbenchTps = 0;
  try {
    await seedDemo(handle.db);
    const players = await bettors(handle, 200);
    api = await startSportsApi({ DATABASE_URL: databaseUrl });
    const list = feedTargets(Date.now())[0]!.url;
    await waitForFixtures(list);
    const outcomes = await openOutcomes(handle);
    console.log(`sports benchmark: ${players.length} players, ${outcomes.length} outcomes; warming up placement`);
    await placeBets(players, outcomes, options.warmup, options.connections);
    for (let round = 0; round < options.rounds; round++) {
      const run = await placeBets(players, outcomes, options.duration, options.connections);
      console.log(
        `  round ${round + 1}/${options.rounds}: ${run.requestsPerSecond.toFixed(0)} bets/s, p99 ${run.latencyP99Ms} ms, ` +
          `${run.placed} placed, ${run.refused} refused`,
      );
      runs.push(run);
    }
    const [bets] = await handle.db.select({ value: count() }).from(schema.bets);
    betsInDatabase = bets?.value ?? 0;
    await api.stop();
    api = null;
    console.log('sports benchmark: pgbench -N on the same server');
    pgbenchTps = await withScratchDatabase(serverUrl, async (scratch) =>
      pgbench(scratch, options.connections, options.duration),
    );
  } finally {
    await api?.stop();
    await handle.close();
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const date = runDate();
  writeResults('sports-bets', { date, machine: machine(), options, runs, betsInDatabase, pgbenchTps });
  const betsPerSecond = median(runs.map((run) => run.requestsPerSecond));
  const rows = [
    [
      'POST /spa/sports/bets (single, 0.10 EUR, 200 players)',
      formatNumber(betsPerSecond),
      formatNumber(median(runs.map((run) => run.latencyP50Ms))),
      formatNumber(median(runs.map((run) => run.latencyP99Ms))),
      formatNumber(runs.reduce((total, run) => total + run.placed, 0)),
      formatNumber(runs.reduce((total, run) => total + run.refused, 0)),
      formatNumber(pgbenchTps),
      formatRatio(betsPerSecond / pgbenchTps),
    ],
  ];
  await writeSection(
    'sports-bets',
    `## Sports: bet placement on PostgreSQL

- Date: ${date}
- Machine: ${machine()}
- Load: autocannon, ${options.connections} connections; ${options.rounds} rounds of ${options.duration} s after ${options.warmup} s of warm-up; medians of the rounds.
- Api: \`npm start -w @playhouse/api\` on PostgreSQL (a fresh database on the server at BENCH_DATABASE_URL, pool of 20), the feed simulator supplying the fixtures, LOG_LEVEL=warn, rate limit raised. Each request places a single at 0.10 EUR with its own Idempotency-Key for one of 200 funded players (session cookies), on one of the open outcomes of matches more than two hours away: one transaction writing the bet, its selection and the double-entry stake transfer (accounts locked in id order). Every stake also credits the house 'sports' account, split into 16 sub-accounts (one per player id mod 16). The machine was shared with other work: compare the hello-world baseline of the section above, measured minutes before.
- Baseline: \`pgbench -N -c ${options.connections}\` (update an account, read it, insert a history row) on the same server right after the placements, ${options.duration} s.
- Every 201 is a bet in the database: ${formatNumber(betsInDatabase)} bets after the run, warm-up included.

${table(['request', 'bets/s', 'p50 ms', 'p99 ms', 'placed', 'refused', 'pgbench -N tps', 'ratio'], rows)}`,
  );
}

/** Bet placement per second on PostgreSQL only (`npm run bench -- sports-bets`). */
export async function sportsBetsBenchmark(): Promise<void> {
  await betPlacement(defaultLoadOptions());
  console.log('sports benchmark: results in bench/results/sports-bets.json and docs/benchmarks.md');
}

/** The two top-offer calls against hello-world, then bet placement per second on PostgreSQL. */
export async function sportsBenchmark(): Promise<void> {
  const options = defaultLoadOptions();
  await feedCalls(options);
  await betPlacement(options);
  console.log('sports benchmark: results in bench/results/sports-*.json and docs/benchmarks.md');
}
