import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ClientCommand, ClientReply, FeedTarget, StreamGroup, StreamMeasurement } from './lib/live-client';
import { LIVE_FEED_TOKEN, MOVING_MATCHES, setupDelivery } from './lib/live-feed';
import { defaultLoadOptions, type LoadOptions } from './lib/load';
import { PORTS } from './lib/ports';
import { formatNumber, formatRatio, machine, runDate, table, writeResults, writeSection } from './lib/report';
import { benchDir, repoRoot, startServer, type RunningServer } from './lib/servers';
import { startSportsApi } from './sports.bench';

/*
 * Issue 21: live updates fanned out to open streams on one api instance, against a bare server-sent-events
 * broadcaster sending the same messages at the same rate to as many streams, both measured by one client in a
 * process of its own. Goal: at least 0.5× the broadcaster's deliveries per second, p99 from feed to client ≤ 250 ms.
 */

const apiUrl = `http://127.0.0.1:${PORTS.api}`;
const broadcasterUrl = `http://127.0.0.1:${PORTS.sseBroadcaster}`;
const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 5_000);
/** Updates fed per second (each moves every moving match, so each is one message on every stream). */
const RATE = Number(process.env.BENCH_LIVE_RATE ?? 2);
/** After the last update of a window, how long its deliveries may still arrive. */
const GRACE_SECONDS = 5;
const GOAL_RATIO = 0.5;
const GOAL_P99_MS = 250;
/** The live page's stream: the whole list on connect (and when a match starts or ends), then what moved. */
const LIVE_EVENTS = ['live', 'live-patch'];

interface Row {
  label: string;
  api: StreamGroup[];
  baseline: StreamGroup[];
}

function rows(): Row[] {
  const perMatch = Math.floor(STREAMS / MOVING_MATCHES.length);
  return [
    {
      label: `match page stream (/spa/sports/stream, ${MOVING_MATCHES.length} matches × ${formatNumber(perMatch)} streams, en)`,
      api: MOVING_MATCHES.map((id) => ({
        key: `match:${id}`,
        url: `${apiUrl}/spa/sports/stream?matchId=${id}&lng=en`,
        events: ['match'],
        count: perMatch,
      })),
      baseline: MOVING_MATCHES.map((id) => ({
        key: `match:${id}`,
        url: `${broadcasterUrl}/stream?channel=match:${id}`,
        events: ['match'],
        count: perMatch,
      })),
    },
    {
      label: `live page stream (/spa/sports/live/stream, ${formatNumber(STREAMS)} streams, en)`,
      api: [{ key: 'live:en', url: `${apiUrl}/spa/sports/live/stream?lng=en`, events: LIVE_EVENTS, count: STREAMS }],
      baseline: [
        { key: 'live:en', url: `${broadcasterUrl}/stream?channel=live:en`, events: LIVE_EVENTS, count: STREAMS },
      ],
    },
  ];
}

