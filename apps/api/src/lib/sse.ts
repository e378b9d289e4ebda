import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A comment line keeps proxies from closing an idle stream. */
export const SSE_HEARTBEAT_MS = 25_000;
/** How long a browser's EventSource waits before reconnecting a dropped stream. */
const RETRY_MS = 3_000;

export interface EventStream {
  /** Writes one `event:` with its JSON data; nothing once the stream has ended. */
  send(event: string, data: unknown): void;
  /** Writes an event already framed by `eventFrame` (one frame written to many streams); nothing once ended. */
  sendFrame(frame: Buffer): void;
  readonly closed: boolean;
  close(): void;
}

/** One server-sent event, `event:` and its JSON data, as the bytes every stream that shows it is sent. */
export function eventFrame(event: string, data: unknown): Buffer {
  return frameOfJson(event, JSON.stringify(data));
}

function frameOfJson(event: string, json: string): Buffer {
  return Buffer.from(`event: ${event}\ndata: ${json}\n\n`);
}

/**
 * Tracks a plugin's open event streams and ends them when the app closes: they never end on their own, and shutdown
 * must not wait for the browsers.
 */
export function eventStreams(app: FastifyInstance) {
  const open = new Set<PassThrough>();
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  return {
    /**
     * Answers the request with a server-sent event stream. `onClose` runs once, whichever side ends it. The caller
     * returns the reply this gives back from its handler.
     */
    open(
      request: FastifyRequest,
      reply: FastifyReply,
      { onClose, heartbeat }: { onClose?: () => void; heartbeat?: () => void } = {},
    ): { stream: EventStream; reply: FastifyReply } {
      const body = new PassThrough();
      const timer = setInterval(() => {
        if (!body.writableEnded) body.write(': heartbeat\n\n');
        heartbeat?.();
      }, SSE_HEARTBEAT_MS);
      timer.unref();
      open.add(body);
      let cleaned = false;
      const cleanup = () => {
        if (cleaned) return;
        cleaned = true;
        clearInterval(timer);
        open.delete(body);
        if (!body.writableEnded) body.end();
        try {
          onClose?.();
        } catch (error) {
          request.log.warn({ err: error }, 'event stream cleanup failed');
        }
      };
      reply.raw.on('close', cleanup);
      body.on('close', cleanup);
      body.write(`retry: ${RETRY_MS}\n\n`);
      const stream: EventStream = {
        send(event, data) {
          if (!body.writableEnded) body.write(eventFrame(event, data));
        },
        sendFrame(frame) {
          if (!body.writableEnded) body.write(frame);
        },
        get closed() {
          return body.writableEnded;
        },
        close: cleanup,
      };
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        // no-transform: a compressing proxy (Next's rewrite of /spa among them) would otherwise hold events back.
        .header('cache-control', 'no-store, no-transform')
        .header('x-accel-buffering', 'no');
      // The route's 200 schema documents the event stream; the body itself is the stream, which Fastify pipes as it is.
      return { stream, reply: reply.send(body) };
    },
  };
}

/**
 * Wraps an async update so that calls arriving while one runs collapse into one more run: the last state is what
 * counts, and the stream never sends two updates at once.
 */
export function coalesced(run: () => Promise<void>, onError: (error: unknown) => void): () => void {
  let running = false;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void (async () => {
      try {
        do {
          again = false;
          await run();
        } while (again);
      } catch (error) {
        onError(error);
      } finally {
        running = false;
      }
    })();
  };
}

/** A stream that joins a channel whose last read began longer ago than this has it read again. */
export const CHANNEL_FRESH_MS = 5_000;

/** What a shared channel shows: where its changes are heard, and how its current state is read. */
export interface ChannelSource<T = unknown> {
  /** Calls `onChange` after every change that may alter what the channel shows; resolves to the unsubscribe. */
  subscribe(onChange: () => void): Promise<() => void>;
  /** The current state, the data of the channel's event. */
  read(): Promise<T>;
  /**
   * What changed from the state last sent to the one just read, as an event of its own that the channel's streams
   * are sent instead of the whole state; null when only the whole state says it. A stream joining the channel still
   * starts with the whole state. Without it, every change sends the whole state.
   */
  patch?(before: T, after: T): { event: string; data: unknown } | null;
}

