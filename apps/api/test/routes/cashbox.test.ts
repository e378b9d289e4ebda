import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@playhouse/db';
import {
  cashboxResponseSchema,
  staffLedgerResponseSchema,
  staffRequestResponseSchema,
  staffWithdrawalResponseSchema,
  withdrawalResponseSchema,
  withdrawalsResponseSchema,
} from '@playhouse/shared';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { ledgerViolations, NO_VIOLATIONS } from '../helpers/ledger-invariants';
import { staffCaller, type StaffCaller } from '../helpers/staff';
import {
  buildCashboxApp,
  fund,
  idempotencyKey,
  signedInUser,
  type CashboxTestApp,
  type SignedIn,
} from './cashbox-helpers';

let t: CashboxTestApp;
/** Two finance staff members: one approves what the other asks for or pays (four eyes). */
let staff: StaffCaller;
let payer: StaffCaller;

beforeAll(async () => {
  t = await buildCashboxApp({ RATE_LIMIT_MAX: '100000' });
  staff = await staffCaller(t, ['finance']);
  payer = await staffCaller(t, ['finance']);
});
afterAll(async () => t.close());

const IBAN = 'DE89370400440532013000';

function requestWithdrawal(player: SignedIn, amount: string, key = idempotencyKey(), details?: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/spa/cashbox/withdrawals',
    headers: { ...player.headers, 'idempotency-key': key },
    payload: { method: 'sandbox_bank', amount, details: details ?? { iban: IBAN, accountHolder: 'Ada Player' } },
  });
}

const staffAction = (id: string, action: 'approve' | 'pay' | 'reject', who: Pick<StaffCaller, 'headers'> = staff) =>
  t.app.inject({
    method: 'POST',
    url: `/spa/staff/withdrawals/${id}/${action}`,
    headers: who.headers,
    ...(action === 'reject' ? { payload: { reason: 'documents missing' } } : {}),
  });

async function balances(player: SignedIn) {
  const response = await t.app.inject({ method: 'GET', url: '/spa/users/balances', headers: player.headers });
  const body = response.json<{ mainBalance: { balance: string }; bonusBalance: { balance: string } }>();
  return { main: body.mainBalance.balance, bonus: body.bonusBalance.balance };
}

describe('GET /spa/cashbox', () => {
  it('lists the methods of the player currency with translated names, bounds, presets and the limits', async () => {
    const player = await signedInUser(t);
    const response = await t.app.inject({
      method: 'GET',
      url: '/spa/cashbox',
      headers: { ...player.headers, 'x-locale': 'de' },
    });
    expect(response.statusCode).toBe(200);
    const body = cashboxResponseSchema.strict().parse(response.json());
    expect(body.currency).toBe('EUR');
    expect(body.methods).toEqual([
      {
        code: 'sandbox_card',
        name: 'Karte (Sandbox)',
        kind: 'card',
        logo: expect.stringMatching(/^data:image\/svg\+xml,/),
        min: '10.00',
        max: '5000.00',
        presets: ['10.00', '25.00', '50.00', '100.00', '250.00'],
      },
    ]);
    expect(body.withdrawalMethods).toEqual([
      expect.objectContaining({
        code: 'sandbox_bank',
        name: 'Banküberweisung (Sandbox)',
        min: '20.00',
        detailFields: ['iban', 'accountHolder'],
      }),
    ]);
    expect(body.limits.map((limit) => [limit.period, limit.amount, limit.used, limit.remaining])).toEqual([
      ['day', null, '0.00', null],
      ['week', null, '0.00', null],
      ['month', null, '0.00', null],
    ]);

    const roubles = await signedInUser(t, { currency: 'RUB' });
    const rub = cashboxResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/spa/cashbox', headers: roubles.headers })).json(),
    );
    expect(rub.methods[0]).toMatchObject({ name: 'Card (sandbox)', min: '500.00', max: '500000.00' });
  });

  it('is for signed-in players only', async () => {
    expectErrorEnvelope(await t.app.inject({ method: 'GET', url: '/spa/cashbox' }), 401, 'unauthorized');
  });
});

