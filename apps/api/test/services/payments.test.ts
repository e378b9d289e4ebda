import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { schema, type DbHandle } from '@playhouse/db';
import { signPayload } from '../../src/services/payments/sandbox/signature';
import { retryDelayMs } from '../../src/services/payments/sandbox/sandbox-psp';
import { LIMIT_RAISE_DELAY_MS, planLimitChange } from '../../src/services/protection/limits-service';
import { IdempotencyConflictError } from '../../src/services/wallet/wallet-errors';
import { createTestDb } from '../helpers/test-db';
import { insertPlayer, ledgerViolations, NO_VIOLATIONS } from '../helpers/ledger-invariants';
import { CARD, cashboxServices, key, sessionIdOf, WEBHOOK_SECRET, type CashboxServices } from './cashbox-fixtures';

let handle: DbHandle;
let s: CashboxServices;

beforeAll(async () => {
  handle = await createTestDb();
  s = await cashboxServices(handle);
});
afterAll(async () => handle.close());

const HOUR = 60 * 60 * 1000;

async function player(name: string, currency = 'EUR') {
  const id = await insertPlayer(handle.db, name, currency);
  return { id, currency };
}

async function mainBalance(userId: number) {
  return (await s.wallet.balances(userId, 'EUR')).main;
}

async function depositTransfers(paymentId: string) {
  const rows = await handle.db
    .select()
    .from(schema.ledgerTransfers)
    .where(eq(schema.ledgerTransfers.idempotencyKey, `deposit:${paymentId}`));
  return rows.length;
}

/** A webhook the sandbox would send, signed now, for a deposit. */
function signedEvent(
  deposit: { id: string; amount: string },
  type: 'payment.succeeded' | 'payment.declined',
  eventId: string,
  now = s.clock.now(),
) {
  const body = JSON.stringify({
    id: eventId,
    type,
    created: now.toISOString(),
    data: {
      sessionId: 'cs_manual',
      reference: deposit.id,
      amount: deposit.amount,
      currency: 'EUR',
      status: type === 'payment.succeeded' ? 'succeeded' : 'declined',
      declineReason: type === 'payment.declined' ? 'card_declined' : null,
    },
  });
  return { headers: { 'x-sandbox-signature': signPayload(WEBHOOK_SECRET, body, now) }, rawBody: body };
}

