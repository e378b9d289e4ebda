// The live benchmark's client, a process of its own (its CPU is not the servers'): it holds the open streams, feeds the
// updates at a fixed rate and measures, per update, when each stream received it. Driven by live.bench.ts over IPC.
import http from 'node:http';
import { LIVE_FEED_TOKEN, newestMark, updateDelivery } from './live-feed';

/** A set of streams on one channel: the same URL opened `count` times. */
export interface StreamGroup {
  /** The channel's name, the same for the api's streams and the broadcaster's. */
  key: string;
  url: string;
  /** The event names its messages carry (the live page: the whole list, then patches). */
  events: string[];
  count: number;
}

/** How the updates reach a server: the api's feed endpoint, or the broadcaster's publish with the api's texts. */
export type FeedTarget =
  { kind: 'api'; apiUrl: string; startsAt: number } | { kind: 'broadcaster'; url: string; templatesFrom: string };

export type ClientCommand =
  | { type: 'open'; target: string; groups: StreamGroup[] }
  | { type: 'measure'; target: string; feed: FeedTarget; seconds: number; rate: number; graceSeconds: number }
  | { type: 'close'; target: string };

export interface StreamMeasurement {
  target: string;
  streams: number;
  /** Updates fed in the window. */
  updates: number;
  /** Messages that delivered one of them to a stream (each stream counts each update at most once). */
  deliveries: number;
  /** Updates × streams: the deliveries a server missing none would make. */
  expected: number;
  seconds: number;
  deliveriesPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  /** Mean size of a delivered message's data. */
  messageBytes: number;
  /** The client's own CPU time over the window, as a share of one core. */
  clientCpu: number;
  /** Streams of this target the server ended since they were opened (none should be). */
  dropped: number;
  /** How they ended: per channel, seconds after opening and the socket error, if any (the first few). */
  drops: string[];
}

export type ClientReply =
  { id: number; ok: true; opened?: number; measurement?: StreamMeasurement } | { id: number; ok: false; error: string };

interface OpenStream {
  group: StreamGroup;
  /** The first stream of each group checks what it receives and keeps the last text (the broadcaster's template). */
  sample: boolean;
  pending: Buffer | null;
  lastMark: number;
  request: http.ClientRequest;
  /** Ended by the server (or the network), not by the client: how. */
  dropped: boolean;
  drop: string;
  openedAt: number;
  closing: boolean;
}

const targets = new Map<string, OpenStream[]>();
/** Per target and group: the last message its sample stream received, its event name and data text. */
const lastMessages = new Map<string, { event: string; data: string }>();
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const feedAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

let measuring: {
  fedAt: Map<number, number>;
  deliveries: number;
  bytes: number;
  latencies: number[];
} | null = null;
const problems: string[] = [];

let lastMark = 0;
/** A fresh update mark: epoch milliseconds, strictly increasing. */
function nextMark(): number {
  lastMark = Math.max(lastMark + 1, Date.now());
  return lastMark;
}

const EVENT = Buffer.from('event: ');
const DATA = Buffer.from('\ndata: ');
const END = Buffer.from('\n\n');

function check(stream: OpenStream, target: string, event: string, data: string, mark: number) {
  const parsed: unknown = JSON.parse(data);
  let found = 0;
  const marks = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(marks);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'liveState' && typeof inner === 'object' && inner !== null && 'at' in inner) {
          if (typeof inner.at === 'number') found = Math.max(found, inner.at);
        } else marks(inner);
      }
    }
  };
  marks(parsed);
  if (!stream.group.events.includes(event)) problems.push(`${target} ${stream.group.key}: event ${event}`);
  if (found !== mark) problems.push(`${target} ${stream.group.key}: the bytes say ${mark}, the JSON ${found}`);
  lastMessages.set(`${target} ${stream.group.key}`, { event, data });
}

