import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBonuses } from '@playhouse/db/seed/bonuses';
import { opsAs, type OpsMode } from '../helpers/ops';
import { buildCashboxApp, signedInUser, type CashboxTestApp } from './cashbox-helpers';

let t: CashboxTestApp;

beforeAll(async () => {
  t = await buildCashboxApp({ RATE_LIMIT_MAX: '100000' });
  await seedBonuses(t.db);
});
afterAll(async () => t.close());

describe.each(['api', 'in-process'] as const)('ops bonus commands (%s)', (mode: OpsMode) => {
  it('lists campaigns, asks for an offer once per key, a second member approves, lists bonuses, runs the expiry', async () => {
    // Support asks, marketing approves (four eyes) and runs the expiry.
    const { ops } = await opsAs(t, ['support'], mode);
    const { ops: marketing } = await opsAs(t, ['marketing'], mode);
    const help = await ops(['help']);
    for (const name of ['bonus-campaigns', 'bonus-offer', 'approve-bonus-offer', 'bonuses', 'bonus-expire']) {
      expect(help.out).toContain(name);
    }

    const campaigns = await ops(['bonus-campaigns']);
    expect(campaigns.code).toBe(0);
    expect(campaigns.out).toContain('welcome-coins  coins (coins), offered registration');
    expect(campaigns.out).toContain('100% of the first deposit from 10.00 up to 200.00');
    expect(campaigns.out).toContain('20 spins at 0.20 on lucky-reels');

    const player = await signedInUser(t);
    const key = `offer-${mode}-${randomUUID()}`;
    const offered = await ops(['bonus-offer', player.username, 'welcome-free-money', '--key', key]);
    expect(offered).toMatchObject({ code: 0 });
    expect(offered.out).toContain('it is offered when a second staff member approves');
    const id = /approve-bonus-offer ([0-9a-f-]{36})/.exec(offered.out)![1]!;
    const again = await ops(['bonus-offer', player.username, 'welcome-free-money', '--key', key]);
    expect(again.out).toContain(id);
    const unknown = await ops(['bonus-offer', player.username, 'no-such-campaign']);
    expect(unknown.code).toBe(1);
    expect((await ops(['bonus-offer', player.username])).code).toBe(2);
    // Support may ask but not approve; marketing approves.
    expect((await ops(['approve-bonus-offer', id])).err).toContain('forbidden');
    const approved = await marketing(['approve-bonus-offer', id]);
    expect(approved.out).toContain('approved');
    expect(approved.out).toMatch(/bonusId=[0-9a-f-]{36}/);

    const list = await ops(['bonuses', player.email]);
    expect(list.out).toContain(`1 bonus(es) of ${player.email}`);
    expect(list.out).toMatch(/offered\s+welcome-free-money 10\.00 EUR, wagered 0\.00 of 0\.00/);

    expect((await ops(['bonus-expire'])).err).toContain('forbidden');
    const expired = await marketing(['bonus-expire']);
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
