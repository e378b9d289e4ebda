import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { balanceAmountResponseSchema, balancesResponseSchema } from '@playhouse/shared';
import { balanceNoticesFor } from '../../src/services/wallet/balance-notices';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { buildCashboxApp, fund, signedInUser, type CashboxTestApp } from './cashbox-helpers';

let t: CashboxTestApp;

beforeAll(async () => {
  t = await buildCashboxApp();
});
afterAll(async () => t.close());

describe('GET /spa/users/balances', () => {
  it('answers exactly the SPEC.md §3 shape, amounts as decimal strings in the player currency', async () => {
    const player = await signedInUser(t);
    await fund(t, player.id, 1_234n);
    await fund(t, player.id, 500n, 'bonus');
    const response = await t.app.inject({ method: 'GET', url: '/spa/users/balances', headers: player.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(balancesResponseSchema.strict().safeParse(response.json()).success).toBe(true);
    expect(response.json()).toEqual({
      mainBalance: { balance: '12.34', ajaxRefreshRoute: '/spa/users/balances/main' },
      bonusBalance: { balance: '5.00', ajaxRefreshRoute: '/spa/users/balances/bonus' },
      code: 'EUR',
      flipBalances: false,
    });
  });

  it('shows "0.00" for a new player and the player currency as code', async () => {
    const player = await signedInUser(t, { currency: 'BRL' });
    const response = await t.app.inject({ method: 'GET', url: '/spa/users/balances', headers: player.headers });
    expect(response.json()).toMatchObject({
      mainBalance: { balance: '0.00' },
      bonusBalance: { balance: '0.00' },
      code: 'BRL',
    });
  });

  it('GET /spa/users/balances/main and /bonus answer { amount } each', async () => {
    const player = await signedInUser(t);
    await fund(t, player.id, 100_050n);
    await fund(t, player.id, 7n, 'bonus');
    const main = await t.app.inject({ method: 'GET', url: '/spa/users/balances/main', headers: player.headers });
    const bonus = await t.app.inject({ method: 'GET', url: '/spa/users/balances/bonus', headers: player.headers });
    expect(balanceAmountResponseSchema.strict().parse(main.json())).toEqual({ amount: '1000.50' });
    expect(bonus.json()).toEqual({ amount: '0.07' });
  });

  it('answers 401 unauthorized without a session, and with an unknown session cookie', async () => {
    for (const url of [
      '/spa/users/balances',
      '/spa/users/balances/main',
      '/spa/users/balances/bonus',
      '/spa/users/balances/stream',
    ]) {
      expectErrorEnvelope(await t.app.inject({ method: 'GET', url }), 401, 'unauthorized');
      expectErrorEnvelope(
        await t.app.inject({ method: 'GET', url, headers: { cookie: 'ph_session=not-a-session' } }),
        401,
        'unauthorized',
      );
    }
  });
});

describe('GET /spa/users/balances/stream', () => {
  /** The app on a real socket (once per file: the tests share it). */
  async function listening(): Promise<string> {
    if (!t.app.server.listening) return t.app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }

  /** Opens the stream on a real socket (no pooled client connections) and reads its server-sent events. */
  function openStream(address: string, cookie: string) {
    const events: unknown[] = [];
    const waiting: (() => void)[] = [];
    let buffer = '';
    return new Promise<{
      response: IncomingMessage;
      close: () => void;
      ended: Promise<void>;
      nextBalance: (ms: number) => Promise<unknown>;
    }>((resolve, reject) => {
      const request = get(`${address}/spa/users/balances/stream`, { headers: { cookie }, agent: false }, (response) => {
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const lines = buffer.slice(0, end).split('\n');
            buffer = buffer.slice(end + 2);
            const data = lines.find((line) => line.startsWith('data: '));
            if (lines.includes('event: balance') && data) events.push(JSON.parse(data.slice('data: '.length)));
          }
          for (const wake of waiting.splice(0)) wake();
        });
        resolve({
          response,
          close: () => request.destroy(),
          ended: new Promise<void>((done) => response.on('end', done)),
          nextBalance: async (ms) => {
            const deadline = Date.now() + ms;
            while (events.length === 0) {
              const remaining = deadline - Date.now();
              if (remaining <= 0) throw new Error('no balance event in time');
              await new Promise<void>((wake) => {
                waiting.push(wake);
                setTimeout(wake, remaining);
              });
            }
            return events.shift();
          },
        });
      });
      request.on('error', reject);
    });
  }

  it('sends the balances on connect and again after a transfer (its latency is measured in bench/)', async () => {
    const player = await signedInUser(t);
    const other = await signedInUser(t);
    await fund(t, player.id, 1_000n);
    // Balance notices go out just after the commit: the deposit's is sent before the stream listens.
    await balanceNoticesFor(t.app.db).flush();
    const address = await listening();
    const stream = await openStream(address, player.headers.cookie);
    try {
      expect(stream.response.statusCode).toBe(200);
      expect(stream.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(await stream.nextBalance(2_000)).toMatchObject({ mainBalance: { balance: '10.00' }, code: 'EUR' });
      await expect.poll(() => t.app.services.balanceHub.subscriberCount()).toBe(1);

      // Someone else's money moving sends nothing to this player; their own does, at once.
      await fund(t, other.id, 999n);
      await fund(t, player.id, 250n);
      const update = await stream.nextBalance(5_000);
      expect(balancesResponseSchema.strict().parse(update)).toMatchObject({
        mainBalance: { balance: '12.50', ajaxRefreshRoute: '/spa/users/balances/main' },
        bonusBalance: { balance: '0.00' },
      });
    } finally {
      stream.close();
    }
    // The server lets go of a closed stream.
    await expect.poll(() => t.app.services.balanceHub.subscriberCount(), { timeout: 15_000 }).toBe(0);
  });

  it('ends the stream once its session is ended elsewhere, and a reconnect is refused', async () => {
    const player = await signedInUser(t);
    const address = await listening();
    const stream = await openStream(address, player.headers.cookie);
    try {
      expect(await stream.nextBalance(5_000)).toMatchObject({ code: 'EUR' });
      await t.db.delete(schema.sessions).where(eq(schema.sessions.userId, player.id));
      await stream.ended;
    } finally {
      stream.close();
    }
    const again = await openStream(address, player.headers.cookie);
    again.close();
    expect(again.response.statusCode).toBe(401);
  });
});
