import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { and, desc, eq, like } from 'drizzle-orm';
import { schema } from '@playhouse/db';
import {
  depositResponseSchema,
  moneySettingsResponseSchema,
  staffAdjustmentPageSchema,
  staffPaymentDetailSchema,
  staffPaymentPageSchema,
  staffRequestResponseSchema,
  staffWithdrawalDetailSchema,
  staffWithdrawalPageSchema,
  withdrawalResponseSchema,
} from '@playhouse/shared';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { ledgerViolations, NO_VIOLATIONS } from '../helpers/ledger-invariants';
import { staffCaller, type StaffCaller } from '../helpers/staff';
import {
  buildCashboxApp,
  fund,
  idempotencyKey,
  SITE_ORIGIN,
  signedInUser,
  type CashboxTestApp,
  type SignedIn,
} from './cashbox-helpers';

let t: CashboxTestApp;
/** Two finance members (four eyes), an admin (the threshold), support and risk (what they may not do). */
let finance: StaffCaller;
let finance2: StaffCaller;
let admin: StaffCaller;
let admin2: StaffCaller;
let support: StaffCaller;
let risk: StaffCaller;

beforeAll(async () => {
  t = await buildCashboxApp({ RATE_LIMIT_MAX: '100000' });
  finance = await staffCaller(t, ['finance']);
  finance2 = await staffCaller(t, ['finance']);
  admin = await staffCaller(t, ['admin']);
  admin2 = await staffCaller(t, ['admin']);
  support = await staffCaller(t, ['support']);
  risk = await staffCaller(t, ['risk']);
});
afterAll(async () => t.close());

const IBAN = 'DE89370400440532013000';

const get = (url: string, who: Pick<StaffCaller, 'headers'>) =>
  t.app.inject({ method: 'GET', url, headers: who.headers });

function askAdjustment(who: StaffCaller, login: string, amount: string, key = idempotencyKey()) {
  return t.app.inject({
    method: 'POST',
    url: '/spa/staff/adjustments',
    headers: { ...who.headers, 'idempotency-key': key },
    payload: { login, amount, reason: 'goodwill credit' },
  });
}

const approveAdjustment = (id: string, who: StaffCaller) =>
  t.app.inject({ method: 'POST', url: `/spa/staff/adjustments/${id}/approve`, headers: who.headers });

const setThreshold = (who: StaffCaller, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/spa/staff/settings/money', headers: who.headers, payload });

async function mainBalance(player: SignedIn) {
  const response = await t.app.inject({ method: 'GET', url: '/spa/users/balances/main', headers: player.headers });
  return response.json<{ amount: string }>().amount;
}

async function requestWithdrawal(player: SignedIn, amount: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/spa/cashbox/withdrawals',
    headers: { ...player.headers, 'idempotency-key': idempotencyKey() },
    payload: { method: 'sandbox_bank', amount, details: { iban: IBAN, accountHolder: 'Ada Player' } },
  });
  expect(response.statusCode).toBe(201);
  return withdrawalResponseSchema.parse(response.json()).withdrawal;
}

const act = (id: string, action: 'approve' | 'pay' | 'reject', who: Pick<StaffCaller, 'headers'>) =>
  t.app.inject({
    method: 'POST',
    url: `/spa/staff/withdrawals/${id}/${action}`,
    headers: who.headers,
    ...(action === 'reject' ? { payload: { reason: 'name does not match the account' } } : {}),
  });

async function auditRows(event: string) {
  return t.db.select().from(schema.auditLog).where(like(schema.auditLog.event, event));
}

