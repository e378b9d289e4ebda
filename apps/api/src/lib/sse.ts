import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A comment line keeps proxies from closing an idle stream. */
export const SSE_HEARTBEAT_MS = 25_000;
/** How long a browser's EventSource waits before reconnecting a dropped stream. */
const RETRY_MS = 3_000;

export interface EventStream {
  /** Writes one `event:` with its JSON data; nothing once the stream has ended. */
  send(event: string, data: unknown): void;
  readonly closed: boolean;
  close(): void;
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
          if (!body.writableEnded) body.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
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