describe('deposits through the sandbox payment provider', () => {
  it('opens a pending deposit whose redirect is the hosted payment page of a session for that amount', async () => {
    const user = await player('dep_open');
    const deposit = await s.payments.createDeposit(user, {
      method: 'sandbox_card',
      amount: '25',
      locale: 'de',
      idempotencyKey: key(),
    });
    expect(deposit).toMatchObject({ status: 'pending', amount: '25.00', currency: 'EUR', method: 'sandbox_card' });
    expect(deposit.redirectUrl).toMatch(/^http:\/\/site\.test\/de\/psp\/checkout\/cs_[A-Za-z0-9_-]+$/);
    const session = await s.psp.session(sessionIdOf(deposit.redirectUrl));
    expect(session).toMatchObject({ amount: '25.00', currency: 'EUR', status: 'open', merchantName: 'Playhouse' });
    expect(session.returnUrl).toBe(`http://site.test/de/cashbox?deposit=${deposit.id}`);
    expect(await mainBalance(user.id)).toBe(0n);
  });

  it('credits a succeeded card payment once, even when the webhook is delivered twice', async () => {
    const user = await player('dep_success');
    const deposit = await s.payments.createDeposit(user, {
      method: 'sandbox_card',
      amount: '25.00',
      locale: 'en',
      idempotencyKey: key(),
    });
    const result = await s.psp.submitCard(sessionIdOf(deposit.redirectUrl), CARD.succeeds);
    expect(result.status).toBe('succeeded');
    expect(await s.payments.deposit(user.id, deposit.id)).toMatchObject({ status: 'pending' });

    await s.psp.deliverDue();
    expect(await s.payments.deposit(user.id, deposit.id)).toMatchObject({ status: 'succeeded' });
    expect(await mainBalance(user.id)).toBe(2_500n);

    expect(await s.psp.redeliver(sessionIdOf(deposit.redirectUrl))).toBe(1);
    await s.psp.deliverDue();
    expect(await mainBalance(user.id)).toBe(2_500n);
    expect(await depositTransfers(deposit.id)).toBe(1);
    const events = await handle.db
      .select()
      .from(schema.paymentEvents)
      .where(eq(schema.paymentEvents.paymentId, deposit.id));
    expect(events.map((event) => event.outcome)).toEqual(['applied']);
  });

  it('credits nothing for a declined card', async () => {
    const user = await player('dep_decline');
    const deposit = await s.payments.createDeposit(user, {
      method: 'sandbox_card',
      amount: '30.00',
      locale: 'en',
      idempotencyKey: key(),
    });
    const result = await s.psp.submitCard(sessionIdOf(deposit.redirectUrl), CARD.declines);
    expect(result).toMatchObject({ status: 'declined', declineReason: 'card_declined' });
    await s.psp.deliverDue();
    expect(await s.payments.deposit(user.id, deposit.id)).toMatchObject({
      status: 'declined',
      failureReason: 'card_declined',
    });
    expect(await mainBalance(user.id)).toBe(0n);
    expect(await depositTransfers(deposit.id)).toBe(0);
  });

  it('keeps a pending card pending until the operator settles it', async () => {
    const user = await player('dep_pending');
    const deposit = await s.payments.createDeposit(user, {
      method: 'sandbox_card',
      amount: '40.00',
      locale: 'en',
      idempotencyKey: key(),
    });
    expect((await s.psp.submitCard(sessionIdOf(deposit.redirectUrl), CARD.staysPending)).status).toBe('pending');
    await s.psp.deliverDue();
    expect(await s.payments.deposit(user.id, deposit.id)).toMatchObject({ status: 'pending' });
    expect(await mainBalance(user.id)).toBe(0n);

    expect(await s.psp.settle(deposit.id, 'succeed')).toBe('succeeded');
    await s.psp.deliverDue();
    expect(await s.payments.deposit(user.id, deposit.id)).toMatchObject({ status: 'succeeded' });
    expect(await mainBalance(user.id)).toBe(4_000n);
    await expect(s.psp.settle(deposit.id, 'decline')).rejects.toMatchObject({ code: 'checkout_closed' });
  });

  it('lets the operator decline a pending payment', async () => {
    const user = await player('dep_pending_decline');
    const deposit = await s.payments.createDeposit(user, {
      method: 'sandbox_card',
      amount: '40.00',
      locale: 'en',
      idempotencyKey: key(),
    });
    await s.psp.submitCard(sessionIdOf(deposit.redirectUrl), CARD.staysPending);
    await s.psp.settle(deposit.id, 'decline');
    await s.psp.deliverDue();
    expect(await s.payments.deposit(user.id, deposit.id)).toMatchObject({
      status: 'declined',
      failureReason: 'declined_by_operator',
    });
    expect(await mainBalance(user.id)).toBe(0n);
  });

  it('refuses a second card submission on a completed checkout, and invalid card details', async () => {
    const user = await player('dep_closed');
    const deposit = await s.payments.createDeposit(user, {
      method: 'sandbox_card',
      amount: '10.00',
      locale: 'en',
      idempotencyKey: key(),
    });
    const sessionId = sessionIdOf(deposit.redirectUrl);
    await expect(
      s.psp.submitCard(sessionId, { ...CARD.succeeds, cardNumber: '4242424242424241' }),
    ).rejects.toMatchObject({ code: 'validation_failed', fields: { cardNumber: 'invalid_card_number' } });
    await expect(s.psp.submitCard(sessionId, { ...CARD.succeeds, expiry: '01/20' })).rejects.toMatchObject({
      fields: { expiry: 'card_expired' },
    });
    await s.psp.submitCard(sessionId, CARD.succeeds);
    await expect(s.psp.submitCard(sessionId, CARD.declines)).rejects.toMatchObject({ code: 'checkout_closed' });
  });

  it('declines a valid card that is not one of the test cards', async () => {
    const user = await player('dep_other_card');
    const deposit = await s.payments.createDeposit(user, {
      method: 'sandbox_card',
      amount: '10.00',
      locale: 'en',
      idempotencyKey: key(),
    });
    const result = await s.psp.submitCard(sessionIdOf(deposit.redirectUrl), {
      ...CARD.succeeds,
      cardNumber: '5555555555554444',
    });
    expect(result).toMatchObject({ status: 'declined', declineReason: 'card_not_supported' });
  });
});

