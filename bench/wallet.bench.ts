import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { createDb, schema, type Db, type DbHandle } from '@playhouse/db';
import { createWalletService } from '@playhouse/api';
import { loadMessages } from '@playhouse/db/messages';
import { demoLocales } from '@playhouse/db/seed/content/locales';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { benchSiteUrl } from './lib/api-server';
import { pgbench, pgbenchScript, withScratchDatabase } from './lib/pgbench';
import { defaultLoadOptions, measure, type LoadOptions, type Target } from './lib/load';
import { PORTS } from './lib/ports';
import { formatNumber, formatRatio, machine, runDate, table, writeResults, writeSection } from './lib/report';
import { benchDir, startServer } from './lib/servers';

const PLAYERS = 200;

interface Throughput {
  perSecond: number;
  done: number;
}

/** Runs `step` from `workers` concurrent loops for `seconds`; counts completed steps. */
async function loop(
  workers: number,
  seconds: number,
  step: (worker: number, i: number) => Promise<void>,
): Promise<Throughput> {
  const deadline = Date.now() + seconds * 1000;
  const started = Date.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let i = 0; Date.now() < deadline; i++) {
        await step(worker, i);
        done += 1;
      }
    }),
  );
  return { perSecond: done / ((Date.now() - started) / 1000), done };
}

async function fundedPlayers(db: Db): Promise<number[]> {
  const wallet = createWalletService({ db });
  const ids: number[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const username = `wb_${i}_${randomBytes(3).toString('hex')}`;
    const [row] = await db
      .insert(schema.users)
      .values({ email: `${username}@bench.test`, username, passwordHash: 'not-used', currency: 'EUR' })
      .returning({ id: schema.users.id });
    await wallet.transfer({
      idempotencyKey: `wb-fund:${randomUUID()}`,
      kind: 'deposit',
      currency: 'EUR',
      legs: [
        { account: { userId: row!.id, kind: 'main' }, amount: 100_000_000n },
        { account: { house: 'world' }, amount: -100_000_000n },
      ],
    });
    ids.push(row!.id);
  }
  return ids;
}

/**
 * The same casino bet as `walletTransfers`, sent by pgbench straight to the `ledger_transfer` function (no Node, no
 * driver; the legs as `wallet.transfer` builds them: the player's main account, then the house 'casino' sub-account of
 * user id mod 16): what the database alone costs per transfer. The players are funded ones with ids from :lo to :hi.
 */
const LEDGER_TRANSFER_SCRIPT = `\\set uid random(:lo, :hi)
select outcome from ledger_transfer('pgb:' || :client_id || ':' || md5(random()::text || clock_timestamp()::text),
  'bench', 'casino_bet', 'EUR', '{}'::jsonb, array[:uid, null]::bigint[], array['main', 'casino']::text[],
  array[0, :uid % 16]::integer[], array[-1, 1]::bigint[]);
`;

/** Casino bets of 0.01 from random players: one double-entry transfer each, with its own idempotency key. */
async function walletTransfers(
  handle: DbHandle,
  workers: number,
  seconds: number,
): Promise<Throughput & { players: number[] }> {
  const players = await fundedPlayers(handle.db);
  const wallet = createWalletService({ db: handle.db });
  const bet = (worker: number, i: number) =>
    wallet.transfer({
      idempotencyKey: `wb-bet:${worker}:${i}:${randomUUID()}`,
      kind: 'casino_bet',
      currency: 'EUR',
      legs: [
        { account: { userId: players[(worker * 7919 + i) % players.length]!, kind: 'main' }, amount: -1n },
        { account: { house: 'casino' }, amount: 1n },
      ],
    });
  await loop(workers, Math.min(3, seconds), async (w, i) => void (await bet(w, i)));
  return { ...(await loop(workers, seconds, async (w, i) => void (await bet(w, i)))), players };
}

/** pgbench's built-in "simple update" script (-N), as pgbench runs it, for the embedded engine it cannot reach. */
async function pgbenchSimpleUpdateOnPglite(db: Db, seconds: number): Promise<Throughput> {
  await db.execute(sql`create table pgbench_accounts (aid int primary key, bid int, abalance int, filler char(84))`);
  await db.execute(
    sql`create table pgbench_history (tid int, bid int, aid int, delta int, mtime timestamp, filler char(22))`,
  );
  await db.execute(sql`insert into pgbench_accounts select g, 1, 0, '' from generate_series(1, 100000) g`);
  const step = async () => {
    const aid = 1 + Math.floor(Math.random() * 100_000);
    const delta = Math.floor(Math.random() * 10_001) - 5000;
    await db.transaction(async (tx) => {
      await tx.execute(sql`update pgbench_accounts set abalance = abalance + ${delta} where aid = ${aid}`);
      await tx.execute(sql`select abalance from pgbench_accounts where aid = ${aid}`);
      await tx.execute(
        sql`insert into pgbench_history (tid, bid, aid, delta, mtime) values (1, 1, ${aid}, ${delta}, current_timestamp)`,
      );
    });
  };
  await loop(1, Math.min(3, seconds), step);
  return loop(1, seconds, step);
}

