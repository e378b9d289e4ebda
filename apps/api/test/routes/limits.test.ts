import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@playhouse/db';
import { playerLimitsResponseSchema } from '@playhouse/shared';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { buildCashboxApp, signedInUser, type CashboxTestApp, type SignedIn } from './cashbox-helpers';

let t: CashboxTestApp;

beforeAll(async () => {
  t = await buildCashboxApp();
});
afterAll(async () => t.close());

const get = (player: SignedIn) => t.app.inject({ method: 'GET', url: '/spa/users/limits', headers: player.headers });
// The deposit limits, as the cashbox page sets them (kind defaults to deposit).
const put = (player: SignedIn, period: string, amount: string | null) =>
  t.app.inject({ method: 'PUT', url: '/spa/users/limits', headers: player.headers, payload: { period, amount } });
const deposits = (body: unknown) =>
  playerLimitsResponseSchema
    .parse(body)
    .limits.filter((limit) => limit.kind === 'deposit')
    .map(({ period, amount, pendingAmount, pendingEffectiveAt }) => ({
      period,
      amount,
      pendingAmount,
      pendingEffectiveAt,
    }));

describe('/spa/users/limits', () => {
  it('GET lists every kind and period, unset at first', async () => {
    const player = await signedInUser(t);
    const response = await get(player);
    expect(response.statusCode).toBe(200);
    const { limits } = playerLimitsResponseSchema.strict().parse(response.json());
    expect(limits.map((limit) => `${limit.kind}:${limit.period}`)).toEqual([
      'deposit:day',
      'deposit:week',
      'deposit:month',
      'loss:day',
      'loss:week',
      'loss:month',
      'wager:day',
      'wager:week',
      'wager:month',
      'session:session',
    ]);
    expect(limits.every((limit) => limit.amount === null && limit.pendingAmount === null)).toBe(true);
    expect(deposits(response.json())[0]).toEqual({
      period: 'day',
      amount: null,
      pendingAmount: null,
      pendingEffectiveAt: null,
    });
  });

  it('PUT sets and lowers at once, holds a raise for 24 hours, and writes the audit log', async () => {
    const player = await signedInUser(t);
    const set = await put(player, 'month', '500');
    expect(set.statusCode).toBe(200);
    expect(deposits(set.json())[2]).toEqual({
      period: 'month',
      amount: '500.00',
      pendingAmount: null,
      pendingEffectiveAt: null,
    });
    expect(deposits((await put(player, 'month', '300.00')).json())[2]).toMatchObject({ amount: '300.00' });

    const before = Date.now();
    const raised = deposits((await put(player, 'month', '900.00')).json())[2]!;
    expect(raised).toMatchObject({ amount: '300.00', pendingAmount: '900.00' });
    const effective = new Date(raised.pendingEffectiveAt!).getTime();
    expect(effective).toBeGreaterThanOrEqual(before + 24 * 3_600_000);
    expect(effective).toBeLessThan(Date.now() + 24 * 3_600_000 + 1);

    const removed = deposits((await put(player, 'month', null)).json())[2]!;
    expect(removed).toMatchObject({ amount: '300.00', pendingAmount: null });
    expect(removed.pendingEffectiveAt).not.toBeNull();
    expect(deposits((await get(player)).json())[2]).toEqual(removed);

    const audit = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.userId, player.id));
    expect(audit.map((row) => row.event)).toEqual(['limit_change', 'limit_change', 'limit_change', 'limit_change']);
    expect(audit[2]!.metadata).toMatchObject({ period: 'month', previous: '300.00', requested: '900.00' });
  });

  it('refuses bad input with 400 and visitors with 401', async () => {
    const player = await signedInUser(t);
    for (const [period, amount] of [
      ['year', '10'],
      ['day', '-5'],
      ['day', '0'],
      ['day', '1.234'],
    ] as const) {
      expectErrorEnvelope(await put(player, period, amount), 400, 'validation_failed');
    }
    expectErrorEnvelope(await t.app.inject({ method: 'GET', url: '/spa/users/limits' }), 401, 'unauthorized');
  });
});