describe('the webhook endpoint', () => {
  it('refuses a bad signature, a stale timestamp and a missing header, and changes nothing', async () => {
    const user = await player('wh_bad');
    const deposit = await s.payments.createDeposit(user, {
      method: 'sandbox_card',
      amount: '20.00',
      locale: 'en',
      idempotencyKey: key(),
    });
    const good = signedEvent(deposit, 'payment.succeeded', 'evt_bad_1');
    const forged = {
      ...good,
      headers: { 'x-sandbox-signature': signPayload('wrong-secret', good.rawBody, s.clock.now()) },
    };
    const tampered = { ...good, rawBody: good.rawBody.replace('20.00', '2000.00') };
    const stale = signedEvent(
      deposit,
      'payment.succeeded',
      'evt_bad_2',
      new Date(s.clock.now().getTime() - 6 * 60_000),
    );
    for (const input of [forged, tampered, stale, { ...good, headers: {} }]) {
      await expect(s.payments.handleWebhook('sandbox', input)).rejects.toMatchObject({
        code: 'webhook_signature_invalid',
        statusCode: 400,
      });
    }
    expect(
      await handle.db.select().from(schema.paymentEvents).where(eq(schema.paymentEvents.paymentId, deposit.id)),
    ).toEqual([]);
    expect(await s.payments.deposit(user.id, deposit.id)).toMatchObject({ status: 'pending' });
    expect(await mainBalance(user.id)).toBe(0n);
  });

  it('ignores a decline that arrives after the success (out of order), and a success after a decline', async () => {
    const user = await player('wh_order');
    const deposit = await s.payments.createDeposit(user, {
      method: 'sandbox_card',
      amount: '50.00',
      locale: 'en',
      idempotencyKey: key(),
    });
    expect(await s.payments.handleWebhook('sandbox', signedEvent(deposit, 'payment.succeeded', 'evt_o_1'))).toEqual({
      duplicate: false,
      outcome: 'applied',
    });
    expect(await s.payments.handleWebhook('sandbox', signedEvent(deposit, 'payment.declined', 'evt_o_2'))).toEqual({
      duplicate: false,
      outcome: 'ignored',
    });
    expect(await s.payments.handleWebhook('sandbox', signedEvent(deposit, 'payment.succeeded', 'evt_o_1'))).toEqual({
      duplicate: true,
      outcome: null,
    });
    expect(await s.payments.deposit(user.id, deposit.id)).toMatchObject({ status: 'succeeded' });
    expect(await mainBalance(user.id)).toBe(5_000n);

    const other = await s.payments.createDeposit(user, {
      method: 'sandbox_card',
      amount: '15.00',
      locale: 'en',
      idempotencyKey: key(),
    });
    await s.payments.handleWebhook('sandbox', signedEvent(other, 'payment.declined', 'evt_o_3'));
    expect(await s.payments.handleWebhook('sandbox', signedEvent(other, 'payment.succeeded', 'evt_o_4'))).toMatchObject(
      {
        outcome: 'ignored',
      },
    );
    expect(await s.payments.deposit(user.id, other.id)).toMatchObject({ status: 'declined' });
    expect(await mainBalance(user.id)).toBe(5_000n);
  });

  it('records but does not apply an event whose amount differs from the deposit, or that names no deposit', async () => {
    const user = await player('wh_mismatch');
    const deposit = await s.payments.createDeposit(user, {
      method: 'sandbox_card',
      amount: '50.00',
      locale: 'en',
      idempotencyKey: key(),
    });
    expect(
      await s.payments.handleWebhook(
        'sandbox',
        signedEvent({ ...deposit, amount: '5000.00' }, 'payment.succeeded', 'evt_m_1'),
      ),
    ).toMatchObject({ outcome: 'mismatch' });
    expect(
      await s.payments.handleWebhook(
        'sandbox',
        signedEvent({ id: '00000000-0000-4000-8000-000000000000', amount: '50.00' }, 'payment.succeeded', 'evt_m_2'),
      ),
    ).toMatchObject({ outcome: 'unknown_payment' });
    expect(await mainBalance(user.id)).toBe(0n);
  });

  it('credits once when the same success is delivered many times at once', async () => {
    const user = await player('wh_race');
    const deposit = await s.payments.createDeposit(user, {
      method: 'sandbox_card',
      amount: '75.00',
      locale: 'en',
      idempotencyKey: key(),
    });
    const event = signedEvent(deposit, 'payment.succeeded', 'evt_race');
    const decline = signedEvent(deposit, 'payment.declined', 'evt_race_decline');
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => s.payments.handleWebhook('sandbox', event)),
      s.payments.handleWebhook('sandbox', decline),
    ]);
    expect(results.filter((result) => !result.duplicate)).toHaveLength(2);
    const status = (await s.payments.deposit(user.id, deposit.id)).status;
    expect(await mainBalance(user.id)).toBe(status === 'succeeded' ? 7_500n : 0n);
    expect(await depositTransfers(deposit.id)).toBe(status === 'succeeded' ? 1 : 0);
  });
});