/** The whole messages in a mail folder (MAIL_DIR) to `to`, newest first, quoted-printable decoded. */
function mailsTo(mailDir: string, to: string): string[] {
  return fs
    .readdirSync(mailDir)
    .sort()
    .reverse()
    .map((file) => fs.readFileSync(path.join(mailDir, file), 'utf8'))
    .filter((mail) => mail.split('\n\n')[0]!.includes(`To: ${to}`))
    .map((mail) =>
      mail
        .slice(mail.indexOf('\n\n') + 2)
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
}

/**
 * Makes the benchmark's player as a new player is made: solves the captcha, registers, reads the confirmation link
 * from the mailbox and confirms (registration creates no account until the e-mail address is confirmed).
 */
async function registerThroughMailbox(apiUrl: string, mailDir: string, email: string, password: string) {
  const headers = { 'content-type': 'application/json', origin: benchSiteUrl };
  const challenge = (await (await fetch(`${apiUrl}/spa/captcha/challenge`)).json()) as Parameters<
    typeof solveChallenge
  >[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('login: the captcha challenge could not be solved');
  const registered = await fetch(`${apiUrl}/spa/users`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      email,
      username: 'login_bench',
      fullName: 'Login Bench',
      password,
      phone: '+49 151 23456789',
      country: 'DE',
      currency: 'EUR',
      dateOfBirth: '1990-05-17',
      termsAccepted: true,
      captcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    }),
  });
  if (registered.status !== 202) throw new Error(`login: registration answered ${registered.status}`);
  const deadline = Date.now() + 30_000;
  let token: string | undefined;
  while (!token && Date.now() < deadline) {
    token = /\/auth\/confirm-email\?token=([A-Za-z0-9_-]{43})/.exec(mailsTo(mailDir, email)[0] ?? '')?.[1];
    if (!token) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!token) throw new Error('login: no confirmation e-mail arrived');
  const confirmed = await fetch(`${apiUrl}/spa/users/registration/confirmation`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ token }),
  });
  if (confirmed.status !== 201) throw new Error(`login: the confirmation answered ${confirmed.status}`);
}