describe('the four-eyes threshold of manual adjustments', () => {
  // The threshold tests run in order: the default first, then with an admin's EUR threshold.
  it('defaults to 0 in every currency: every adjustment waits for a second member', async () => {
    const settings = moneySettingsResponseSchema.parse((await get('/spa/staff/settings/money', admin)).json());
    expect(settings.thresholds.map((row) => [row.currency, row.amount, row.isDefault])).toEqual([
      ['EUR', '0.00', true],
      ['USD', '0.00', true],
      ['GBP', '0.00', true],
      ['BRL', '0.00', true],
      ['RUB', '0.00', true],
    ]);
    const player = await signedInUser(t);
    const asked = await askAdjustment(finance, player.username, '0.01');
    expect(asked.statusCode).toBe(201);
    expect(staffRequestResponseSchema.parse(asked.json()).request.status).toBe('pending');
    expect(await mainBalance(player)).toBe('0.00');
  });

  it('only admins read or set it; bad input is a 400 that changes nothing', async () => {
    for (const who of [finance, support, risk]) {
      expectErrorEnvelope(await get('/spa/staff/settings/money', who), 403, 'forbidden');
      expectErrorEnvelope(await setThreshold(who, { currency: 'EUR', amount: '100.00' }), 403, 'forbidden');
    }
    for (const payload of [
      { currency: 'EUR', amount: '-1.00' },
      { currency: 'EUR', amount: '1.001' },
      { currency: 'EUR', amount: 'ten' },
      { currency: 'XXX', amount: '10.00' },
      { currency: 'EUR' },
      {},
    ]) {
      expectErrorEnvelope(await setThreshold(admin, payload), 400, 'validation_failed');
    }
    expect(await t.db.select().from(schema.adjustmentThresholds)).toEqual([]);
    expect(await auditRows('staff_set_adjustment_threshold')).toEqual([]);
  });

  it('an admin asks for it per currency, a second admin approves it, audited with before and after', async () => {
    const response = await setThreshold(admin, { currency: 'EUR', amount: '50.00' });
    expect(response.statusCode).toBe(202);
    const { request } = staffRequestResponseSchema.parse(response.json());
    expect(request).toMatchObject({ kind: 'adjustment_threshold', status: 'pending', payload: { amount: '50.00' } });
    expect(await t.db.select().from(schema.adjustmentThresholds)).toEqual([]);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/spa/staff/settings/requests/${request.id}/approve`,
      headers: admin2.headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const set = moneySettingsResponseSchema.parse((await get('/spa/staff/settings/money', admin)).json());
    expect(set.thresholds.find((row) => row.currency === 'EUR')).toMatchObject({
      amount: '50.00',
      isDefault: false,
      updatedBy: { id: admin2.id, login: admin2.email },
    });
    const [audit] = await auditRows('staff_set_adjustment_threshold');
    expect(audit).toMatchObject({
      actorId: admin2.id,
      metadata: { currency: 'EUR', requestedBy: admin.id },
      before: { amount: '0.00', isDefault: true },
      after: { amount: '50.00', isDefault: false },
    });
    const settings = moneySettingsResponseSchema.parse((await get('/spa/staff/settings/money', admin)).json());
    expect(settings.thresholds.find((row) => row.currency === 'USD')).toMatchObject({
      amount: '0.00',
      isDefault: true,
    });
  });

  it('below it one finance member applies an adjustment alone; at or above it a second member approves', async () => {
    const player = await signedInUser(t);
    // 49.99 < 50.00: applied at once, in the request's transaction.
    const small = staffRequestResponseSchema.parse((await askAdjustment(finance, player.username, '49.99')).json());
    expect(small.request).toMatchObject({ status: 'approved', requestedBy: finance.id, decidedBy: finance.id });
    expect(small.request.result).toMatchObject({ mainBalance: '49.99' });
    expect(await mainBalance(player)).toBe('49.99');
    // A debit counts by its size (asked by the other member: what one member applies alone adds up, below).
    const debit = staffRequestResponseSchema.parse((await askAdjustment(finance2, player.username, '-9.99')).json());
    expect(debit.request.status).toBe('approved');
    expect(await mainBalance(player)).toBe('40.00');
    // Exactly the threshold, and above it: pending until a second member approves.
    const atThreshold = staffRequestResponseSchema.parse(
      (await askAdjustment(finance, player.username, '50.00')).json(),
    );
    expect(atThreshold.request.status).toBe('pending');
    const above = staffRequestResponseSchema.parse((await askAdjustment(finance, player.username, '-50.01')).json());
    expect(above.request.status).toBe('pending');
    expect(await mainBalance(player)).toBe('40.00');
    expectErrorEnvelope(await approveAdjustment(atThreshold.request.id, finance), 403, 'four_eyes_required');
    expect((await approveAdjustment(atThreshold.request.id, finance2)).statusCode).toBe(200);
    expect(await mainBalance(player)).toBe('90.00');

    // Support may ask but never applies anything alone, however small.
    const bySupport = staffRequestResponseSchema.parse((await askAdjustment(support, player.username, '1.00')).json());
    expect(bySupport.request.status).toBe('pending');
    expect(await mainBalance(player)).toBe('90.00');

    // The list tells the adjustments applied alone from those two members decided.
    const list = staffAdjustmentPageSchema.parse(
      (await get(`/spa/staff/adjustments?player=${player.id}&sort=requestedAt&dir=asc`, finance)).json(),
    );
    expect(list.items.map((item) => [item.payload.amount, item.status, item.appliedAlone, item.decider?.id])).toEqual([
      ['49.99', 'approved', true, finance.id],
      ['-9.99', 'approved', true, finance2.id],
      ['50.00', 'approved', false, finance2.id],
      ['-50.01', 'pending', false, undefined],
      ['1.00', 'pending', false, undefined],
    ]);
    expect(list.items[4]!.requester).toEqual({ id: support.id, login: support.email });
    const csv = await get(`/spa/staff/adjustments?player=${player.id}&sort=requestedAt&dir=asc&format=csv`, finance);
    const rows = parse(csv.body, { bom: true }) as string[][];
    expect(rows.map((row) => [row[3], row[7], row[8]])).toEqual([
      ['amount', 'status', 'applied alone'],
      ['49.99', 'approved', 'true'],
      ['-9.99', 'approved', 'true'],
      ['50.00', 'approved', 'false'],
      ['-50.01', 'pending', 'false'],
      ['1.00', 'pending', 'false'],
    ]);
    const applied = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.event, 'staff_approve_balance_adjustment'), eq(schema.auditLog.userId, player.id)));
    expect(applied.map((row) => row.metadata.appliedAlone ?? false)).toEqual([true, true, false]);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('a replayed key applies a small adjustment once, even when sent twice at once', async () => {
    const player = await signedInUser(t);
    const member = await staffCaller(t, ['finance']);
    const key = idempotencyKey();
    const answers = await Promise.all([
      askAdjustment(member, player.username, '20.00', key),
      askAdjustment(member, player.username, '20.00', key),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const ids = answers.map((answer) => staffRequestResponseSchema.parse(answer.json()).request.id);
    expect(ids[0]).toBe(ids[1]);
    expect(await mainBalance(player)).toBe('20.00');
  });

  it('a member cannot split a large adjustment into small ones: what they applied alone in 24 hours counts', async () => {
    const player = await signedInUser(t);
    const member = await staffCaller(t, ['finance']);
    const ask = async (amount: string) =>
      staffRequestResponseSchema.parse((await askAdjustment(member, player.username, amount)).json()).request;
    // Threshold EUR 50.00 (set above). 20 + 20 alone; a third 20 would make 60 in a day: it waits.
    expect((await ask('20.00')).status).toBe('approved');
    expect((await ask('20.00')).status).toBe('approved');
    const third = await ask('20.00');
    expect(third.status).toBe('pending');
    // Debits count by their size: 40 + 9.99 stays below 50; one cent more does not.
    expect((await ask('-9.99')).status).toBe('approved');
    expect((await ask('0.01')).status).toBe('pending');
    expect(await mainBalance(player)).toBe('30.01');
    // Another member's own day is their own; a second member's approval is not applied alone and counts for nobody.
    expect((await approveAdjustment(third.id, finance2)).statusCode).toBe(200);
    expect(await mainBalance(player)).toBe('50.01');
    // A day later the member's earlier adjustments no longer count.
    await t.db
      .update(schema.staffRequests)
      .set({ decidedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(and(eq(schema.staffRequests.requestedBy, member.id), eq(schema.staffRequests.appliedAlone, true)));
    expect((await ask('49.99')).status).toBe('approved');
    expect(await mainBalance(player)).toBe('100.00');
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('two small adjustments sent at once by one member cannot both pass alone when together they reach the threshold', async () => {
    const player = await signedInUser(t);
    const member = await staffCaller(t, ['finance']);
    const answers = await Promise.all([
      askAdjustment(member, player.username, '30.00'),
      askAdjustment(member, player.username, '30.00'),
    ]);
    const statuses = answers.map((answer) => staffRequestResponseSchema.parse(answer.json()).request.status).sort();
    expect(statuses).toEqual(['approved', 'pending']);
    expect(await mainBalance(player)).toBe('30.00');
  });

  it('nobody credits their own account, below the threshold or not', async () => {
    const before = await t.db.select().from(schema.staffRequests);
    expectErrorEnvelope(await askAdjustment(finance, finance.email, '1.00'), 403, 'own_account');
    expectErrorEnvelope(await askAdjustment(finance, finance.username, '500.00'), 403, 'own_account');
    expect(await t.db.select().from(schema.staffRequests)).toHaveLength(before.length);
  });
});

describe('four eyes under races', () => {
  it('two approvals of one adjustment at once move the money once', async () => {
    const player = await signedInUser(t);
    const third = await staffCaller(t, ['finance']);
    const asked = staffRequestResponseSchema.parse((await askAdjustment(finance, player.username, '75.00')).json());
    expect(asked.request.status).toBe('pending');
    const answers = await Promise.all([
      approveAdjustment(asked.request.id, finance2),
      approveAdjustment(asked.request.id, third),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expectErrorEnvelope(
      answers.find((answer) => answer.statusCode === 409)!,
      409,
      'request_not_pending',
    );
    expect(await mainBalance(player)).toBe('75.00');
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('two payments of one approved withdrawal at once pay it once', async () => {
    const player = await signedInUser(t);
    await fund(t, player.id, 10_000n);
    const withdrawal = await requestWithdrawal(player, '60.00');
    expect((await act(withdrawal.id, 'approve', finance)).statusCode).toBe(200);
    const third = await staffCaller(t, ['finance']);
    const answers = await Promise.all([act(withdrawal.id, 'pay', finance2), act(withdrawal.id, 'pay', third)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const paid = await t.db
      .select()
      .from(schema.ledgerTransfers)
      .where(eq(schema.ledgerTransfers.idempotencyKey, `withdrawal:${withdrawal.id}:paid`));
    expect(paid).toHaveLength(1);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });
});

describe('the withdrawal queue', () => {
  it('refuses per role: risk reads and rejects but neither approves nor pays; support and admin see nothing', async () => {
    const player = await signedInUser(t);
    await fund(t, player.id, 10_000n);
    const withdrawal = await requestWithdrawal(player, '25.00');
    for (const who of [support, admin]) {
      expectErrorEnvelope(await get('/spa/staff/withdrawals', who), 403, 'forbidden');
      expectErrorEnvelope(await get(`/spa/staff/withdrawals/${withdrawal.id}`, who), 403, 'forbidden');
      expectErrorEnvelope(await act(withdrawal.id, 'approve', who), 403, 'forbidden');
    }
    expect((await get(`/spa/staff/withdrawals/${withdrawal.id}`, risk)).statusCode).toBe(200);
    expectErrorEnvelope(await act(withdrawal.id, 'approve', risk), 403, 'forbidden');
    expectErrorEnvelope(await act(withdrawal.id, 'pay', risk), 403, 'forbidden');
    // Paying before anyone approved is refused: the payer is never the only pair of eyes.
    expectErrorEnvelope(await act(withdrawal.id, 'pay', finance), 409, 'withdrawal_state_conflict');
    expect((await act(withdrawal.id, 'reject', risk)).statusCode).toBe(200);
    expect(await mainBalance(player)).toBe('100.00');
  });

  it('filters by status, currency, period and player, sorts by a whitelisted column, and refuses the rest', async () => {
    const eur = await signedInUser(t);
    const usd = await signedInUser(t, { currency: 'USD' });
    await fund(t, eur.id, 50_000n);
    await fund(t, usd.id, 50_000n);
    const small = await requestWithdrawal(eur, '20.00');
    const large = await requestWithdrawal(eur, '300.00');
    const dollars = await requestWithdrawal(usd, '40.00');
    await act(large.id, 'approve', finance);

    const list = async (query: string) =>
      staffWithdrawalPageSchema.parse((await get(`/spa/staff/withdrawals?${query}`, finance)).json());

    const byPlayer = await list(`player=${eur.id}&sort=amount&dir=asc`);
    expect(byPlayer.items.map((item) => item.amount)).toEqual(['20.00', '300.00']);
    expect(byPlayer).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect((await list(`player=${eur.id}&sort=amount&dir=desc`)).items.map((item) => item.id)).toEqual([
      large.id,
      small.id,
    ]);
    expect((await list(`player=${eur.id}&status=approved`)).items.map((item) => item.id)).toEqual([large.id]);
    expect((await list(`q=${encodeURIComponent(usd.username)}&currency=USD`)).items.map((item) => item.id)).toEqual([
      dollars.id,
    ]);
    // The search also matches any part of an e-mail or username: other players' random ones may hold these digits.
    expect((await list(`q=${usd.id}`)).items.map((item) => item.id)).toContain(dollars.id);
    expect((await list(`q=${encodeURIComponent('%')}`)).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`player=${eur.id}&from=${today}&to=${today}`)).total).toBe(2);
    expect((await list(`player=${eur.id}&to=2000-01-01`)).total).toBe(0);
    const paged = await list(`player=${eur.id}&pageSize=1&page=2&sort=amount&dir=asc`);
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1, items: [{ id: large.id }] });

    // The CSV export holds the whole filtered result (every page), formula-safe, and the export is audited.
    const csv = await get(`/spa/staff/withdrawals?player=${eur.id}&sort=amount&dir=asc&pageSize=1&format=csv`, finance);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parse(csv.body, { bom: true }) as string[][];
    expect(rows[0]).toContain('payout details');
    expect(rows.slice(1).map((row) => [row[0], row[4]])).toEqual([
      [small.id, '20.00'],
      [large.id, '300.00'],
    ]);
    const exported = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.event, 'staff_view_withdrawals'))
      .orderBy(desc(schema.auditLog.id))
      .limit(1);
    expect(exported[0]!.metadata).toMatchObject({ format: 'csv', exported: 2 });

    const audits = await t.db.select().from(schema.auditLog);
    for (const query of [
      'sort=login',
      'sort=createdAt;drop table users',
      'dir=sideways',
      'pageSize=101',
      'page=0',
      'status=lost',
      'currency=XXX',
      'from=yesterday',
      'player=-1',
    ]) {
      expectErrorEnvelope(await get(`/spa/staff/withdrawals?${query}`, finance), 400, 'validation_failed');
    }
    // A refused list is not a view: nothing is written.
    expect(await t.db.select().from(schema.auditLog)).toHaveLength(audits.length);
  });

  it("a withdrawal's page names the player, the two members who acted and its history; the view is audited", async () => {
    const player = await signedInUser(t);
    await fund(t, player.id, 20_000n);
    const withdrawal = await requestWithdrawal(player, '120.00');
    await act(withdrawal.id, 'approve', finance);
    expect((await act(withdrawal.id, 'pay', finance2)).statusCode).toBe(200);

    const response = await get(`/spa/staff/withdrawals/${withdrawal.id}`, finance);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const detail = staffWithdrawalDetailSchema.parse(response.json());
    expect(detail).toMatchObject({
      withdrawal: { id: withdrawal.id, status: 'paid', amount: '120.00', approvedBy: finance.id, paidBy: finance2.id },
      player: { id: player.id, email: player.email, username: player.username, currency: 'EUR', mainBalance: '80.00' },
      approvedBy: { id: finance.id, login: finance.email },
      paidBy: { id: finance2.id, login: finance2.email },
      rejectedBy: null,
    });
    expect(detail.history.map((entry) => [entry.event, entry.actor?.id ?? null])).toEqual([
      ['requested', null],
      ['approved', finance.id],
      ['paid', finance2.id],
    ]);
    const views = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.event, 'staff_view_withdrawal'), eq(schema.auditLog.userId, player.id)));
    expect(views).toMatchObject([{ actorId: finance.id, metadata: { withdrawalId: withdrawal.id } }]);

    expectErrorEnvelope(
      await get('/spa/staff/withdrawals/00000000-0000-4000-8000-000000000000', finance),
      404,
      'not_found',
    );
    expectErrorEnvelope(await get('/spa/staff/withdrawals/not-a-uuid', finance), 400, 'validation_failed');
  });
});

describe('payments and their webhooks', () => {
  async function deposit(player: SignedIn, card: string) {
    const started = await t.app.inject({
      method: 'POST',
      url: '/spa/cashbox/deposits',
      headers: { ...player.headers, 'idempotency-key': idempotencyKey() },
      payload: { method: 'sandbox_card', amount: '25.00' },
    });
    const created = depositResponseSchema.parse(started.json()).deposit;
    const sessionId = new URL(created.redirectUrl!).pathname.split('/').pop()!;
    const submitted = await t.app.inject({
      method: 'POST',
      url: `/spa/psp/sandbox/checkout/${sessionId}`,
      headers: { origin: SITE_ORIGIN },
      payload: { cardNumber: card, expiry: '12/39', cvc: '123', holder: 'Ada Player' },
    });
    expect(submitted.statusCode).toBe(200);
    await t.deliverWebhooks();
    return created.id;
  }

  it('lists deposits with filters and shows every webhook a payment got with its outcome (finance, risk)', async () => {
    const player = await signedInUser(t);
    const succeeded = await deposit(player, '4242 4242 4242 4242');
    const declined = await deposit(player, '4000 0000 0000 0002');

    const list = staffPaymentPageSchema.parse((await get(`/spa/staff/payments?player=${player.id}`, risk)).json());
    expect(list.items.map((item) => [item.id, item.status])).toEqual([
      [declined, 'declined'],
      [succeeded, 'succeeded'],
    ]);
    const onlyDeclined = staffPaymentPageSchema.parse(
      (await get(`/spa/staff/payments?player=${player.id}&status=declined`, finance)).json(),
    );
    expect(onlyDeclined.items.map((item) => item.id)).toEqual([declined]);

    const detail = staffPaymentDetailSchema.parse((await get(`/spa/staff/payments/${succeeded}`, finance)).json());
    expect(detail.payment).toMatchObject({ id: succeeded, status: 'succeeded', amount: '25.00', login: player.email });
    expect(detail.webhooks.map((event) => event.outcome)).toEqual(['applied']);
    expect(detail.deliveries).toMatchObject([{ status: 'delivered', attempts: 1, lastStatusCode: 200 }]);
    expect(detail.deliveries[0]!.eventId).toBe(detail.webhooks[0]!.eventId);
    const views = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.event, 'staff_view_payment'), eq(schema.auditLog.userId, player.id)));
    expect(views).toHaveLength(1);

    for (const who of [support, admin]) {
      expectErrorEnvelope(await get('/spa/staff/payments', who), 403, 'forbidden');
      expectErrorEnvelope(await get(`/spa/staff/payments/${succeeded}`, who), 403, 'forbidden');
    }
    expectErrorEnvelope(await get('/spa/staff/payments?sort=provider', finance), 400, 'validation_failed');
    const csv = await get(`/spa/staff/payments?player=${player.id}&format=csv`, finance);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parse(csv.body, { bom: true }) as string[][];
    expect(rows.slice(1).map((row) => [row[0], row[8]])).toEqual([
      [declined, 'declined'],
      [succeeded, 'succeeded'],
    ]);
    expectErrorEnvelope(
      await get('/spa/staff/payments/00000000-0000-4000-8000-000000000000', finance),
      404,
      'not_found',
    );
  });
});
