// The api benchmark's baseline: the least a Fastify route can do, in the same Node, on the same machine.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));

// A fixed JSON body of exactly `bytes` bytes, serialized once: the baseline for an answer whose size, not its work,
// bounds how many a second one process can send.
const sized = new Map<number, string>();
app.get<{ Params: { bytes: string } }>('/sized/:bytes', async (request, reply) => {
  const bytes = Math.max(16, Number(request.params.bytes) || 16);
  let body = sized.get(bytes);
  if (!body) sized.set(bytes, (body = `{"x":"${'a'.repeat(bytes - 8)}"}`));
  return reply.type('application/json; charset=utf-8').send(body);
});

const port = Number(process.env.PORT ?? 3112);
await app.listen({ port, host: '127.0.0.1' });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