describe('withdrawals', () => {
  it('pending → approved → paid, the player sees each step and the money leaves once', async () => {
    const player = await signedInUser(t);
    await fund(t, player.id, 10_000n);
    const created = await requestWithdrawal(player, '60.00');
    expect(created.statusCode).toBe(201);
    const { withdrawal } = withdrawalResponseSchema.strict().parse(created.json());
    expect(withdrawal).toMatchObject({ status: 'pending', amount: '60.00', details: { iban: IBAN } });
    expect(await balances(player)).toEqual({ main: '40.00', bonus: '0.00' });

    expectErrorEnvelope(await staffAction(withdrawal.id, 'pay'), 409, 'withdrawal_state_conflict');
    const approved = await staffAction(withdrawal.id, 'approve');
    expect(staffWithdrawalResponseSchema.parse(approved.json()).withdrawal).toMatchObject({
      status: 'approved',
      userId: player.id,
      login: player.email,
      reviewedBy: staff.id,
      approvedBy: staff.id,
      paidBy: null,
    });
    expect((await staffAction(withdrawal.id, 'pay', payer)).json()).toMatchObject({
      withdrawal: { status: 'paid', approvedBy: staff.id, paidBy: payer.id },
    });
    expect(await balances(player)).toEqual({ main: '40.00', bonus: '0.00' });

    const list = await t.app.inject({ method: 'GET', url: '/spa/cashbox/withdrawals', headers: player.headers });
    expect(withdrawalsResponseSchema.parse(list.json())).toMatchObject({
      items: [{ id: withdrawal.id, status: 'paid' }],
      total: 1,
    });
  });

  it('reject returns the money to the main balance', async () => {
    const player = await signedInUser(t);
    await fund(t, player.id, 5_000n);
    const { withdrawal } = (await requestWithdrawal(player, '50.00')).json();
    expect(await balances(player)).toEqual({ main: '0.00', bonus: '0.00' });
    const rejected = await staffAction(withdrawal.id, 'reject');
    expect(rejected.json()).toMatchObject({ withdrawal: { status: 'rejected', reason: 'documents missing' } });
    expect(await balances(player)).toEqual({ main: '50.00', bonus: '0.00' });
    expectErrorEnvelope(await staffAction(withdrawal.id, 'reject'), 409, 'withdrawal_state_conflict');
  });

  it('never pays out bonus money and refuses more than the main balance with 409 insufficient_funds', async () => {
    const player = await signedInUser(t);
    await fund(t, player.id, 2_500n);
    await fund(t, player.id, 90_000n, 'bonus');
    const refused = expectErrorEnvelope(await requestWithdrawal(player, '30.00'), 409, 'insufficient_funds');
    expect(refused.error.message).not.toBe('');
    expect(await balances(player)).toEqual({ main: '25.00', bonus: '900.00' });
    const list = await t.app.inject({ method: 'GET', url: '/spa/cashbox/withdrawals', headers: player.headers });
    expect(list.json()).toMatchObject({ items: [], total: 0 });
  });

  it('requires an Idempotency-Key; a replay answers the same and moves nothing', async () => {
    const player = await signedInUser(t);
    await fund(t, player.id, 10_000n);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/spa/cashbox/withdrawals',
      headers: player.headers,
      payload: { method: 'sandbox_bank', amount: '20.00', details: { iban: IBAN, accountHolder: 'Ada' } },
    });
    expectErrorEnvelope(missing, 400, 'validation_failed');
    const key = idempotencyKey();
    const first = await requestWithdrawal(player, '20.00', key);
    const replay = await requestWithdrawal(player, '20.00', key);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expectErrorEnvelope(await requestWithdrawal(player, '25.00', key), 409, 'idempotency_key_reused');
    expect(await balances(player)).toEqual({ main: '80.00', bonus: '0.00' });
  });

  it('validates the payout details field by field', async () => {
    const player = await signedInUser(t);
    await fund(t, player.id, 10_000n);
    const response = await requestWithdrawal(player, '20.00', idempotencyKey(), {
      iban: 'DE00 1234',
      accountHolder: '',
    });
    expect(expectErrorEnvelope(response, 400, 'validation_failed').error.fields).toEqual({
      'details.iban': 'invalid_iban',
      'details.accountHolder': 'required',
    });
  });

  it('accepts exactly 100 of 200 concurrent 1.00 requests against 100.00, and the same 200 again change nothing', async () => {
    const player = await signedInUser(t, { currency: 'USD' });
    await fund(t, player.id, 10_000n);
    await t.db
      .update(schema.paymentMethodLimits)
      .set({ minAmount: 100n })
      .where(
        and(eq(schema.paymentMethodLimits.currency, 'USD'), eq(schema.paymentMethodLimits.direction, 'withdrawal')),
      );
    const keys = Array.from({ length: 200 }, () => idempotencyKey());
    const first = await Promise.all(keys.map((key) => requestWithdrawal(player, '1.00', key)));
    const statuses = first.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(100);
    expect(statuses.filter((status) => status === 409)).toHaveLength(100);
    for (const response of first.filter((r) => r.statusCode === 409)) {
      expect(response.json().error.code).toBe('insufficient_funds');
    }
    expect(await balances(player)).toEqual({ main: '0.00', bonus: '0.00' });

    const again = await Promise.all(keys.map((key) => requestWithdrawal(player, '1.00', key)));
    expect(again.filter((response) => response.statusCode === 201)).toHaveLength(100);
    for (const [index, response] of again.entries()) {
      if (response.statusCode === 201) expect(response.json()).toEqual(first[index]!.json());
    }
    expect(await balances(player)).toEqual({ main: '0.00', bonus: '0.00' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/spa/cashbox/withdrawals?perPage=1',
      headers: player.headers,
    });
    expect(list.json()).toMatchObject({ total: 100, perPage: 1 });
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  }, 120_000);
});

