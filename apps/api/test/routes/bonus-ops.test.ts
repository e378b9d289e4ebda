import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBonuses } from '@playhouse/db/seed/bonuses';
import { runOps } from '../../src/ops/run-ops';
import type { Transport } from '../../src/ops/staff-api';
import { buildCashboxApp, signedInUser, type CashboxTestApp } from './cashbox-helpers';

const STAFF = { email: 'bonus-ops@example.com', password: 'bonus ops passphrase' };

let t: CashboxTestApp;

beforeAll(async () => {
  t = await buildCashboxApp({ RATE_LIMIT_MAX: '100000' });
  await seedBonuses(t.db);
  await t.app.services.accounts.createUser({ ...STAFF, role: 'staff' }, { id: null, ip: null, via: 'direct' as const });
});
afterAll(async () => t.close());

const injectTransport: Transport = async ({ method, path, headers, body }) => {
  const response = await t.app.inject({ method, url: path, headers, ...(body !== undefined ? { payload: body } : {}) });
  const setCookie = response.headers['set-cookie'];
  return {
    status: response.statusCode,
    body: response.body,
    setCookies: Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [],
  };
};

async function ops(argv: string[], mode: 'api' | 'direct') {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(mode === 'direct' ? [...argv, '--direct'] : argv, {
    env: {
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      ...(mode === 'api' ? { OPS_LOGIN: STAFF.email, OPS_PASSWORD: STAFF.password } : {}),
    },
    transport: injectTransport,
    openDatabase: async () => ({ ...t.handle, close: async () => undefined }),
    out: (text) => out.push(text),
    err: (text) => err.push(text),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe.each(['api', 'direct'] as const)('ops bonus commands (%s)', (mode) => {
  it('lists campaigns, offers one once per key, lists the player bonuses and runs the expiry', async () => {
    const help = await ops(['help'], mode);
    for (const name of ['bonus-campaigns', 'bonus-offer', 'bonuses', 'bonus-expire']) expect(help.out).toContain(name);

    const campaigns = await ops(['bonus-campaigns'], mode);
    expect(campaigns.code).toBe(0);
    expect(campaigns.out).toContain('welcome-coins  coins (coins), offered registration');
    expect(campaigns.out).toContain('100% of the first deposit from 10.00 up to 200.00');
    expect(campaigns.out).toContain('20 spins at 0.20 on lucky-reels');

    const player = await signedInUser(t);
    const key = `offer-${mode}-${randomUUID()}`;
    const offered = await ops(['bonus-offer', player.username, 'welcome-free-money', '--key', key], mode);
    expect(offered).toMatchObject({ code: 0 });
    expect(offered.out).toContain(`Offered welcome-free-money to ${player.username}`);
    const again = await ops(['bonus-offer', player.username, 'welcome-free-money', '--key', key], mode);
    expect(again.out).toContain(`Already offered with key ${key}`);
    const unknown = await ops(['bonus-offer', player.username, 'no-such-campaign'], mode);
    expect(unknown.code).toBe(1);
    expect((await ops(['bonus-offer', player.username], mode)).code).toBe(2);

    const list = await ops(['bonuses', player.email], mode);
    expect(list.out).toContain(`1 bonus(es) of ${player.email}`);
    expect(list.out).toMatch(/offered\s+welcome-free-money 10\.00 EUR, wagered 0\.00 of 0\.00/);

    const expired = await ops(['bonus-expire'], mode);
    expect(expired.out).toMatch(/^Expired \d+ offer\(s\) and \d+ bonus\(es\)\.$/);
  });
});

describe('/spa/staff/bonuses', () => {
  it('answers 401 without a session and 403 to a player', async () => {
    const player = await signedInUser(t);
    for (const [method, url] of [
      ['GET', '/spa/staff/bonuses/campaigns'],
      ['GET', `/spa/staff/bonuses/players/${player.username}`],
      ['POST', '/spa/staff/bonuses/expire'],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: { origin: 'http://localhost:3000' } })).statusCode).toBe(401);
      expect((await t.app.inject({ method, url, headers: player.headers })).statusCode).toBe(403);
    }
  });
});
