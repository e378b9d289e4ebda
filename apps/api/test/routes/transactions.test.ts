import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionsResponseSchema } from '@playhouse/shared';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import {
  buildCashboxApp,
  fund,
  idempotencyKey,
  signedInUser,
  type CashboxTestApp,
  type SignedIn,
} from './cashbox-helpers';

let t: CashboxTestApp;
let player: SignedIn;

beforeAll(async () => {
  t = await buildCashboxApp();
  player = await signedInUser(t);
  const someoneElse = await signedInUser(t);
  await fund(t, someoneElse.id, 99_999n);
  await fund(t, player.id, 10_000n);
  await fund(t, player.id, 2_000n, 'bonus');
  for (const amount of ['20.00', '30.00']) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/spa/cashbox/withdrawals',
      headers: { ...player.headers, 'idempotency-key': idempotencyKey() },
      payload: { method: 'sandbox_bank', amount, details: { iban: 'DE89370400440532013000', accountHolder: 'Ada' } },
    });
    expect(response.statusCode).toBe(201);
  }
});
afterAll(async () => t.close());

const list = (query = '') =>
  t.app.inject({ method: 'GET', url: `/spa/users/transactions${query}`, headers: player.headers });

describe('GET /spa/users/transactions', () => {
  it("lists the player's entries newest first with amounts and balances as decimal strings", async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = transactionsResponseSchema.strict().parse(response.json());
    expect(body).toMatchObject({ page: 1, perPage: 20, total: 4 });
    expect(body.items.map((item) => [item.kind, item.account, item.amount, item.balanceAfter, item.currency])).toEqual([
      ['withdrawal_request', 'main', '-30.00', '50.00', 'EUR'],
      ['withdrawal_request', 'main', '-20.00', '80.00', 'EUR'],
      ['bonus_grant', 'bonus', '20.00', '20.00', 'EUR'],
      ['deposit', 'main', '100.00', '100.00', 'EUR'],
    ]);
    expect(new Date(body.items[0]!.createdAt).toISOString()).toBe(body.items[0]!.createdAt);
  });

  it('pages with page and perPage', async () => {
    const first = transactionsResponseSchema.parse((await list('?perPage=3')).json());
    const second = transactionsResponseSchema.parse((await list('?perPage=3&page=2')).json());
    expect(first.items).toHaveLength(3);
    expect(second).toMatchObject({ page: 2, perPage: 3, total: 4 });
    expect(second.items.map((item) => item.kind)).toEqual(['deposit']);
    expect(transactionsResponseSchema.parse((await list('?page=9')).json()).items).toEqual([]);
  });

  it('filters by kind, account and time', async () => {
    expect((await list('?kind=withdrawal_request')).json()).toMatchObject({ total: 2 });
    expect((await list('?account=bonus')).json()).toMatchObject({ total: 1, items: [{ kind: 'bonus_grant' }] });
    expect((await list('?kind=deposit&account=main')).json()).toMatchObject({ total: 1 });
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}`)).json()).toMatchObject({ total: 4 });
    expect((await list('?to=2001-01-01')).json()).toMatchObject({ total: 0 });
    const future = encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString());
    expect((await list(`?from=${future}`)).json()).toMatchObject({ total: 0 });
  });

  it('refuses malformed filters with 400 and visitors with 401', async () => {
    for (const query of ['?kind=lottery', '?account=savings', '?perPage=101', '?page=0', '?from=yesterday']) {
      expectErrorEnvelope(await list(query), 400, 'validation_failed');
    }
    expectErrorEnvelope(await t.app.inject({ method: 'GET', url: '/spa/users/transactions' }), 401, 'unauthorized');
  });
});
