import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { errorEnvelopeSchema } from '@playhouse/shared';
import { SESSION_COOKIE } from '../../src/services/auth/session-service';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { staffCaller } from '../helpers/staff';

const ORIGIN = 'http://localhost:3000';
const logLines: string[] = [];
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await buildTestApp({ logger: { level: 'info', stream: { write: (line) => logLines.push(line) } } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t.close());

/** 12 MB of a file, as a browser's multipart upload sends it over a real connection. */
function bigUpload(name: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(12 * 1024 * 1024)], { type: 'image/png' }), name);
  return form;
}

async function playerHeaders() {
  const [user] = await t.db
    .insert(schema.users)
    .values({
      email: `big-${Date.now()}@example.test`,
      username: `big_${Date.now()}`,
      passwordHash: 'x',
      currency: 'EUR',
    })
    .returning({ id: schema.users.id });
  const session = await t.app.services.sessions.create(t.db, user!.id, { ip: null, userAgent: null });
  return { cookie: `${SESSION_COOKIE}=${session.token}`, origin: ORIGIN };
}

describe('an upload over the limit', () => {
  it.each([
    ['a picture for the library', '/spa/staff/content/media', 'staff'],
    ['an identity document', '/spa/users/documents/identity', 'player'],
  ] as const)('%s answers 413 in the envelope, logged as a warning without a stack', async (_what, path, who) => {
    const headers = who === 'staff' ? (await staffCaller(t, ['content'])).headers : await playerHeaders();
    logLines.length = 0;
    const response = await fetch(`${base}${path}`, { method: 'POST', headers, body: bigUpload('huge.png') });
    expect(response.status).toBe(413);
    const body = errorEnvelopeSchema.strict().parse(await response.json());
    expect(body.error.code).toMatch(/^(payload_too_large|document_too_large)$/);
    expect(body.error.message).toMatch(/MiB/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = logLines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: { stack?: string } });
    const mine = lines.filter((line) => line.msg.startsWith('request'));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ level: 40 });
    expect(JSON.stringify(lines)).not.toContain('"stack"');
  });

  it('refuses a declared body over the limit before reading it', async () => {
    const staff = await staffCaller(t, ['content']);
    logLines.length = 0;
    const started = Date.now();
    const answer = await rawRequest('/spa/staff/content/media', staff.headers, 40 * 1024 * 1024, 64 * 1024, false);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"payload_too_large"');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('logs an upload its sender gave up on as a warning without a stack, not as a server fault', async () => {
    const staff = await staffCaller(t, ['content']);
    logLines.length = 0;
    await rawRequest('/spa/staff/content/media', staff.headers, 3 * 1024 * 1024, 1024 * 1024, true);
    const lines = logLines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.level <= 40)).toBe(true);
    expect(JSON.stringify(lines)).not.toContain('"stack"');
  });
});

/**
 * A multipart upload over a raw connection: `declared` bytes in Content-Length, `sent` bytes of it written; `hangUp`
 * closes the connection afterwards, as a proxy that gave up does. Answers what came back.
 */
async function rawRequest(
  path: string,
  headers: { cookie: string; origin: string },
  declared: number,
  sent: number,
  hangUp: boolean,
): Promise<string> {
  const { port } = t.app.server.address() as AddressInfo;
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString()));
  socket.on('error', () => undefined);
  socket.write(
    `POST ${path} HTTP/1.1\r\nhost: localhost\r\ncookie: ${headers.cookie}\r\norigin: ${headers.origin}\r\n` +
      `content-type: multipart/form-data; boundary=XyZ\r\ncontent-length: ${declared}\r\n\r\n` +
      '--XyZ\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n',
  );
  socket.write(Buffer.alloc(sent, 97));
  await new Promise((resolve) => setTimeout(resolve, 400));
  if (hangUp) socket.destroy();
  else socket.end();
  await new Promise((resolve) => setTimeout(resolve, 400));
  socket.destroy();
  return answer;
}
