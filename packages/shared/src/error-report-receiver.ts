/**
 * A local receiver of Sentry envelopes, for tests and for trying error reporting without an account: it listens on
 * loopback, answers like Sentry's ingest (`POST /api/<project>/envelope/`), and keeps each event it was sent.
 */
import { createServer } from 'node:http';

export interface ReceivedEvent {
  project: string;
  /** The event item's JSON: exception, tags, extra, level, environment, server_name... */
  event: {
    event_id?: string;
    level?: string;
    server_name?: string;
    tags?: Record<string, string>;
    extra?: Record<string, unknown>;
    exception?: { values?: { type?: string; value?: string; stacktrace?: { frames?: unknown[] } }[] };
  };
}

export interface ErrorReportReceiver {
  /** The DSN that sends here. */
  dsn: string;
  events: ReceivedEvent[];
  /** Resolves with the events once at least `count` arrived (or rejects after `timeoutMs`). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedEvent[]>;
  close: () => Promise<void>;
}

/** The event items of an envelope: newline-separated JSON, a header line, then item header and payload pairs. */
export function eventsOfEnvelope(body: string): ReceivedEvent['event'][] {
  const lines = body.split('\n');
  const events: ReceivedEvent['event'][] = [];
  for (let index = 1; index + 1 < lines.length; index += 2) {
    const header: unknown = JSON.parse(lines[index]!);
    if (typeof header === 'object' && header !== null && 'type' in header && header.type === 'event') {
      events.push(JSON.parse(lines[index + 1]!));
    }
  }
  return events;
}

export async function startErrorReportReceiver(): Promise<ErrorReportReceiver> {
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  const server = createServer((request, response) => {
    const match = /^\/api\/([^/]+)\/envelope\/?(\?.*)?$/.exec(request.url ?? '');
    if (request.method !== 'POST' || !match) {
      response.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      for (const event of eventsOfEnvelope(Buffer.concat(chunks).toString('utf8'))) {
        events.push({ project: match[1]!, event });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the receiver is not listening on a port');
  const { port } = address;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/42`,
    events,
    waitFor: (count, timeoutMs = 5_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (events.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(events);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} error reports, received ${events.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