describe('staff money routes', () => {
  it('are closed to players (403) and to visitors (401)', async () => {
    const player = await signedInUser(t);
    expectErrorEnvelope(
      await t.app.inject({ method: 'GET', url: '/spa/staff/withdrawals', headers: player.headers }),
      403,
      'forbidden',
    );
    expectErrorEnvelope(await t.app.inject({ method: 'GET', url: '/spa/staff/withdrawals' }), 401, 'unauthorized');
  });

  it('POST /spa/staff/adjustments asks; a second staff member approves, and only then the money moves', async () => {
    const player = await signedInUser(t);
    const ask = (amount: string, key = idempotencyKey()) =>
      t.app.inject({
        method: 'POST',
        url: '/spa/staff/adjustments',
        headers: { ...staff.headers, 'idempotency-key': key },
        payload: { login: player.username, amount, reason: 'service credit' },
      });
    const decide = (id: string, decision: 'approve' | 'reject', who: StaffCaller) =>
      t.app.inject({
        method: 'POST',
        url: `/spa/staff/adjustments/${id}/${decision}`,
        headers: who.headers,
        ...(decision === 'reject' ? { payload: { reason: 'not agreed' } } : {}),
      });
    const key = idempotencyKey();
    const asked = await ask('12.50', key);
    expect(asked.statusCode).toBe(201);
    const { request } = staffRequestResponseSchema.parse(asked.json());
    expect(request).toMatchObject({
      kind: 'balance_adjustment',
      status: 'pending',
      subject: { id: player.id, login: player.email },
      payload: { amount: '12.50', currency: 'EUR', reason: 'service credit' },
      requestedBy: staff.id,
    });
    expect(await balances(player)).toEqual({ main: '0.00', bonus: '0.00' });
    // The same key asks once.
    expect(staffRequestResponseSchema.parse((await ask('12.50', key)).json()).request.id).toBe(request.id);
    expectErrorEnvelope(await ask('99.00', key), 409, 'idempotency_key_reused');

    expectErrorEnvelope(await decide(request.id, 'approve', staff), 403, 'four_eyes_required');
    const approved = staffRequestResponseSchema.parse((await decide(request.id, 'approve', payer)).json()).request;
    expect(approved).toMatchObject({ status: 'approved', decidedBy: payer.id, result: { mainBalance: '12.50' } });
    expect(await balances(player)).toEqual({ main: '12.50', bonus: '0.00' });
    expectErrorEnvelope(await decide(request.id, 'approve', payer), 409, 'request_not_pending');

    // A debit beyond the balance is refused when approved, and stays pending.
    const overdraw = staffRequestResponseSchema.parse((await ask('-20.00')).json()).request;
    expectErrorEnvelope(await decide(overdraw.id, 'approve', payer), 409, 'insufficient_funds');
    const debit = staffRequestResponseSchema.parse((await ask('-2.50')).json()).request;
    await decide(debit.id, 'approve', payer);
    expect(staffRequestResponseSchema.parse((await decide(overdraw.id, 'reject', payer)).json()).request).toMatchObject(
      { status: 'rejected', decisionReason: 'not agreed' },
    );

    const ledger = await t.app.inject({
      method: 'GET',
      url: `/spa/staff/ledger/${encodeURIComponent(player.email)}`,
      headers: staff.headers,
    });
    expect(staffLedgerResponseSchema.parse(ledger.json())).toMatchObject({
      user: { id: player.id, username: player.username, currency: 'EUR' },
      balances: { main: '10.00', bonus: '0.00', withdrawalsPending: '0.00' },
      total: 2,
      items: [
        { kind: 'manual_adjustment', amount: '-2.50', balanceAfter: '10.00' },
        { kind: 'manual_adjustment', amount: '12.50', balanceAfter: '12.50' },
      ],
    });
  });

  it('GET /spa/staff/withdrawals filters by status', async () => {
    const player = await signedInUser(t);
    await fund(t, player.id, 10_000n);
    const { withdrawal } = (await requestWithdrawal(player, '33.00')).json();
    const response = await t.app.inject({
      method: 'GET',
      url: '/spa/staff/withdrawals?status=pending&pageSize=100',
      headers: staff.headers,
    });
    const items = response.json<{ items: { id: string; status: string }[] }>().items;
    expect(items.find((item) => item.id === withdrawal.id)).toMatchObject({ status: 'pending', login: player.email });
    expect(items.every((item) => item.status === 'pending')).toBe(true);
  });
});