interface Channel {
  members: Set<EventStream>;
  /** The whole current state as a frame, which a stream joining later gets first. */
  frame: Buffer | null;
  /** The JSON of that frame, to tell a change from a notice that changed nothing here. */
  text: string | null;
  /** When the last read began (performance.now()). */
  readAt: number;
  /** Reads again and sends what changed; reads under way collapse with it. */
  refresh: () => void;
  /** Settles once the first read has been sent out (or failed: then the channel is gone). */
  ready: Promise<void>;
  unsubscribe: () => void;
  closed: boolean;
}

/**
 * Event streams that show the same thing (a match in one language, the live page in one language) share one channel:
 * one subscription, one read and one serialization per change, the same bytes written to every stream. Without it
 * each open stream read and serialized on its own, and a thousand viewers of one match cost a thousand reads per
 * odds move. The channel subscribes before its first read, so a change committed while that read is under way is
 * read again rather than lost, and it sends nothing when a read gives the text it sent last (a notice about
 * another field, a resync, a second instance's change already shown). A source that can say what changed (`patch`)
 * has its streams sent that instead of the whole state after the first. It closes with its last stream.
 */
export function sharedChannels(app: FastifyInstance, event: string) {
  const streams = eventStreams(app);
  const channels = new Map<string, Channel>();

  function create<T>(key: string, source: ChannelSource<T>): Channel {
    let running: Promise<void> | null = null;
    let again = false;
    /** The state the channel's streams hold now: the last read sent. */
    let shown: { state: T } | null = null;
    const channel: Channel = {
      members: new Set(),
      frame: null,
      text: null,
      readAt: 0,
      refresh: () => undefined,
      ready: Promise.resolve(),
      unsubscribe: () => undefined,
      closed: false,
    };

    async function readAndSend() {
      const started = performance.now();
      const state = await source.read();
      const text = JSON.stringify(state);
      channel.readAt = started;
      if (text === channel.text) return;
      const change = shown && source.patch ? source.patch(shown.state, state) : null;
      shown = { state };
      channel.text = text;
      channel.frame = frameOfJson(event, text);
      const frame = change ? eventFrame(change.event, change.data) : channel.frame;
      for (const stream of channel.members) stream.sendFrame(frame);
    }

    // Changes that arrive while a read is under way collapse into one more read: the last state is what counts, and
    // the channel never sends two reads out of order.
    function refresh(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        try {
          do {
            again = false;
            await readAndSend();
          } while (again && !channel.closed);
        } finally {
          running = null;
        }
      })();
      return running;
    }

    const onChange = () => {
      refresh().catch((error: unknown) => app.log.warn({ err: error, channel: key }, 'event stream update failed'));
    };
    channel.refresh = onChange;
    channel.ready = (async () => {
      try {
        channel.unsubscribe = await source.subscribe(onChange);
        await refresh();
      } catch (error) {
        close(key, channel);
        throw error;
      }
    })();
    return channel;
  }

  function close(key: string, channel: Channel) {
    if (channel.closed) return;
    channel.closed = true;
    if (channels.get(key) === channel) channels.delete(key);
    channel.unsubscribe();
  }

  return {
    /**
     * Answers the request with a stream on the channel `key`, opening the channel from `source` when no stream has
     * it open; the stream starts with the channel's current state. A first read that fails (an unknown match) fails
     * the request, before any stream is opened. The caller returns the reply this gives back from its handler.
     */
    async open<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      source: () => ChannelSource<T>,
    ): Promise<FastifyReply> {
      let channel = channels.get(key);
      for (;;) {
        if (!channel) {
          channel = create(key, source());
          channels.set(key, channel);
        }
        await channel.ready;
        // Its last stream left while this one waited: the channel is closed, open a fresh one.
        if (!channel.closed) break;
        channel = channels.get(key);
      }
      const joined = channel;
      const { stream, reply: streaming } = streams.open(request, reply, {
        onClose: () => {
          joined.members.delete(stream);
          if (joined.members.size === 0) close(key, joined);
        },
      });
      joined.members.add(stream);
      if (joined.frame) stream.sendFrame(joined.frame);
      // Time alone changes some of what a channel shows (betting closes at kick-off, a day's listing moves on) and no
      // notice says so: a stream joining after a quiet spell has the channel read again, sent only if it changed.
      if (performance.now() - joined.readAt > CHANNEL_FRESH_MS) joined.refresh();
      return streaming;
    },
  };
}