function receive(stream: OpenStream, target: string, chunk: Buffer) {
  let buffer = stream.pending ? Buffer.concat([stream.pending, chunk]) : chunk;
  let start = 0;
  for (let end = buffer.indexOf(END, start); end !== -1; end = buffer.indexOf(END, start)) {
    const frameStart = start;
    start = end + END.length;
    if (buffer.compare(EVENT, 0, EVENT.length, frameStart, frameStart + EVENT.length) !== 0) continue;
    const dataAt = buffer.indexOf(DATA, frameStart);
    if (dataAt === -1 || dataAt > end) continue;
    const dataStart = dataAt + DATA.length;
    const mark = newestMark(buffer, dataStart, end);
    const arrived = performance.now();
    if (stream.sample) {
      const event = buffer.toString('utf8', frameStart + EVENT.length, dataAt);
      check(stream, target, event, buffer.toString('utf8', dataStart, end), mark);
    }
    if (measuring && mark > stream.lastMark) {
      const fed = measuring.fedAt.get(mark);
      if (fed !== undefined) {
        measuring.deliveries++;
        measuring.bytes += end - dataStart;
        measuring.latencies.push(arrived - fed);
      }
    }
    if (mark > stream.lastMark) stream.lastMark = mark;
  }
  buffer = buffer.subarray(start);
  stream.pending = buffer.length > 0 ? Buffer.from(buffer) : null;
}

function openOne(target: string, group: StreamGroup, sample: boolean): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(group.url, { agent, headers: { accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`${group.url} answered ${response.statusCode}`));
        return;
      }
      // Open once the first bytes arrived (the retry line): the server has the stream.
      response.once('data', () => resolve(stream));
      response.on('data', (chunk: Buffer) => receive(stream, target, chunk));
      let failure = '';
      response.on('error', (error) => (failure = error.message));
      response.socket.on('error', (error) => (failure ||= `socket: ${error.message}`));
      response.on('close', () => {
        if (stream.closing) return;
        stream.dropped = true;
        const after = ((performance.now() - stream.openedAt) / 1000).toFixed(1);
        stream.drop = `${group.key} after ${after} s, ${response.complete ? 'ended by the server' : 'cut'} ${failure}`;
      });
    });
    const stream: OpenStream = {
      group,
      sample,
      pending: null,
      lastMark: 0,
      request,
      dropped: false,
      drop: '',
      openedAt: performance.now(),
      closing: false,
    };
    request.on('error', reject);
  });
}

async function open(target: string, groups: StreamGroup[]): Promise<number> {
  const jobs = groups.flatMap((group) => Array.from({ length: group.count }, (_, index) => ({ group, index })));
  const streams: OpenStream[] = [];
  let next = 0;
  // A hundred connections being opened at a time: a listen backlog, not a flood.
  await Promise.all(
    Array.from({ length: 100 }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        streams.push(await openOne(target, job.group, job.index === 0));
      }
    }),
  );
  targets.set(target, [...(targets.get(target) ?? []), ...streams]);
  return streams.length;
}

