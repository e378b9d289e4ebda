import { get, type IncomingMessage } from 'node:http';

export interface EventStream {
  response: IncomingMessage;
  /** The data of the next event of that name (events of other names are kept for their own `next`). */
  next: (event: string, ms?: number) => Promise<unknown>;
  /** The next event of any of those names, with its name (events of other names are kept). */
  nextOf: (events: readonly string[], ms?: number) => Promise<{ event: string; data: unknown }>;
  close: () => void;
}

/** Opens a server-sent event stream on a socket of its own (no pooled connection) and collects its events by name. */
export function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const events: { event: string; data: unknown }[] = [];
  const waiting: (() => void)[] = [];
  let buffer = '';
  return new Promise((resolve, reject) => {
    const request = get(url, { headers, agent: false }, (response) => {
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const name = lines.find((line) => line.startsWith('event: '));
          const data = lines.find((line) => line.startsWith('data: '));
          if (name && data) {
            events.push({ event: name.slice('event: '.length), data: JSON.parse(data.slice('data: '.length)) });
          }
        }
        for (const wake of waiting.splice(0)) wake();
      });
      const nextOf = async (names: readonly string[], ms = 5_000) => {
        const deadline = Date.now() + ms;
        for (;;) {
          const index = events.findIndex((entry) => names.includes(entry.event));
          if (index >= 0) return events.splice(index, 1)[0]!;
          const remaining = deadline - Date.now();
          if (remaining <= 0) throw new Error(`no ${names.map((name) => `"${name}"`).join(' or ')} event in time`);
          await new Promise<void>((wake) => {
            waiting.push(wake);
            setTimeout(wake, remaining);
          });
        }
      };
      resolve({
        response,
        close: () => request.destroy(),
        next: async (event, ms) => (await nextOf([event], ms)).data,
        nextOf,
      });
    });
    request.on('error', reject);
  });
}