/** The client process and a call to it: one command, its answer. */
function startClient() {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'lib/live-client.ts'], {
    cwd: benchDir,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  let sequence = 0;
  const waiting = new Map<number, (reply: ClientReply) => void>();
  child.on('message', (reply: ClientReply) => waiting.get(reply.id)?.(reply));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the live client exited (${code})`))),
  );
  exited.catch(() => undefined);
  return {
    async call(command: ClientCommand): Promise<Extract<ClientReply, { ok: true }>> {
      const id = ++sequence;
      const reply = await Promise.race([
        new Promise<ClientReply>((resolve) => {
          waiting.set(id, resolve);
          child.send({ id, command });
        }),
        exited,
      ]);
      waiting.delete(id);
      if (!reply.ok) throw new Error(`live client: ${reply.error}`);
      return reply;
    },
    stop() {
      process.removeListener('exit', kill);
      child.disconnect();
      kill();
    },
  };
}

type Client = ReturnType<typeof startClient>;

async function measured(client: Client, command: Extract<ClientCommand, { type: 'measure' }>) {
  const { measurement } = await client.call(command);
  if (!measurement) throw new Error('live client: no measurement');
  return measurement;
}

interface RowResult {
  label: string;
  rounds: { target: StreamMeasurement; baseline: StreamMeasurement }[];
}

async function measureRow(client: Client, row: Row, options: LoadOptions, startsAt: number): Promise<RowResult> {
  console.log(`live benchmark: ${row.label}: opening ${formatNumber(STREAMS)} streams on each server`);
  await client.call({ type: 'open', target: 'api', groups: row.api });
  await client.call({ type: 'open', target: 'baseline', groups: row.baseline });
  const apiFeed: FeedTarget = { kind: 'api', apiUrl, startsAt };
  const baselineFeed: FeedTarget = { kind: 'broadcaster', url: broadcasterUrl, templatesFrom: 'api' };
  const window = (target: string, feed: FeedTarget, seconds: number) =>
    measured(client, { type: 'measure', target, feed, seconds, rate: RATE, graceSeconds: GRACE_SECONDS });
  try {
    await window('api', apiFeed, options.warmup);
    await window('baseline', baselineFeed, options.warmup);
    const rounds: RowResult['rounds'] = [];
    for (let round = 0; round < options.rounds; round++) {
      const baseline = await window('baseline', baselineFeed, options.duration);
      const target = await window('api', apiFeed, options.duration);
      rounds.push({ target, baseline });
      if (target.drops.length > 0) console.log(`  api streams that ended: ${target.drops.join('; ')}`);
      console.log(
        `  round ${round + 1}/${options.rounds}: api ${target.deliveriesPerSecond.toFixed(0)} deliveries/s ` +
          `(${target.deliveries}/${target.expected}) p99 ${target.latencyP99Ms} ms; broadcaster ` +
          `${baseline.deliveriesPerSecond.toFixed(0)}/s (${baseline.deliveries}/${baseline.expected}) ` +
          `p99 ${baseline.latencyP99Ms} ms; client CPU ${(target.clientCpu * 100).toFixed(0)}% / ` +
          `${(baseline.clientCpu * 100).toFixed(0)}%; streams ended by the server ${target.dropped} / ${baseline.dropped}`,
      );
    }
    return { label: row.label, rounds };
  } finally {
    await client.call({ type: 'close', target: 'api' });
    await client.call({ type: 'close', target: 'baseline' });
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function summary(result: RowResult) {
  type Figure = 'deliveriesPerSecond' | 'latencyP50Ms' | 'latencyP99Ms' | 'messageBytes' | 'deliveries' | 'expected';
  const of = (side: 'target' | 'baseline', field: Figure) => median(result.rounds.map((round) => round[side][field]));
  const target = {
    perSecond: of('target', 'deliveriesPerSecond'),
    p50: of('target', 'latencyP50Ms'),
    p99: of('target', 'latencyP99Ms'),
    bytes: of('target', 'messageBytes'),
    delivered: of('target', 'deliveries') / of('target', 'expected'),
  };
  const baseline = {
    perSecond: of('baseline', 'deliveriesPerSecond'),
    p50: of('baseline', 'latencyP50Ms'),
    p99: of('baseline', 'latencyP99Ms'),
    bytes: of('baseline', 'messageBytes'),
  };
  const ratio = target.perSecond / baseline.perSecond;
  const met = ratio >= GOAL_RATIO && target.p99 <= GOAL_P99_MS;
  return { target, baseline, ratio, met };
}

async function startBroadcaster(): Promise<RunningServer> {
  return startServer({
    name: 'sse-broadcaster',
    command: process.execPath,
    args: ['--import', 'tsx', 'baselines/sse-broadcaster.ts'],
    cwd: benchDir,
    env: { PORT: String(PORTS.sseBroadcaster) },
    readyUrl: `${broadcasterUrl}/health`,
  });
}

/** The api's book: the league and its matches in play, through the feed endpoint. */
async function pushSetup(startsAt: number): Promise<void> {
  const response = await fetch(`${apiUrl}/spa/staff/sports/feed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-feed-token': LIVE_FEED_TOKEN },
    body: JSON.stringify(setupDelivery(Date.now(), startsAt)),
  });
  if (!response.ok) throw new Error(`the setup delivery answered ${response.status}: ${await response.text()}`);
}

