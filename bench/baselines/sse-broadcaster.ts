// The live benchmark's baseline: a bare node:http server-sent-events broadcaster. `GET /stream?channel=<name>` opens a
// stream on a channel (it gets the channel's last message first, as the api's streams get the current state);
// `POST /publish` with `{ messages: [{ channel, event, data }] }` (data: the JSON text to send) writes each message,
// framed once, to every stream of its channel. Nothing else: no framework, no reads, no serialization, no heartbeat.
import http from 'node:http';

interface Message {
  channel: string;
  event: string;
  data: string;
}

const channels = new Map<string, Set<http.ServerResponse>>();
const last = new Map<string, Buffer>();

function publish(messages: Message[]): void {
  for (const { channel, event, data } of messages) {
    const frame = Buffer.from(`event: ${event}\ndata: ${data}\n\n`);
    last.set(channel, frame);
    for (const response of channels.get(channel) ?? []) response.write(frame);
  }
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (request.method === 'GET' && url.pathname === '/stream') {
    const channel = url.searchParams.get('channel') ?? '';
    let members = channels.get(channel);
    if (!members) channels.set(channel, (members = new Set()));
    members.add(response);
    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
    response.write('retry: 3000\n\n');
    const frame = last.get(channel);
    if (frame) response.write(frame);
    response.on('close', () => members.delete(response));
    return;
  }
  if (request.method === 'POST' && url.pathname === '/publish') {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (!isPublication(body)) {
        response.writeHead(400).end();
        return;
      }
      publish(body.messages);
      response.writeHead(204).end();
    });
    return;
  }
  if (url.pathname === '/health') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  response.writeHead(404).end();
});

function isPublication(body: unknown): body is { messages: Message[] } {
  if (typeof body !== 'object' || body === null || !('messages' in body) || !Array.isArray(body.messages)) return false;
  return body.messages.every(
    (message: unknown) =>
      typeof message === 'object' &&
      message !== null &&
      'channel' in message &&
      typeof message.channel === 'string' &&
      'event' in message &&
      typeof message.event === 'string' &&
      'data' in message &&
      typeof message.data === 'string',
  );
}

server.keepAliveTimeout = 60_000;
const port = Number(process.env.PORT ?? 3114);
server.listen(port, '127.0.0.1');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const members of channels.values()) for (const response of members) response.end();
    server.close(() => process.exit(0));
  });
}