describe('webhook delivery', () => {
  it('retries a failing endpoint with exponential backoff until it answers 2xx', async () => {
    const user = await player('wh_retry');
    const deposit = await s.payments.createDeposit(user, {
      method: 'sandbox_card',
      amount: '12.00',
      locale: 'en',
      idempotencyKey: key(),
    });
    // Earlier tests may have left deliveries due: send them to the real endpoint first.
    await s.psp.deliverDue();
    let calls = 0;
    s.setEndpoint(async () => {
      calls += 1;
      if (calls === 1) throw new Error('connect ECONNREFUSED');
      return { status: 503 };
    });
    await s.psp.submitCard(sessionIdOf(deposit.redirectUrl), CARD.succeeds);
    const delivery = async () =>
      (
        await handle.db
          .select()
          .from(schema.pspWebhookDeliveries)
          .innerJoin(schema.pspEvents, eq(schema.pspEvents.id, schema.pspWebhookDeliveries.eventId))
          .where(sql`${schema.pspEvents.payload} -> 'data' ->> 'reference' = ${deposit.id}`)
      )[0]!.psp_webhook_deliveries;

    const start = s.clock.now().getTime();
    expect(await s.psp.deliverDue()).toMatchObject({ delivered: 0 });
    expect(await delivery()).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connect ECONNREFUSED' });
    expect((await delivery()).nextAttemptAt.getTime()).toBe(start + 1_000);

    // Not due yet: nothing is sent.
    await s.psp.deliverDue();
    expect(calls).toBe(1);

    s.clock.advance(1_000);
    await s.psp.deliverDue();
    expect(await delivery()).toMatchObject({ status: 'pending', attempts: 2, lastStatusCode: 503 });
    expect((await delivery()).nextAttemptAt.getTime()).toBe(start + 1_000 + 2_000);

    s.setEndpoint(null);
    s.clock.advance(2_000);
    await s.psp.deliverDue();
    expect(await delivery()).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200 });
    expect(await mainBalance(user.id)).toBe(1_200n);
  });

  it('gives a delivery up after the last attempt', async () => {
    const user = await player('wh_give_up');
    const deposit = await s.payments.createDeposit(user, {
      method: 'sandbox_card',
      amount: '12.00',
      locale: 'en',
      idempotencyKey: key(),
    });
    s.setEndpoint(async () => ({ status: 500 }));
    try {
      await s.psp.submitCard(sessionIdOf(deposit.redirectUrl), CARD.succeeds);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await s.psp.deliverDue();
        s.clock.advance(8_000);
      }
    } finally {
      s.setEndpoint(null);
    }
    const [row] = await handle.db
      .select()
      .from(schema.pspWebhookDeliveries)
      .innerJoin(schema.pspEvents, eq(schema.pspEvents.id, schema.pspWebhookDeliveries.eventId))
      .where(sql`${schema.pspEvents.payload} -> 'data' ->> 'reference' = ${deposit.id}`);
    expect(row!.psp_webhook_deliveries).toMatchObject({ status: 'failed', attempts: 5 });
    expect(await mainBalance(user.id)).toBe(0n);
  });

  it('doubles the wait after each failure, up to the cap', () => {
    const policy = { baseDelayMs: 5_000, maxDelayMs: 60_000, maxAttempts: 10 };
    expect([1, 2, 3, 4, 5, 6].map((attempts) => retryDelayMs(policy, attempts))).toEqual([
      5_000, 10_000, 20_000, 40_000, 60_000, 60_000,
    ]);
  });
});

