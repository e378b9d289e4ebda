import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { createDb } from '@playhouse/db';
import { seedDemo } from '@playhouse/db/seed';
import { benchSiteUrl } from './lib/api-server';
import { defaultLoadOptions, type LoadOptions } from './lib/load';
import { pgbench, withScratchDatabase } from './lib/pgbench';
import { PORTS } from './lib/ports';
import { formatNumber, formatRatio, machine, runDate, table, writeResults, writeSection } from './lib/report';
import type { RunningServer } from './lib/servers';
import { bettors, feedTargets, openOutcomes, startSportsApi, waitForFixtures, type Bettor } from './sports.bench';

const apiUrl = `http://127.0.0.1:${PORTS.api}`;
/** Issue 21's players: ten at once, each cashing out its own open bets. */
const PLAYERS = 10;
// At 0.50 EUR each they fit the 1,000.00 EUR every bench player has; enough for a few hundred cash outs a second.
const BETS_PER_PLAYER = 1_800;

interface OpenBet {
  player: Bettor;
  betId: string;
}

/** Places `perPlayer` singles at 0.50 EUR for each player, ten requests at a time, through the api. */
async function placeOpenBets(players: Bettor[], outcomes: { outcomeId: number; odd: number }[], perPlayer: number) {
  const bets: OpenBet[] = [];
  let next = 0;
  const jobs = players.flatMap((player) => Array.from({ length: perPlayer }, () => player));
  async function worker() {
    while (next < jobs.length) {
      const player = jobs[next]!;
      const outcome = outcomes[next % outcomes.length]!;
      next += 1;
      const response = await fetch(`${apiUrl}/spa/sports/bets`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: benchSiteUrl,
          cookie: player.cookie,
          'idempotency-key': `bench-${randomUUID()}`,
        },
        body: JSON.stringify({ kind: 'single', stake: '0.50', oddsChangePolicy: 'any', selections: [outcome] }),
      });
      if (response.status === 201)
        bets.push({ player, betId: ((await response.json()) as { bet: { id: string } }).bet.id });
    }
  }
  await Promise.all(Array.from({ length: 10 }, worker));
  return bets;
}

/** Each bet's cash-out price now, as My bets asks for it (a bet without one is left out). */
async function pricesOf(players: Bettor[]): Promise<Map<string, string>> {
  const prices = new Map<string, string>();
  for (const player of players) {
    const response = await fetch(`${apiUrl}/spa/sports/cash-out`, { headers: { cookie: player.cookie } });
    const { offers } = (await response.json()) as { offers: { betId: string; price: string | null }[] };
    for (const offer of offers) if (offer.price) prices.set(offer.betId, offer.price);
  }
  return prices;
}

interface CashOutRun {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  paid: number;
  refused: number;
}

/** Whole cash outs from the queue of open bets, each with its own Idempotency-Key, at the price last seen. */
async function cashOuts(queue: OpenBet[], prices: Map<string, string>, seconds: number, connections: number) {
  const result = await autocannon({
    url: `${apiUrl}/spa/sports/cash-out`,
    method: 'POST',
    connections,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        setupRequest: (request) => {
          const bet = queue.shift();
          if (!bet) throw new Error('cash-out benchmark: out of open bets; raise BETS_PER_PLAYER');
          return {
            ...request,
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              origin: benchSiteUrl,
              cookie: bet.player.cookie,
              'idempotency-key': `bench-${randomUUID()}`,
            },
            body: JSON.stringify({ betId: bet.betId, seenPrice: prices.get(bet.betId) ?? '0.01' }),
          };
        },
      },
    ],
  });
  if (result.errors > 0) throw new Error(`cash out: ${result.errors} connection errors`);
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    paid: result.statusCodeStats['200']?.count ?? 0,
    refused: result.non2xx,
  } satisfies CashOutRun;
}

/**
 * Cash-out requests per second and their p99 under ten concurrent players on PostgreSQL (BENCH_DATABASE_URL), against
 * pgbench's simple-update transaction on the same server. Issue 21's goal: p99 at most 50 ms.
 */
