import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

describe('buildApp', () => {
  it('finishes an in-flight request on close before closing the database it opened', async () => {
    const config = loadConfig({ DATA_DIR: 'memory://', SEED_DEMO: 'false', API_HOST: '127.0.0.1' });
    const app = await buildApp({ config, logger: false });
    let entered!: () => void;
    const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    app.get('/spa/test/slow', async () => {
      entered();
      await released;
      // The database must still be open here, although close() was called while this request was waiting.
      await app.db.execute(sql`select 1`);
      return { finished: true };
    });
    // An ephemeral port: the test must not collide with servers other suites or engineers run.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');

    const inFlight = fetch(`http://127.0.0.1:${address.port}/spa/test/slow`, { headers: { connection: 'close' } });
    await handlerEntered;
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(false);
    await expect(fetch(`http://127.0.0.1:${address.port}/spa/health`)).rejects.toThrow();

    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await closing;
    expect(closed).toBe(true);
    await expect(app.dbHandle.db.execute(sql`select 1`)).rejects.toThrow();
  });
});