/** Login (argon2id with the production settings) against the hello-world route. */
async function loginLatency(options: LoadOptions) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playhouse-bench-login-'));
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playhouse-bench-mail-'));
  // The locales and UI texts the registration e-mail is worded from; the player is registered through the api.
  const handle = await createDb({ dataDir });
  await handle.db.insert(schema.locales).values(demoLocales());
  await loadMessages(handle.db);
  await handle.close();
  const password = `bench-${randomBytes(8).toString('hex')}-Login`;
  const email = 'login-bench@bench.test';
  const hello = await startServer({
    name: 'hello-fastify',
    command: process.execPath,
    args: ['--import', 'tsx', 'baselines/hello-fastify.ts'],
    cwd: benchDir,
    env: { PORT: String(PORTS.helloFastify) },
    readyUrl: `http://127.0.0.1:${PORTS.helloFastify}/hello`,
  });
  const apiUrl = `http://127.0.0.1:${PORTS.api}`;
  const api = await startServer({
    name: 'login-api',
    command: process.execPath,
    args: ['--import', 'tsx', 'baselines/login-api.ts'],
    cwd: benchDir,
    env: {
      API_PORT: String(PORTS.api),
      DATA_DIR: dataDir,
      MAIL_DIR: mailDir,
      SITE_URL: benchSiteUrl,
      SEED_DEMO: 'false',
      JOBS_ENABLED: 'false',
      FEED_SIMULATOR: 'off',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000000',
      WALLET_CALLS_PER_MIN: '1000000000',
      CAPTCHA_SECRET: 'bench-captcha-secret-of-at-least-32-characters',
      CAPTCHA_DIFFICULTY: '20',
    },
    readyUrl: `${apiUrl}/spa/health`,
  });
  try {
    await registerThroughMailbox(apiUrl, mailDir, email, password);
    const body = JSON.stringify({ login: email, password });
    const login = async (seconds: number) => {
      const result = await autocannon({
        url: `${apiUrl}/spa/auth/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: benchSiteUrl },
        body,
        connections: options.connections,
        duration: seconds,
        timeout: 30,
      });
      if (result.errors > 0 || result.non2xx > 0) {
        const codes = Object.entries(result.statusCodeStats ?? {})
          .map(([code, stat]) => `${code}×${(stat as { count: number }).count}`)
          .join(', ');
        throw new Error(`login: ${result.errors} errors, ${result.non2xx} non-2xx (${codes})`);
      }
      return { perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
    };
    await login(options.warmup);
    const target = await login(options.duration);
    const baselineTarget: Target = { label: 'hello', url: `http://127.0.0.1:${PORTS.helloFastify}/hello` };
    const baseline = await measure(baselineTarget, options.connections, options.duration);
    return { target, baseline };
  } finally {
    await Promise.all([api.stop(), hello.stop()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(mailDir, { recursive: true, force: true });
  }
}

/** Wallet transfers per second on PGlite and PostgreSQL (each against pgbench -N in the same run), and login p99. */
export async function walletBenchmark(): Promise<void> {
  const options = defaultLoadOptions();
  const seconds = options.duration;
  const host = machine();

  console.log('wallet benchmark: PGlite (in-process, one connection)');
  const lite = await createDb();
  const liteWallet = await walletTransfers(lite, 1, seconds);
  const liteBaseline = await pgbenchSimpleUpdateOnPglite(lite.db, seconds);
  await lite.close();

  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  let postgres: { wallet: Throughput; direct: number; pgbench: number } | null = null;
  if (serverUrl) {
    console.log(`wallet benchmark: PostgreSQL, ${options.connections} concurrent transfers`);
    postgres = await withScratchDatabase(serverUrl, async (url) => {
      const handle = await createDb({ databaseUrl: url, poolSize: options.connections });
      try {
        const wallet = await walletTransfers(handle, options.connections, seconds);
        const lo = Math.min(...wallet.players);
        const hi = Math.max(...wallet.players);
        if (hi - lo + 1 !== wallet.players.length)
          throw new Error("wallet: the funded players' ids are not contiguous");
        const direct = pgbenchScript(url, LEDGER_TRANSFER_SCRIPT, { lo, hi }, options.connections, seconds);
        return { wallet, direct, pgbench: pgbench(url, options.connections, seconds) };
      } finally {
        await handle.close();
      }
    });
  } else {
    console.log('wallet benchmark: BENCH_DATABASE_URL is not set, skipping PostgreSQL');
  }

  console.log('wallet benchmark: login');
  // A failing login run must not lose the transfer figures measured before it: it is reported in the section.
  const login = await loginLatency(options).catch((error: unknown) => {
    console.error(error);
    return { failed: error instanceof Error ? error.message : String(error) };
  });

  const date = runDate();
  writeResults('wallet', { date, machine: host, options, liteWallet, liteBaseline, postgres, login });
  const rows = [
    [
      'PGlite (in-process)',
      formatNumber(liteWallet.perSecond),
      formatNumber(liteBaseline.perSecond),
      formatRatio(liteWallet.perSecond / liteBaseline.perSecond),
    ],
    ...(postgres
      ? [
          [
            `PostgreSQL 15, ${options.connections} clients`,
            formatNumber(postgres.wallet.perSecond),
            formatNumber(postgres.pgbench),
            formatRatio(postgres.wallet.perSecond / postgres.pgbench),
          ],
          [
            `PostgreSQL 15, ${options.connections} clients: \`ledger_transfer\` sent by pgbench (no Node)`,
            formatNumber(postgres.direct),
            formatNumber(postgres.pgbench),
            formatRatio(postgres.direct / postgres.pgbench),
          ],
        ]
      : []),
  ];
  await writeSection(
    'wallet',
    `## Wallet: transfers per second, and login latency

- Date: ${date}
- Machine: ${host}
- Wallet: casino bets of 0.01 EUR from ${PLAYERS} funded players, each one \`wallet.transfer\` on the pool (the transfers asked for in one turn of the event loop go as one call of \`ledger_transfer_batch\`, a named prepared statement: keys looked up, accounts locked players first then house, each transfer decided in order as \`ledger_transfer\` would, then the transfers, balances and entries written in one statement; a turn's lone transfer is one call of \`ledger_transfer\`; the balance NOTIFY goes out after the commit, coalesced); ${seconds} s after a short warm-up. Baseline: pgbench's "simple update" transaction (\`-N\`: update an account, read it, insert a history row) on the same server in the same run — \`pgbench -N -c ${options.connections}\` on PostgreSQL; on PGlite, which pgbench cannot reach, the same three statements run through the same driver. The house 'casino' account is 16 sub-accounts (a player's bets use the sub-account of user id mod 16); pgbench's rows are spread over 100,000 accounts. The third row sends the same transfer (the same legs, a new key each) from pgbench straight to the \`ledger_transfer\` function, with the baseline's clients, threads and protocol: what the database alone costs per transfer, without Node, drizzle or the driver.
- Login: \`POST /spa/auth/login\` with the production argon2id settings (19 MiB, t=2, p=1), autocannon with ${options.connections} connections for ${seconds} s after ${options.warmup} s of warm-up, the login limits lifted, the player registered through the api and confirmed from the mailbox first; baseline: the hello-world Fastify route.

${table(['engine', 'transfers/s', 'pgbench -N tps', 'ratio'], rows)}

${
  'failed' in login
    ? `Login: the run failed (${login.failed}).`
    : table(
        ['request', 'req/s', 'p50 ms', 'p99 ms', 'baseline req/s', 'baseline p99 ms', 'p99 ratio'],
        [
          [
            'POST /spa/auth/login',
            formatNumber(login.target.perSecond),
            formatNumber(login.target.p50),
            formatNumber(login.target.p99),
            formatNumber(login.baseline.requestsPerSecond),
            formatNumber(login.baseline.latencyP99Ms),
            formatNumber(login.target.p99 / Math.max(login.baseline.latencyP99Ms, 1), 1),
          ],
        ],
      )
}`,
  );
  console.log('wallet benchmark: results in bench/results/wallet.json and docs/benchmarks.md');
}
