/*
 * Crash test on PostgreSQL: `npm run crash-test` (node scripts/with-postgres.mjs … this file).
 *
 * A real api process serves seamless-wallet bets and wins from many concurrent clients while this driver kills it
 * with SIGKILL several times and starts it again. Clients retry every request that got no answer with the same
 * transaction id (as a provider does). At the end every acknowledged request must have been applied exactly once:
 * one stored call per transaction id, one ledger transfer per call that moved money, each player's balance exactly
 * what the acknowledged answers add up to, and the reconciliation finding nothing. Prints the figures.
 *
 * Meanwhile other players sit at the shared roulette table, whose clock runs in the api (its job): the kills land in
 * the middle of its rounds, between a slip and its wallet bet, a result and its wins. When the dust settles every slip
 * must be settled (paid exactly what its bets win on the round's published result, one bet and one win), or cancelled
 * with its stake returned, and each table player's balance must be what their settled slips add up to.
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
import { playFairTableRound, tableInputFromJson } from '@playhouse/games';
import { formatMinor, originalsSessionResponseSchema } from '@playhouse/shared';
import { manualClock } from '../../src/lib/clock';
import { signBody } from '../../src/services/providers/provider-signature';
import { createReconciliationService } from '../../src/services/reconciliation/reconciliation-service';
import { seededRandom } from '../helpers/random';
import {
  buildCasinoApp,
  fund,
  launchToken,
  openGameSession,
  PROVIDER_SECRETS,
  signedInPlayer,
  SITE_ORIGIN,
  unixNow,
} from '../helpers/games-fixtures';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = Number(process.env.CRASH_API_PORT ?? 4079);
const PLAYERS = Number(process.env.CRASH_PLAYERS ?? 8);
const CLIENTS = Number(process.env.CRASH_CLIENTS ?? 16);
const KILLS = Number(process.env.CRASH_KILLS ?? 5);
const SEED = Number(process.env.CRASH_SEED ?? 9);
const TABLE_PLAYERS = Number(process.env.CRASH_TABLE_PLAYERS ?? 4);
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
// Players seated at the shared roulette table, each with the game session its page would hold.
const seated: { id: number; token: string }[] = [];
for (let index = 0; index < TABLE_PLAYERS; index++) {
  const player = await signedInPlayer(setup);
  await fund(setup, player.id, INITIAL);
  const opened = await setup.app.inject({
    method: 'POST',
    url: '/spa/games/originals/sessions',
    headers: { origin: SITE_ORIGIN },
    payload: { launchToken: await launchToken(setup, player, 'roulette-table') },
  });
  seated.push({ id: player.id, token: originalsSessionResponseSchema.parse(opened.json()).session.token });
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
      // The shared table's clock (and the Originals settlement) are jobs: they run in the api that gets killed.
      JOBS_ENABLED: 'true',
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

/** What a table player was answered: a slip the wallet took (201), or a refusal that moved nothing. */
const tableAnswers: { playerId: number; roundId: number; status: number; code?: string }[] = [];

/** A player at the shared table: a slip on each round that takes bets, retried on no answer like the page would. */
async function tablePlayer(seat: { id: number; token: string }) {
  const headers = { origin: SITE_ORIGIN, 'x-game-session': seat.token, 'content-type': 'application/json' };
  const tried = new Set<number>();
  while (running) {
    try {
      const state = (await (
        await fetch(`http://127.0.0.1:${PORT}/spa/games/originals/shared/roulette-table/state`, {
          signal: AbortSignal.timeout(5_000),
        })
      ).json()) as { round: { id: number; status: string } | null };
      const round = state.round;
      if (round && round.status === 'betting' && !tried.has(round.id)) {
        tried.add(round.id);
        const stake = formatMinor(BigInt(random.int(10, 300)), 'EUR');
        const body = JSON.stringify({
          game: 'roulette-european',
          roundId: round.id,
          bets: { bets: [{ kind: random.int(0, 1) === 0 ? 'red' : 'black', stake }] },
        });
        for (let attempt = 0; attempt < 20 && running; attempt++) {
          try {
            const response = await fetch(`http://127.0.0.1:${PORT}/spa/games/originals/shared/bets`, {
              method: 'POST',
              headers,
              body,
              signal: AbortSignal.timeout(10_000),
            });
            if (response.status >= 500) throw new Error(`answered ${response.status}`);
            const answer = (await response.json()) as { error?: { code: string } };
            tableAnswers.push({
              playerId: seat.id,
              roundId: round.id,
              status: response.status,
              code: answer.error?.code,
            });
            break;
          } catch {
            figures.retries += 1;
            await sleep(100);
          }
        }
      }
    } catch {
      // the api is down: look again in a moment
    }
    await sleep(random.int(200, 600));
  }
}

startApi();
await untilHealthy();
const started = Date.now();
const clients = [
  ...Array.from({ length: CLIENTS }, (_, index) => client(index)),
  ...seated.map((seat) => tablePlayer(seat)),
];
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

