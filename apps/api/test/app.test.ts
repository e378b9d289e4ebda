import net from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categoryResponseSchema } from '@playhouse/shared';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { BONUS_EXPIRY_JOB } from '../src/services/bonuses/bonus-jobs';
import { ORIGINALS_SETTLEMENT_JOB } from '../src/services/originals/originals-jobs';
import { PSP_WEBHOOK_JOB } from '../src/services/payments/payment-jobs';
import { FEED_SIMULATOR_JOB, LIVE_SIMULATOR_JOB, SETTLEMENT_JOB } from '../src/services/sports/sports-jobs';
import { buildTestApp } from './helpers/build-test-app';

/** A route that waits until the test lets it finish, to have a request in flight on demand. */
function gate() {
  let entered!: () => void;
  let release!: () => void;
  return {
    entered: new Promise<void>((resolve) => (entered = resolve)),
    released: new Promise<void>((resolve) => (release = resolve)),
    enter: () => entered(),
    release: () => release(),
  };
}

/** A raw keep-alive HTTP/1.1 connection that collects each response as it arrives. */
function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  socket.setEncoding('utf8');
  const responses: string[] = [];
  const waiters: (() => void)[] = [];
  socket.on('data', (chunk: string) => {
    responses.push(chunk);
    waiters.splice(0).forEach((wake) => wake());
  });
  return {
    send: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`),
    /** Resolves with the n-th response (1-based) once it has arrived. */
    response: async (n: number): Promise<string> => {
      while (responses.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
      return responses[n - 1]!;
    },
    destroy: () => socket.destroy(),
  };
}

describe('buildApp', () => {
  it('finishes an in-flight request on close before closing the database it opened', async () => {
    const config = loadConfig({ DATA_DIR: 'memory://', SEED_DEMO: 'false' });
    const app = await buildApp({ config, logger: false });
    const slow = gate();
    app.get('/spa/test/slow', async () => {
      slow.enter();
      await slow.released;
      // The database must still be open here, although close() was called while this request was waiting.
      await app.db.execute(sql`select 1`);
      return { finished: true };
    });
    // An ephemeral port: the test must not collide with servers other suites or engineers run.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');

    const inFlight = fetch(`http://127.0.0.1:${address.port}/spa/test/slow`, { headers: { connection: 'close' } });
    await slow.entered;
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(false);
    await expect(fetch(`http://127.0.0.1:${address.port}/spa/health`)).rejects.toThrow();

    slow.release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await closing;
    expect(closed).toBe(true);
    await expect(app.dbHandle.db.execute(sql`select 1`)).rejects.toThrow();
  });

  it('closes a keep-alive connection after its in-flight response, so shutdown does not wait for the socket to idle out', async () => {
    const t = await buildTestApp({ empty: true });
    const slow = gate();
    t.app.get('/spa/test/slow', async () => {
      slow.enter();
      await slow.released;
      return { finished: true };
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');

    const connection = rawConnection(address.port);
    connection.send('/spa/test/slow');
    await slow.entered;
    const startedAt = Date.now();
    const closing = t.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    slow.release();
    const response = await connection.response(1);
    // The socket is left open on our side: the server must end it, well before Fastify's 72 s keep-alive timeout.
    await closing;
    connection.destroy();

    expect(response).toMatch(/^HTTP\/1\.1 200/);
    expect(response.toLowerCase()).toContain('connection: close');
    expect(response).toContain('{"finished":true}');
    expect(Date.now() - startedAt).toBeLessThan(10_000);
  });

  it('sends only the fields a response schema allows, whatever the handler returns', async () => {
    const t = await buildTestApp({ empty: true });
    try {
      t.app.get('/spa/test/leaky', { schema: { response: { 200: categoryResponseSchema } } }, async () => ({
        category: {
          id: 1,
          slug: 'slots',
          title: 'Slots',
          description: '',
          imagePath: '/x.svg',
          headGameSlug: null,
          internalNote: 'not for the public',
        },
        debug: { sql: 'select *' },
      }));
      const response = await t.app.inject({ url: '/spa/test/leaky' });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toMatch(/internalNote|debug|select/);
      expect(Object.keys(response.json<{ category: object }>().category).sort()).toEqual(
        ['description', 'headGameSlug', 'id', 'imagePath', 'slug', 'title'].sort(),
      );
    } finally {
      await t.close();
    }
  });

  it('hands every domain’s background jobs to the one scheduler, the feed simulator only where it runs', async () => {
    const t = await buildTestApp({ env: { JOBS_ENABLED: 'false', FEED_SIMULATOR: 'off' } });
    try {
      await t.app.ready();
      for (const job of [PSP_WEBHOOK_JOB, BONUS_EXPIRY_JOB, SETTLEMENT_JOB, ORIGINALS_SETTLEMENT_JOB]) {
        await t.app.jobs.trigger(job);
      }
      expect(() => t.app.jobs.trigger(FEED_SIMULATOR_JOB)).toThrow(/No job named/);
      expect(() => t.app.jobs.trigger(LIVE_SIMULATOR_JOB)).toThrow(/No job named/);
    } finally {
      await t.close();
    }
  });
});