async function cashOutLoad(options: LoadOptions): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.log('cash-out benchmark: BENCH_DATABASE_URL is not set, skipping');
    return;
  }
  // A database of its own on the server, dropped afterwards however the run ends.
  const { runs, pgbenchTps } = await withScratchDatabase(serverUrl, async (databaseUrl) => {
    const handle = await createDb({ databaseUrl, poolSize: 4 });
    let api: RunningServer | null = null;
    const runs: CashOutRun[] = [];
    try {
      await seedDemo(handle.db);
      const players = await bettors(handle, PLAYERS);
      api = await startSportsApi({ DATABASE_URL: databaseUrl });
      await waitForFixtures(feedTargets(Date.now())[0]!.url);
      const outcomes = await openOutcomes(handle);
      console.log(`cash-out benchmark: placing ${PLAYERS * BETS_PER_PLAYER} open bets`);
      const queue = await placeOpenBets(players, outcomes, BETS_PER_PLAYER);
      // Interleave the players, so the ten connections keep ten players busy at once.
      queue.sort((a, b) => a.betId.localeCompare(b.betId));
      await cashOuts(queue, await pricesOf(players), options.warmup, PLAYERS);
      for (let round = 0; round < options.rounds; round++) {
        const run = await cashOuts(queue, await pricesOf(players), options.duration, PLAYERS);
        console.log(
          `  round ${round + 1}/${options.rounds}: ${run.requestsPerSecond.toFixed(0)} cash outs/s, ` +
            `p99 ${run.latencyP99Ms} ms, ${run.paid} paid, ${run.refused} refused`,
        );
        runs.push(run);
      }
      await api.stop();
      api = null;
      const baseline = await withScratchDatabase(serverUrl, async (scratch) =>
        pgbench(scratch, PLAYERS, options.duration),
      );
      return { runs, pgbenchTps: baseline };
    } finally {
      await api?.stop();
      await handle.close();
    }
  });

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const date = runDate();
  writeResults('cash-out', { date, machine: machine(), options, runs, pgbenchTps });
  const perSecond = median(runs.map((run) => run.requestsPerSecond));
  const p99 = median(runs.map((run) => run.latencyP99Ms));
  await writeSection(
    'cash-out',
    `## Sports: cash out on PostgreSQL (issue 21)

- Date: ${date}
- Machine: ${machine()}
- Load: autocannon, ${PLAYERS} connections for ${PLAYERS} players; ${options.rounds} rounds of ${options.duration} s after ${options.warmup} s of warm-up; medians of the rounds.
- Api: as the bet placement section's, on a fresh PostgreSQL database. Each player first places ${BETS_PER_PLAYER} singles at 0.50 EUR; each request then cashes out one of them whole at the price \`GET /spa/sports/cash-out\` gave before the round (it prices a player's 100 newest open bets; the others are sent with a seen price of 0.01, which any current price passes) (share locks on the book, the bet's row, the stake pipeline and one ledger transfer). A price the feed moved beyond the 1 % tolerance meanwhile is refused (409) and counted as refused.
- Baseline: \`pgbench -N -c ${PLAYERS}\` on the same server right after, ${options.duration} s. Goal (issue 21): p99 at most 50 ms.

${table(
  ['request', 'cash outs/s', 'p50 ms', 'p99 ms', 'paid', 'refused', 'pgbench -N tps', 'ratio'],
  [
    [
      'POST /spa/sports/cash-out (whole bet, 10 players)',
      formatNumber(perSecond),
      formatNumber(median(runs.map((run) => run.latencyP50Ms))),
      formatNumber(p99),
      formatNumber(runs.reduce((total, run) => total + run.paid, 0)),
      formatNumber(runs.reduce((total, run) => total + run.refused, 0)),
      formatNumber(pgbenchTps),
      formatRatio(perSecond / pgbenchTps),
    ],
  ],
)}`,
  );
}

/** Cash-out requests under ten concurrent players on PostgreSQL (`npm run bench -- cash-out`). */
export async function cashOutBenchmark(): Promise<void> {
  await cashOutLoad(defaultLoadOptions());
  console.log('cash-out benchmark: results in bench/results/cash-out.json and docs/benchmarks.md');
}
