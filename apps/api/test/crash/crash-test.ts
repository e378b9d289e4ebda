/*
 * Crash test on PostgreSQL: `npm run crash-test` (node scripts/with-postgres.mjs … this file).
 *
 * A real api process serves seamless-wallet bets and wins from many concurrent clients while this driver kills it
 * with SIGKILL several times and starts it again. Clients retry every request that got no answer with the same
 * transaction id (as a provider does). At the end every acknowledged request must have been applied exactly once:
 * one stored call per transaction id, one ledger transfer per call that moved money, each player's balance exactly
 * what the acknowledged answers add up to, and the reconciliation finding nothing. Prints the figures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { createDb, schema } from '@playhouse/db';
import { loadMessages } from '@playhouse/db/messages';
import { seedCasino } from '@playhouse/db/seed/casino';
import { demoCategories } from '@playhouse/db/seed/content/categories';
import { demoLocales } from '@playhouse/db/seed/content/locales';
import { seedPaymentMethods } from '@playhouse/db/seed/payment-methods';
import { formatMinor } from '@playhouse/shared';
import { manualClock } from '../../src/lib/clock';
import { signBody } from '../../src/services/providers/provider-signature';
import { createReconciliationService } from '../../src/services/reconciliation/reconciliation-service';
import { seededRandom } from '../helpers/random';
import {
  buildCasinoApp,
  fund,
  openGameSession,
  PROVIDER_SECRETS,
  signedInPlayer,
  unixNow,
} from '../helpers/games-fixtures';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = Number(process.env.CRASH_API_PORT ?? 4079);
const PLAYERS = Number(process.env.CRASH_PLAYERS ?? 8);
const CLIENTS = Number(process.env.CRASH_CLIENTS ?? 16);
const KILLS = Number(process.env.CRASH_KILLS ?? 5);
const SEED = Number(process.env.CRASH_SEED ?? 9);
const INITIAL = 100_000n;

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL must point at a PostgreSQL database (npm run crash-test starts a throw-away one).');
  process.exit(2);
}

const random = seededRandom(SEED);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The database: migrated, with the demo casino, and players with money and an open game each.
const handle = await createDb({ databaseUrl });
await handle.db.insert(schema.locales).values(demoLocales());
await loadMessages(handle.db);
await handle.db.insert(schema.navCategories).values(demoCategories());
await seedPaymentMethods(handle.db);
await handle.db.transaction((tx) => seedCasino(tx));
const setup = await buildCasinoApp({}, { handle });
const players: { id: number; sessionId: string }[] = [];
for (let index = 0; index < PLAYERS; index++) {
  const player = await signedInPlayer(setup);
  await fund(setup, player.id, INITIAL);
  players.push({ id: player.id, sessionId: await openGameSession(setup, 'netstar', player, 'book-of-gold') });
}
await setup.app.close();

// The api, as its own process (node with tsx's loader: one process, so SIGKILL kills the api itself).
let api: ChildProcess | null = null;
function startApi() {
  api = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      API_PORT: String(PORT),
      API_HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      JOBS_ENABLED: 'false',
      FEED_SIMULATOR: 'off',
      LOG_LEVEL: 'error',
      RATE_LIMIT_MAX: '10000000',
      PROVIDER_SECRET_NETSTAR: PROVIDER_SECRETS.netstar,
      PROVIDER_SECRET_ORIGINALS: PROVIDER_SECRETS.originals,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
async function untilHealthy() {
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${PORT}/spa/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('the api did not come up');
}

type Answer = { status: 'ok' | 'error'; code?: string };
const figures = { requests: 0, acknowledged: 0, retries: 0, kills: 0 };

/** Sends one wallet call until the api answers it (a dead or restarting api gets the same call again). */
async function call(kind: 'bet' | 'win', body: Record<string, string>): Promise<Answer> {
  figures.requests += 1;
  for (;;) {
    const payload = JSON.stringify(body);
    const timestamp = String(unixNow());
    try {
      const response = await fetch(`http://127.0.0.1:${PORT}/spa/providers/netstar/${kind}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-provider-timestamp': timestamp,
          'x-provider-signature': signBody(PROVIDER_SECRETS.netstar, payload, timestamp),
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      if (response.status < 500) {
        const answer = (await response.json()) as Answer;
        figures.acknowledged += 1;
        return answer;
      }
    } catch {
      // connection refused or reset: the api is down
    }
    figures.retries += 1;
    await sleep(50);
  }
}

interface Acknowledged {
  playerId: number;
  kind: 'bet' | 'win';
  transactionId: string;
  amount: bigint;
  answer: Answer;
}
const acknowledged: Acknowledged[] = [];
let running = true;

async function client(index: number) {
  const player = players[index % players.length]!;
  while (running) {
    const roundId = `crash-${randomUUID()}`;
    const stake = BigInt(random.int(1, 500));
    const base = { sessionId: player.sessionId, roundId, playerId: String(player.id), gameId: 'book-of-gold' };
    const bet = { ...base, transactionId: `bet-${roundId}`, amount: formatMinor(stake, 'EUR'), currency: 'EUR' };
    const betAnswer = await call('bet', bet);
    acknowledged.push({
      playerId: player.id,
      kind: 'bet',
      transactionId: bet.transactionId,
      amount: stake,
      answer: betAnswer,
    });
    if (betAnswer.status !== 'ok') continue;
    const won = BigInt(random.int(0, 3)) * stake;
    const win = { ...base, transactionId: `win-${roundId}`, amount: formatMinor(won, 'EUR'), currency: 'EUR' };
    const winAnswer = await call('win', win);
    acknowledged.push({
      playerId: player.id,
      kind: 'win',
      transactionId: win.transactionId,
      amount: won,
      answer: winAnswer,
    });
  }
}

startApi();
await untilHealthy();
const started = Date.now();
const clients = Array.from({ length: CLIENTS }, (_, index) => client(index));
for (let kill = 0; kill < KILLS; kill++) {
  await sleep(random.int(800, 2500));
  const dying = api!;
  const exited = new Promise((resolve) => dying.once('exit', resolve));
  dying.kill('SIGKILL');
  await exited;
  figures.kills += 1;
  await sleep(random.int(50, 500));
  startApi();
  await untilHealthy();
}
await sleep(1_000);
running = false;
await Promise.all(clients);
const seconds = (Date.now() - started) / 1000;
const last = api as ChildProcess | null;
if (last) {
  const exited = new Promise((resolve) => last.once('exit', resolve));
  last.kill('SIGTERM');
  await exited;
}

// The proof: every acknowledged call applied exactly once, nothing else applied.
const problems: string[] = [];
const stored = (
  (await handle.db.execute(
    sql`select transaction_id, type, status, amount::text as amount, ledger_transfer_id from provider_transactions
        where provider = 'netstar' and round_id like 'crash-%'`,
  )) as unknown as {
    rows: { transaction_id: string; type: string; status: string; amount: string; ledger_transfer_id: string | null }[];
  }
).rows;
const byId = new Map<string, typeof stored>();
for (const row of stored) byId.set(row.transaction_id, [...(byId.get(row.transaction_id) ?? []), row]);
const expected = new Map(players.map((player) => [player.id, INITIAL]));
for (const request of acknowledged) {
  const rows = byId.get(request.transactionId) ?? [];
  const ok = request.answer.status === 'ok';
  if (ok && rows.length !== 1) problems.push(`${request.transactionId} acknowledged ok, stored ${rows.length} times`);
  if (ok && rows[0]?.status !== 'ok')
    problems.push(`${request.transactionId} acknowledged ok, stored ${rows[0]?.status}`);
  if (ok && request.amount > 0n && !rows[0]?.ledger_transfer_id)
    problems.push(`${request.transactionId} has no transfer`);
  if (!ok && rows.some((row) => row.status === 'ok')) problems.push(`${request.transactionId} refused but applied`);
  if (ok) {
    const delta = request.kind === 'bet' ? -request.amount : request.amount;
    expected.set(request.playerId, expected.get(request.playerId)! + delta);
  }
}
const answeredIds = new Set(acknowledged.map((request) => request.transactionId));
for (const id of byId.keys()) if (!answeredIds.has(id)) problems.push(`${id} applied but never acknowledged`);
const transfers = (
  (await handle.db.execute(
    sql`select ledger_transfer_id, count(*)::int as n from provider_transactions
        where ledger_transfer_id is not null group by ledger_transfer_id having count(*) > 1`,
  )) as unknown as { rows: unknown[] }
).rows;
if (transfers.length > 0) problems.push(`${transfers.length} ledger transfers shared by several calls`);
for (const player of players) {
  const result = (await handle.db.execute(
    sql`select coalesce(sum(balance), 0)::text as balance from ledger_accounts where user_id = ${player.id}`,
  )) as unknown as { rows: { balance: string }[] };
  const balance = BigInt(result.rows[0]!.balance);
  if (balance !== expected.get(player.id)) {
    problems.push(`player ${player.id}: balance ${balance}, acknowledged answers add up to ${expected.get(player.id)}`);
  }
}
const report = await createReconciliationService({
  db: handle.db,
  clock: manualClock(new Date()),
  log: { error: () => undefined },
  graceMs: 0,
}).run();
for (const finding of report.findings) {
  // With no grace, a round whose bet was refused has nothing open; any bet without its win is a finding.
  if (finding.count > 0) problems.push(`reconciliation ${finding.check}: ${finding.count}`);
}
await handle.close();

const okCount = acknowledged.filter((request) => request.answer.status === 'ok').length;
console.log(
  `crash test: ${figures.requests} requests from ${CLIENTS} clients on ${PLAYERS} players in ${seconds.toFixed(1)} s, ` +
    `${figures.kills} SIGKILLs, ${figures.retries} retries of unanswered requests, ${okCount} applied, ` +
    `${acknowledged.length - okCount} refused; ${problems.length} discrepancies`,
);
for (const problem of problems.slice(0, 20)) console.log(`  ${problem}`);
process.exit(problems.length === 0 ? 0 : 1);