function post(url: string, headers: Record<string, string>, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', agent: feedAgent, headers: { 'content-type': 'application/json', ...headers } },
      (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode !== undefined && response.statusCode < 300
            ? resolve()
            : reject(new Error(`${url} answered ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Sends update `tick` with its mark, as the api's feed or as the broadcaster's messages. */
function feed(target: FeedTarget, groups: StreamGroup[], mark: number, tick: number): Promise<void> {
  if (target.kind === 'api') {
    return post(
      `${target.apiUrl}/spa/staff/sports/feed`,
      { 'x-feed-token': LIVE_FEED_TOKEN },
      JSON.stringify(updateDelivery(mark, tick, target.startsAt)),
    );
  }
  const messages = groups.map((group) => {
    const template = lastMessages.get(`${target.templatesFrom} ${group.key}`);
    if (template === undefined) throw new Error(`no ${target.templatesFrom} message on ${group.key} to copy`);
    const templateMark = newestMark(Buffer.from(template.data));
    return {
      channel: group.key,
      event: template.event,
      data: template.data.replaceAll(`"at":${templateMark}`, `"at":${mark}`),
    };
  });
  return post(`${target.url}/publish`, {}, JSON.stringify({ messages }));
}

async function measure(command: Extract<ClientCommand, { type: 'measure' }>): Promise<StreamMeasurement> {
  const streams = targets.get(command.target) ?? [];
  const groups = [...new Map(streams.map((stream) => [stream.group.key, stream.group])).values()];
  const state = { fedAt: new Map<number, number>(), deliveries: 0, bytes: 0, latencies: [] as number[] };
  measuring = state;
  const interval = 1000 / command.rate;
  const ticks = Math.round(command.seconds * command.rate);
  const sent: Promise<void>[] = [];
  const feedErrors: string[] = [];
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let tick = 0; tick < ticks; tick++) {
    const due = started + tick * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const mark = nextMark();
    state.fedAt.set(mark, performance.now());
    sent.push(feed(command.feed, groups, mark, tick).catch((error: unknown) => void feedErrors.push(String(error))));
  }
  await Promise.all(sent);
  if (feedErrors.length > 0) throw new Error(`${feedErrors.length} updates not fed: ${feedErrors[0]}`);
  const expected = ticks * streams.length;
  // The last deliveries: until every stream has every update, the grace is over, or nothing arrived for 2 s (an
  // update that a later one overtook never comes).
  const graceEnd = performance.now() + command.graceSeconds * 1000;
  let seen = state.deliveries;
  let quietSince = performance.now();
  while (state.deliveries < expected && performance.now() < graceEnd && performance.now() - quietSince < 2_000) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (state.deliveries !== seen) {
      seen = state.deliveries;
      quietSince = performance.now();
    }
  }
  const cpu = process.cpuUsage(cpuBefore);
  const elapsed = (performance.now() - started) / 1000;
  measuring = null;
  const latencies = state.latencies.sort((a, b) => a - b);
  const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
  return {
    target: command.target,
    streams: streams.length,
    updates: ticks,
    deliveries: state.deliveries,
    expected,
    seconds: command.seconds,
    deliveriesPerSecond: state.deliveries / command.seconds,
    latencyP50Ms: Math.round(at(0.5)),
    latencyP99Ms: Math.round(at(0.99)),
    latencyMaxMs: Math.round(latencies.at(-1) ?? 0),
    messageBytes: state.deliveries > 0 ? Math.round(state.bytes / state.deliveries) : 0,
    clientCpu: (cpu.user + cpu.system) / 1000 / (elapsed * 1000),
    dropped: streams.filter((stream) => stream.dropped).length,
    drops: streams
      .filter((stream) => stream.dropped)
      .map((stream) => stream.drop)
      .slice(0, 5),
  };
}

function close(target: string) {
  for (const stream of targets.get(target) ?? []) {
    stream.closing = true;
    stream.request.destroy();
  }
  targets.delete(target);
}

async function run(command: ClientCommand): Promise<Omit<Extract<ClientReply, { ok: true }>, 'id' | 'ok'>> {
  if (command.type === 'open') return { opened: await open(command.target, command.groups) };
  if (command.type === 'close') {
    close(command.target);
    return {};
  }
  const measurement = await measure(command);
  if (problems.length > 0) throw new Error(`messages that do not say what their bytes say: ${problems.join('; ')}`);
  return { measurement };
}

process.on('message', (message: { id: number; command: ClientCommand }) => {
  run(message.command).then(
    (result) => process.send?.({ id: message.id, ok: true, ...result } satisfies ClientReply),
    (error: unknown) =>
      process.send?.({ id: message.id, ok: false, error: String(error instanceof Error ? error.stack : error) }),
  );
});
process.on('disconnect', () => process.exit(0));
