import { randomUUID } from 'node:crypto';
import http from 'node:http';
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
// At 0.30 EUR each they fit the 1,000.00 EUR every bench player has; enough for 500-600 cash outs a second.
const BETS_PER_PLAYER = 3_000;
const STAKE = '0.30';

/** Places `perPlayer` singles at `STAKE` EUR for each player, ten requests at a time, through the api; answers how many. */
async function placeOpenBets(players: Bettor[], outcomes: { outcomeId: number; odd: number }[], perPlayer: number) {
  let placed = 0;
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
        body: JSON.stringify({ kind: 'single', stake: STAKE, oddsChangePolicy: 'any', selections: [outcome] }),
      });
      await response.arrayBuffer();
      if (response.status === 201) placed += 1;
    }
  }
  await Promise.all(Array.from({ length: 10 }, worker));
  return placed;
}

/** One request on a player's own keep-alive connection: its status and body. */
function send(
  agent: http.Agent,
  player: Bettor,
  method: 'GET' | 'POST',
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${apiUrl}/spa/sports/cash-out`,
      {
        agent,
        method,
        headers: {
          cookie: player.cookie,
          origin: benchSiteUrl,
          ...(payload === undefined
            ? {}
            : {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(payload),
                'idempotency-key': `bench-${randomUUID()}`,
              }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

interface PlayerRun {
  /** Milliseconds of each cash-out request (POST only), answered or refused. */
  latencies: number[];
  paid: number;
  refused: number;
}

/**
 * One player for `seconds`, as My bets is used: asks the cash-out prices of its open bets, then cashes them out one
 * after another, each whole at the price it was shown, on its own keep-alive connection (one request in flight).
 * When the shown prices are used up it asks again.
 */
async function playerCashingOut(player: Bettor, seconds: number): Promise<PlayerRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const run: PlayerRun = { latencies: [], paid: 0, refused: 0 };
  const end = performance.now() + seconds * 1000;
  try {
    while (performance.now() < end) {
      const shown = await send(agent, player, 'GET');
      if (shown.status !== 200) throw new Error(`GET /spa/sports/cash-out answered ${shown.status}: ${shown.text}`);
      const { offers } = JSON.parse(shown.text) as { offers: { betId: string; price: string | null }[] };
      const priced = offers.filter((offer) => offer.price !== null);
      if (offers.length === 0)
        throw new Error('cash-out benchmark: a player ran out of open bets; raise BETS_PER_PLAYER');
      if (priced.length === 0) {
        // Every shown bet's market is suspended for a moment (the simulator): ask again shortly, as My bets does.
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      for (const offer of priced) {
        if (performance.now() >= end) break;
        const started = performance.now();
        const answer = await send(agent, player, 'POST', { betId: offer.betId, seenPrice: offer.price });
        run.latencies.push(performance.now() - started);
        // 409: the price moved beyond the tolerance since it was shown (the feed simulator moves odds), or the
        // market was suspended meanwhile.
        if (answer.status === 200) run.paid += 1;
        else if (answer.status === 409) run.refused += 1;
        else throw new Error(`POST /spa/sports/cash-out answered ${answer.status}: ${answer.text}`);
      }
    }
  } finally {
    agent.destroy();
  }
  return run;
}

interface CashOutRun {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  paid: number;
  refused: number;
}

/** The players at once, each on its own connection, for `seconds`: cash-out requests per second and their latency. */
async function cashOuts(players: Bettor[], seconds: number): Promise<CashOutRun> {
  const started = performance.now();
  const runs = await Promise.all(players.map((player) => playerCashingOut(player, seconds)));
  const elapsed = (performance.now() - started) / 1000;
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const at = (share: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0);
  return {
    requestsPerSecond: latencies.length / elapsed,
    latencyP50Ms: at(0.5),
    latencyP99Ms: at(0.99),
    paid: runs.reduce((total, run) => total + run.paid, 0),
    refused: runs.reduce((total, run) => total + run.refused, 0),
  };
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
  const { runs, pgbenchTps, placed } = await withScratchDatabase(serverUrl, async (databaseUrl) => {
    const handle = await createDb({ databaseUrl, poolSize: 4 });
    let api: RunningServer | null = null;
    const runs: CashOutRun[] = [];
    let placed = 0;
    try {
      await seedDemo(handle.db);
      const players = await bettors(handle, PLAYERS);
      api = await startSportsApi({ DATABASE_URL: databaseUrl });
      await waitForFixtures(feedTargets(Date.now())[0]!.url);
      const outcomes = await openOutcomes(handle);
      console.log(`cash-out benchmark: placing ${PLAYERS * BETS_PER_PLAYER} open bets`);
      placed = await placeOpenBets(players, outcomes, BETS_PER_PLAYER);
      console.log(`cash-out benchmark: ${placed} open bets placed`);
      await cashOuts(players, options.warmup);
      for (let round = 0; round < options.rounds; round++) {
        const run = await cashOuts(players, options.duration);
        console.log(
          `  round ${round + 1}/${options.rounds}: ${run.requestsPerSecond.toFixed(0)} cash outs/s, ` +
            `p50 ${run.latencyP50Ms} ms, p99 ${run.latencyP99Ms} ms, ${run.paid} paid, ${run.refused} refused`,
        );
        runs.push(run);
      }
      await api.stop();
      api = null;
      const baseline = await withScratchDatabase(serverUrl, async (scratch) =>
        pgbench(scratch, PLAYERS, options.duration),
      );
      return { runs, pgbenchTps: baseline, placed };
    } finally {
      await api?.stop();
      await handle.close();
    }
  });

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const date = runDate();
  writeResults('cash-out', { date, machine: machine(), options, placed, runs, pgbenchTps });
  const perSecond = median(runs.map((run) => run.requestsPerSecond));
  const p99 = median(runs.map((run) => run.latencyP99Ms));
  await writeSection(
    'cash-out',
    `## Sports: cash out on PostgreSQL (issue 21)

- Date: ${date}
- Machine: ${machine()}
- Load: ${PLAYERS} players at once, each on its own keep-alive connection with one request in flight (a Node client, one \`http.Agent\` per player); ${options.rounds} rounds of ${options.duration} s after ${options.warmup} s of warm-up; medians of the rounds. Latency is each \`POST /spa/sports/cash-out\`'s own, from sending it to the end of its answer; the percentiles are over every request of the round.
- Api: as the bet placement section's, on a fresh PostgreSQL database, the feed simulator moving the odds. Each player first places ${BETS_PER_PLAYER} singles at ${STAKE} EUR (${formatNumber(placed)} placed in all); then, as My bets is used, it asks \`GET /spa/sports/cash-out\` for the prices of its open bets (the 100 newest) and cashes them out one after another, each whole at the price it was shown, asking again when they are used up. A price the feed moved beyond the 1 % tolerance meanwhile (or a market suspended) is refused (409) and counted as refused.${process.env.BENCH_API_ENV ? ` Api settings of this run (not a normal run): \`BENCH_API_ENV=${process.env.BENCH_API_ENV}\`.` : ''} Rounds (cash outs/s, p50, p99): ${runs.map((run) => `${run.requestsPerSecond.toFixed(0)}/${run.latencyP50Ms}/${run.latencyP99Ms}`).join(', ')}.
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
