import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signBody } from '../../src/services/providers/provider-signature';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import {
  buildCasinoApp,
  fund,
  openGameSession,
  PROVIDER_SECRETS,
  signedInPlayer,
  unixNow,
  walletCall,
  type CasinoTestApp,
} from '../helpers/games-fixtures';

/*
 * Game providers' wallet calls from someone who is not the provider: no valid signature. They must cost the api no
 * database read, and a flood of them must be cut off without starving the provider's own calls.
 */

let t: CasinoTestApp;
beforeAll(async () => {
  t = await buildCasinoApp({ WALLET_FAILS_PER_MIN: '20', WALLET_CALLS_PER_MIN: '400' });
});
afterAll(async () => t.close());

function unsigned(provider: string, remoteAddress: string, signature = 'ab'.repeat(32)) {
  const body = JSON.stringify({ sessionId: randomUUID(), playerId: '1', currency: 'EUR' });
  return t.app.inject({
    method: 'POST',
    url: `/spa/providers/${provider}/balance`,
    headers: {
      'content-type': 'application/json',
      'x-provider-timestamp': String(unixNow()),
      'x-provider-signature': signature,
    },
    payload: body,
    remoteAddress,
  });
}

describe('unsigned wallet calls', () => {
  it('are refused before any database read, for a known provider, an unknown one and a wrong secret', async () => {
    const reads = ['select', 'insert', 'update', 'delete', 'execute', 'transaction'].map((method) =>
      vi.spyOn(t.db, method as 'select'),
    );
    try {
      expectErrorEnvelope(await unsigned('netstar', '198.51.100.1'), 401, 'invalid_signature');
      const forged = JSON.stringify({ sessionId: randomUUID(), playerId: '1', currency: 'EUR' });
      const timestamp = String(unixNow());
      const wrongSecret = await t.app.inject({
        method: 'POST',
        url: '/spa/providers/netstar/balance',
        headers: {
          'content-type': 'application/json',
          'x-provider-timestamp': timestamp,
          'x-provider-signature': signBody('not the secret at all, just a guess', forged, timestamp),
        },
        payload: forged,
        remoteAddress: '198.51.100.2',
      });
      expectErrorEnvelope(wrongSecret, 401, 'invalid_signature');
      expect((await unsigned('no-such-studio', '198.51.100.3')).statusCode).toBe(404);
      for (const spy of reads) expect(spy, spy.getMockName()).not.toHaveBeenCalled();
    } finally {
      for (const spy of reads) spy.mockRestore();
    }
  });

  it('a flood from one address is cut off with 429 while the provider’s signed calls go on', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 30; n += 1) statuses.push((await unsigned('netstar', '203.0.113.66')).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
    expectErrorEnvelope(await unsigned('netstar', '203.0.113.66'), 429, 'rate_limit_exceeded');

    const player = await signedInPlayer(t);
    await fund(t, player.id, 1_000n);
    const sessionId = await openGameSession(t, 'netstar', player, 'book-of-gold');
    const balance = await walletCall(t, 'netstar', 'balance', {
      sessionId,
      playerId: String(player.id),
      currency: 'EUR',
    });
    expect(balance.statusCode, balance.body).toBe(200);
    expect(balance.json()).toMatchObject({ status: 'ok' });
  });

  it('each provider has a ceiling of calls a minute', async () => {
    const player = await signedInPlayer(t);
    const sessionId = await openGameSession(t, 'originals', player, 'dice');
    const call = () =>
      walletCall(
        t,
        'originals',
        'balance',
        { sessionId, playerId: String(player.id), currency: 'EUR' },
        PROVIDER_SECRETS.originals,
      );
    let limited = null;
    for (let n = 0; n < 401 && !limited; n += 1) {
      const response = await call();
      if (response.statusCode === 429) limited = response;
    }
    expect(limited).not.toBeNull();
    expectErrorEnvelope(limited!, 429, 'rate_limit_exceeded');
    expect(limited!.headers['retry-after']).toBeDefined();
  });
});