describe('deposit bounds and idempotency', () => {
  it('enforces the method minimum and maximum of the user currency', async () => {
    const eur = await player('bounds_eur');
    const rub = await player('bounds_rub', 'RUB');
    const deposit = (user: { id: number; currency: string }, amount: string) =>
      s.payments.createDeposit(user, { method: 'sandbox_card', amount, locale: 'en', idempotencyKey: key() });
    await expect(deposit(eur, '9.99')).rejects.toMatchObject({ code: 'amount_out_of_range', statusCode: 400 });
    await expect(deposit(eur, '5000.01')).rejects.toMatchObject({ code: 'amount_out_of_range' });
    await expect(deposit(eur, '10.00')).resolves.toMatchObject({ amount: '10.00' });
    await expect(deposit(eur, '5000')).resolves.toMatchObject({ amount: '5000.00' });
    // 10.00 is a fine deposit in euros and far below the minimum in roubles.
    await expect(deposit(rub, '10.00')).rejects.toMatchObject({ code: 'amount_out_of_range' });
    await expect(deposit(rub, '500.00')).resolves.toMatchObject({ amount: '500.00', currency: 'RUB' });
    await expect(deposit(eur, '10.005')).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(
      s.payments.createDeposit(eur, { method: 'sandbox_bank', amount: '50', locale: 'en', idempotencyKey: key() }),
    ).rejects.toMatchObject({ code: 'payment_method_unavailable' });
    await expect(
      s.payments.createDeposit(eur, { method: 'nope', amount: '50', locale: 'en', idempotencyKey: key() }),
    ).rejects.toMatchObject({ code: 'payment_method_unavailable' });
  });

  it('answers a replayed key with the first response and refuses the key for another request', async () => {
    const user = await player('dep_idem');
    const idempotencyKey = key();
    const request = { method: 'sandbox_card', amount: '20', locale: 'en', idempotencyKey };
    const first = await s.payments.createDeposit(user, request);
    const again = await s.payments.createDeposit(user, { ...request, amount: '20.00' });
    expect(again).toEqual(first);
    await s.psp.submitCard(sessionIdOf(first.redirectUrl), CARD.succeeds);
    await s.psp.deliverDue();
    expect(await s.payments.createDeposit(user, request)).toEqual(first);
    await expect(s.payments.createDeposit(user, { ...request, amount: '21' })).rejects.toBeInstanceOf(
      IdempotencyConflictError,
    );
    const rows = await handle.db.select().from(schema.payments).where(eq(schema.payments.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('creates one deposit for a key sent many times at once', async () => {
    const user = await player('dep_idem_race');
    const request = { method: 'sandbox_card', amount: '20', locale: 'en', idempotencyKey: key() };
    const results = await Promise.all(Array.from({ length: 6 }, () => s.payments.createDeposit(user, request)));
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
    expect(new Set(results.map((result) => result.redirectUrl)).size).toBe(1);
  });
});

describe('deposit limits', () => {
  it('plans changes: lowering and first limits at once, raising and removing after 24 hours', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const later = new Date(now.getTime() + LIMIT_RAISE_DELAY_MS);
    const none = {
      kind: 'deposit' as const,
      period: 'day' as const,
      amount: null,
      pendingAmount: null,
      pendingEffectiveAt: null,
    };
    const hundred = { ...none, amount: 10_000n };
    expect(planLimitChange(none, 5_000n, now)).toEqual({ ...none, amount: 5_000n });
    expect(planLimitChange(hundred, 5_000n, now)).toEqual({ ...none, amount: 5_000n });
    expect(planLimitChange(hundred, 20_000n, now)).toEqual({
      ...hundred,
      pendingAmount: 20_000n,
      pendingEffectiveAt: later,
    });
    expect(planLimitChange(hundred, null, now)).toEqual({ ...hundred, pendingAmount: null, pendingEffectiveAt: later });
    const pendingRaise = { ...hundred, pendingAmount: 20_000n, pendingEffectiveAt: later };
    // Asking again for the same raise keeps its time; asking for the limit in force cancels it.
    expect(planLimitChange(pendingRaise, 20_000n, new Date(now.getTime() + HOUR))).toEqual(pendingRaise);
    expect(planLimitChange(pendingRaise, 10_000n, now)).toEqual(hundred);
  });

  const set = (user: { id: number; currency: string }, period: 'day' | 'week' | 'month', amount: string | null) =>
    s.limits.set(user, { kind: 'deposit', period, amount });
  const deposits = (limits: Awaited<ReturnType<typeof s.limits.list>>, period: string) =>
    limits.find((limit) => limit.kind === 'deposit' && limit.period === period);

  it('refuses deposits over a limit, counting pending ones, within the rolling window', async () => {
    const user = await player('limit_use');
    const deposit = (amount: string) =>
      s.payments.createDeposit(user, { method: 'sandbox_card', amount, locale: 'en', idempotencyKey: key() });
    await set(user, 'day', '50.00');
    const first = await deposit('30.00');
    await expect(deposit('25.00')).rejects.toMatchObject({
      code: 'limit_exceeded',
      statusCode: 409,
      fields: { kind: 'deposit', period: 'day', remaining: '20.00' },
    });
    await deposit('20.00');
    // A declined deposit no longer counts.
    await s.psp.submitCard(sessionIdOf(first.redirectUrl), CARD.declines);
    await s.psp.deliverDue();
    await deposit('30.00');
    await expect(deposit('10.00')).rejects.toMatchObject({ code: 'limit_exceeded' });
    expect(deposits(await s.limits.list(user), 'day')).toMatchObject({ used: '50.00', remaining: '0.00' });
    s.clock.advance(24 * HOUR + 1);
    await expect(deposit('50.00')).resolves.toMatchObject({ status: 'pending' });
  });

  it('lowers a limit at once; a raise waits 24 hours and then the player confirms it', async () => {
    const user = await player('limit_raise');
    const deposit = (amount: string) =>
      s.payments.createDeposit(user, { method: 'sandbox_card', amount, locale: 'en', idempotencyKey: key() });
    expect(deposits(await set(user, 'week', '100.00'), 'week')).toMatchObject({
      amount: '100.00',
      pendingAmount: null,
      pendingEffectiveAt: null,
    });
    await set(user, 'week', '40.00');
    await expect(deposit('50.00')).rejects.toMatchObject({ code: 'limit_exceeded' });

    const limits = await set(user, 'week', '500.00');
    const effectiveAt = new Date(s.clock.now().getTime() + 24 * HOUR).toISOString();
    expect(deposits(limits, 'week')).toMatchObject({
      amount: '40.00',
      pendingAmount: '500.00',
      pendingEffectiveAt: effectiveAt,
    });
    await expect(deposit('50.00')).rejects.toMatchObject({ code: 'limit_exceeded' });
    s.clock.advance(24 * HOUR - 1);
    await expect(s.limits.confirm(user, { kind: 'deposit', period: 'week' })).rejects.toMatchObject({
      code: 'limit_cooling',
    });
    s.clock.advance(1);
    // The cooling period is over, but nothing changes until the player confirms.
    await expect(deposit('50.00')).rejects.toMatchObject({ code: 'limit_exceeded' });
    expect(deposits(await s.limits.confirm(user, { kind: 'deposit', period: 'week' }), 'week')).toMatchObject({
      amount: '500.00',
      pendingAmount: null,
      pendingEffectiveAt: null,
    });
    await expect(deposit('50.00')).resolves.toMatchObject({ amount: '50.00' });

    // Removing waits too; meanwhile the limit holds.
    await set(user, 'week', null);
    expect(deposits(await s.limits.list(user), 'week')).toMatchObject({ amount: '500.00', pendingAmount: null });
    s.clock.advance(24 * HOUR);
    await s.limits.confirm(user, { kind: 'deposit', period: 'week' });
    expect(deposits(await s.limits.list(user), 'week')).toMatchObject({ amount: null });

    const audit = await handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.userId, user.id));
    expect(audit.filter((row) => row.event === 'limit_change')).toHaveLength(4);
    expect(audit.filter((row) => row.event === 'limit_confirmed')).toHaveLength(2);
  });
});

describe('the ledger after the payment tests', () => {
  it('holds every invariant', async () => {
    expect(await ledgerViolations(handle.db)).toEqual(NO_VIOLATIONS);
  });
});