/** Live updates to 5,000 streams: the match page's and the live page's, each against the bare broadcaster. */
export async function liveBenchmark(): Promise<void> {
  const options = defaultLoadOptions();
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  const startMachine = machine();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playhouse-bench-live-'));
  const broadcaster = await startBroadcaster();
  const api = await startSportsApi({
    DATA_DIR: dataDir,
    // The bench is the feed: no simulated one moving other matches (and marks) beside it.
    FEED_SIMULATOR: 'off',
    FEED_TOKEN: LIVE_FEED_TOKEN,
    // One client address holds every stream, as the rate limit is raised for one load generator.
    STREAMS_PER_ADDRESS: '1000000',
  });
  const client = startClient();
  const results: RowResult[] = [];
  try {
    // Kicked off twenty minutes ago.
    const startsAt = Date.now() - 20 * 60_000;
    await pushSetup(startsAt);
    for (const row of rows()) results.push(await measureRow(client, row, options, startsAt));
  } finally {
    client.stop();
    await Promise.all([api.stop(), broadcaster.stop()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const date = runDate();
  writeResults('live', { date, commit, machine: startMachine, options, streams: STREAMS, rate: RATE, results });
  const summaries = results.map((result) => ({ result, ...summary(result) }));
  const tableRows = summaries.map(({ result, target, baseline, ratio, met }) => [
    result.label,
    formatNumber(target.perSecond),
    formatNumber(target.p50),
    formatNumber(target.p99),
    formatNumber(baseline.perSecond),
    formatNumber(baseline.p99),
    `${formatNumber(target.delivered * 100)} %`,
    formatNumber(target.bytes),
    formatRatio(ratio),
    met ? 'yes' : ratio >= GOAL_RATIO ? 'ratio yes; p99 no' : target.p99 <= GOAL_P99_MS ? 'p99 yes; ratio no' : 'no',
  ]);
  await writeSection(
    'live',
    `## Sports: live updates to ${formatNumber(STREAMS)} open streams (issue 21)

- Date: ${date}, commit ${commit}
- Machine: ${startMachine}
- Load: one api instance (\`npm start -w @playhouse/api\`, fresh seeded PGlite, LOG_LEVEL=warn, feed simulator off, the per-address stream cap raised: one client address holds every stream) with ${formatNumber(STREAMS)} server-sent event streams open over HTTP/1.1, all held by one client in a Node process of its own (node:http, keep-alive agent). The client feeds ${RATE} updates a second through \`POST /spa/staff/sports/feed\` (the feed token): each moves the ${MOVING_MATCHES.length} matches in play the streams watch (the live page lists 5 more that stay still): clock, odds of the result market, and \`matchLiveState.at\`, a mark unique to the update. The match page's stream sends its whole match on every update; the live page's sends its whole list once, on connect, then per update a patch (\`event: live-patch\`) of the matches that moved (their state in play and the markets that moved). A message's newest \`liveState.at\` names the update it delivers; latency is from the moment the client fed the update to the moment it had parsed that message (the frame split, the mark read from the bytes; the first stream of each channel also parses every message as JSON and checks its mark). ${options.rounds} rounds of ${options.duration} s per server, broadcaster and api alternating, after ${options.warmup} s of warm-up each; ${GRACE_SECONDS} s after each window for its last deliveries; medians of the rounds.
- Baseline: \`bench/baselines/sse-broadcaster.ts\`, a bare node:http broadcaster on its own port, with as many streams on the same channels, sent the same messages at the same rate by the same client: each update is the api's last message on that channel (its event and data: on the live page, a patch) with the new mark, posted to the broadcaster, which frames it once and writes it to every stream of the channel.
- A delivery: one stream receiving one update (an update that a later one overtook before it was sent is not delivered); deliveries/s are over the window; "updates delivered" is the api's deliveries over updates × streams. Goal (issue 21): at least ${GOAL_RATIO}× the broadcaster's deliveries per second, p99 at most ${GOAL_P99_MS} ms.

${table(
  [
    'stream',
    'deliveries/s',
    'p50 ms',
    'p99 ms',
    'baseline deliveries/s',
    'baseline p99 ms',
    'updates delivered',
    'message bytes',
    'ratio',
    'goal met',
  ],
  tableRows,
)}`,
  );
  console.log('live benchmark: results in bench/results/live.json and docs/benchmarks.md');
}
