import { get, type ClientRequest, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_SECRET_HEADER } from '../../src/plugins/app/client-address';
import { buildCashboxApp, signedInUser, type CashboxTestApp } from '../routes/cashbox-helpers';

const WEB_SECRET = 'web-secret-for-the-stream-limit-test-012345';

let t: CashboxTestApp;
let address: string;
beforeAll(async () => {
  t = await buildCashboxApp({ STREAMS_PER_USER: '2', STREAMS_PER_ADDRESS: '3', WEB_SECRET });
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

type Opened = { status: number; body: Promise<string>; close: () => void };
const open: ClientRequest[] = [];

/** Opens a stream on its own socket as the visitor `visitor` (forwarded by the web server). */
function openStream(path: string, visitor: string, cookie?: string): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const request = get(
      `${address}${path}`,
      {
        agent: false,
        headers: { 'x-forwarded-for': visitor, [WEB_SECRET_HEADER]: WEB_SECRET, ...(cookie ? { cookie } : {}) },
      },
      (response: IncomingMessage) => {
        let text = '';
        response.setEncoding('utf8');
        const body = new Promise<string>((done) => {
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => done(text));
          response.on('close', () => done(text));
        });
        resolve({ status: response.statusCode ?? 0, body, close: () => request.destroy() });
      },
    );
    open.push(request);
    request.on('error', reject);
  });
}

afterAll(() => {
  for (const request of open) request.destroy();
});

async function eventually(check: () => Promise<boolean>) {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('open event streams are capped', () => {
  it('per client address: the one over the cap gets 429 too_many_streams, and a slot frees when one closes', async () => {
    const visitor = '198.51.100.20';
    const streams = [];
    for (let i = 0; i < 3; i += 1) streams.push(await openStream('/spa/chat/stream', visitor));
    expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200]);
    const refused = await openStream('/spa/chat/stream', visitor);
    expect(refused.status).toBe(429);
    expect(JSON.parse(await refused.body).error.code).toBe('too_many_streams');
    // Another visitor is not affected.
    const other = await openStream('/spa/chat/stream', '198.51.100.21');
    expect(other.status).toBe(200);

    streams[0]!.close();
    await eventually(async () => {
      const retry = await openStream('/spa/chat/stream', visitor);
      if (retry.status === 200) return true;
      await retry.body;
      return false;
    });
  });

  it('per signed-in user, whatever the address', async () => {
    const player = await signedInUser(t);
    const first = await openStream('/spa/users/balances/stream', '198.51.100.30', player.headers.cookie);
    const second = await openStream('/spa/users/balances/stream', '198.51.100.31', player.headers.cookie);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await openStream('/spa/users/balances/stream', '198.51.100.32', player.headers.cookie);
    expect(third.status).toBe(429);
    expect(JSON.parse(await third.body).error.code).toBe('too_many_streams');
  });
});