// The table's last rounds finish in an api of this process: its clock past every round, the slips whose bet got no
// answer aged past the minute, and the settlement run, so every slip ends settled or cancelled.
const finisher = await buildCasinoApp({}, { handle });
for (let step = 0, at = Date.now(); step < 8; step++) {
  at += 60_000;
  await finisher.app.services.sharedTables.tick(new Date(at));
}
await handle.db.execute(
  sql`update shared_table_bets set created_at = now() - interval '5 minutes' where status = 'placed'`,
);
for (let pass = 0; pass < 3; pass++) await finisher.app.services.originalsSettlement.settleDue();
await finisher.app.close();

// The proof: every acknowledged call applied exactly once, nothing else applied.
const problems: string[] = [];

// The shared table: each slip settled or cancelled, settled ones paid exactly their bets' win on the round's result.
const slips = (
  (await handle.db.execute(
    sql`select b.id, b.round_id, b.status, b.stake::text as stake, b.payout::text as payout, b.bets, b.wallet_round_id,
          s.user_id, r.server_seed, r.client_seed, r.status as round_status
        from shared_table_bets b join originals_sessions s on s.id = b.session_id
        join shared_table_rounds r on r.id = b.round_id`,
  )) as unknown as {
    rows: {
      id: string;
      round_id: string;
      status: string;
      stake: string;
      payout: string | null;
      bets: Record<string, unknown>;
      wallet_round_id: string;
      user_id: string;
      server_seed: string;
      client_seed: string;
      round_status: string;
    }[];
  }
).rows;
const tableExpected = new Map(seated.map((seat) => [seat.id, INITIAL]));
let slipsSettled = 0;
for (const slip of slips) {
  const calls = (
    (await handle.db.execute(
      sql`select type, status, amount::text as amount from provider_transactions
          where provider = 'originals' and round_id = ${slip.wallet_round_id}`,
    )) as unknown as { rows: { type: string; status: string; amount: string }[] }
  ).rows;
  const ok = (type: string) => calls.filter((row) => row.type === type && row.status === 'ok');
  if (slip.status === 'settled') {
    slipsSettled += 1;
    const played = await playFairTableRound(
      { serverSeed: slip.server_seed, clientSeed: slip.client_seed, nonce: 0 },
      tableInputFromJson({ game: 'roulette-european', bets: slip.bets, actions: [] }),
    );
    const payout = played.settlement!.totalPayout;
    if (slip.round_status !== 'result') problems.push(`slip ${slip.id} settled before its round's result`);
    if (BigInt(slip.payout ?? '-1') !== payout)
      problems.push(`slip ${slip.id} paid ${slip.payout}, its bets win ${payout}`);
    if (ok('bet').length !== 1 || ok('win').length !== 1 || ok('rollback').length !== 0) {
      problems.push(
        `slip ${slip.id}: ${ok('bet').length} bets, ${ok('win').length} wins, ${ok('rollback').length} rollbacks`,
      );
    }
    if (ok('win')[0] && BigInt(ok('win')[0]!.amount) !== payout)
      problems.push(`slip ${slip.id}: win call ${ok('win')[0]!.amount}`);
    const userId = Number(slip.user_id);
    tableExpected.set(userId, tableExpected.get(userId)! - BigInt(slip.stake) + payout);
  } else if (slip.status === 'cancelled') {
    if (ok('win').length > 0) problems.push(`slip ${slip.id} cancelled but paid`);
    if (ok('bet').length > 0 && ok('rollback').length !== 1)
      problems.push(`slip ${slip.id} cancelled without its rollback`);
  } else if (slip.status !== 'refused') {
    problems.push(`slip ${slip.id} left ${slip.status}`);
  }
}
for (const answer of tableAnswers) {
  if (answer.status !== 201) continue;
  const slip = slips.find((row) => Number(row.round_id) === answer.roundId && Number(row.user_id) === answer.playerId);
  if (slip?.status !== 'settled') problems.push(`a slip acknowledged 201 ended ${slip?.status ?? 'missing'}`);
}
for (const seat of seated) {
  const result = (await handle.db.execute(
    sql`select coalesce(sum(balance), 0)::text as balance from ledger_accounts where user_id = ${seat.id}`,
  )) as unknown as { rows: { balance: string }[] };
  if (BigInt(result.rows[0]!.balance) !== tableExpected.get(seat.id)) {
    problems.push(
      `table player ${seat.id}: balance ${result.rows[0]!.balance}, settled slips add up to ${tableExpected.get(seat.id)}`,
    );
  }
}
const tableRounds = (
  (await handle.db.execute(sql`select count(*)::int as n from shared_table_rounds`)) as unknown as {
    rows: { n: number }[];
  }
).rows[0]!.n;
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
// (The shared table's wallet calls are the host's, checked with its slips above.)
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
    `${acknowledged.length - okCount} refused; shared roulette table: ${tableRounds} rounds, ${slips.length} slips ` +
    `from ${TABLE_PLAYERS} players (${slipsSettled} settled); ${problems.length} discrepancies`,
);
for (const problem of problems.slice(0, 20)) console.log(`  ${problem}`);
process.exit(problems.length === 0 ? 0 : 1);
