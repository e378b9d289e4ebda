import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@playhouse/db';
import {
  depositResponseSchema,
  pspCheckoutResponseSchema,
  pspCheckoutSessionResponseSchema,
  type Deposit,
} from '@playhouse/shared';
import { signPayload } from '../../src/services/payments/sandbox/signature';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { ledgerViolations, NO_VIOLATIONS } from '../helpers/ledger-invariants';
import {
  buildCashboxApp,
  idempotencyKey,
  signedInUser,
  SITE_ORIGIN,
  WEBHOOK_SECRET,
  type CashboxTestApp,
  type SignedIn,
} from './cashbox-helpers';
import { staffCaller } from '../helpers/staff';

let t: CashboxTestApp;

beforeAll(async () => {
  t = await buildCashboxApp({ RATE_LIMIT_MAX: '100000' });
});
afterAll(async () => t.close());

const CARDS = {
  succeeds: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', holder: 'Ada Player' },
  declines: { cardNumber: '4000 0000 0000 0002', expiry: '12/39', cvc: '123', holder: 'Ada Player' },
  pending: { cardNumber: '4000 0000 0000 0077', expiry: '12/39', cvc: '123', holder: 'Ada Player' },
};

async function startDeposit(player: SignedIn, amount = '25.00', key = idempotencyKey(), locale = 'en') {
  return t.app.inject({
    method: 'POST',
    url: '/spa/cashbox/deposits',
    headers: { ...player.headers, 'idempotency-key': key, 'x-locale': locale },
    payload: { method: 'sandbox_card', amount },
  });
}

/** What the hosted payment page does: read the session, submit the card (from the site's origin). */
async function payOnHostedPage(deposit: Deposit, card: (typeof CARDS)[keyof typeof CARDS]) {
  const sessionId = new URL(deposit.redirectUrl!).pathname.split('/').pop()!;
  const session = await t.app.inject({ method: 'GET', url: `/spa/psp/sandbox/checkout/${sessionId}` });
  expect(session.statusCode).toBe(200);
  const submitted = await t.app.inject({
    method: 'POST',
    url: `/spa/psp/sandbox/checkout/${sessionId}`,
    headers: { origin: SITE_ORIGIN },
    payload: card,
  });
  return { session, submitted, sessionId };
}

async function balance(player: SignedIn) {
  const response = await t.app.inject({ method: 'GET', url: '/spa/users/balances/main', headers: player.headers });
  return response.json<{ amount: string }>().amount;
}

async function depositStatus(player: SignedIn, id: string) {
  const response = await t.app.inject({ method: 'GET', url: `/spa/cashbox/deposits/${id}`, headers: player.headers });
  return depositResponseSchema.parse(response.json()).deposit;
}

describe('POST /spa/cashbox/deposits and the hosted payment page', () => {
  it('a succeeding card credits the balance once the webhook is delivered, and only once', async () => {
    const player = await signedInUser(t);
    const created = await startDeposit(player, '25', idempotencyKey(), 'de');
    expect(created.statusCode).toBe(201);
    const { deposit } = depositResponseSchema.strict().parse(created.json());
    expect(deposit).toMatchObject({ status: 'pending', amount: '25.00', currency: 'EUR' });
    expect(deposit.redirectUrl).toMatch(/^http:\/\/localhost:3000\/de\/psp\/checkout\/cs_/);

    const { session, submitted } = await payOnHostedPage(deposit, CARDS.succeeds);
    expect(pspCheckoutSessionResponseSchema.parse(session.json()).session).toMatchObject({
      amount: '25.00',
      currency: 'EUR',
      status: 'open',
      merchantName: 'Playhouse',
      returnUrl: `http://localhost:3000/de/cashbox?deposit=${deposit.id}`,
    });
    expect(pspCheckoutResponseSchema.parse(submitted.json())).toMatchObject({
      status: 'succeeded',
      declineReason: null,
    });
    expect(await balance(player)).toBe('0.00');

    await t.deliverWebhooks();
    expect(await depositStatus(player, deposit.id)).toMatchObject({ status: 'succeeded' });
    expect(await balance(player)).toBe('25.00');

    // The provider sends the event again (a retry after a lost acknowledgement): nothing more moves.
    await t.app.services.psp.redeliver(session.json().session.id);
    await t.deliverWebhooks();
    expect(await balance(player)).toBe('25.00');
  });

  it('a declined card credits nothing; a pending one stays pending until the operator settles it', async () => {
    const player = await signedInUser(t);
    const declined = depositResponseSchema.parse((await startDeposit(player, '30.00')).json()).deposit;
    const { submitted } = await payOnHostedPage(declined, CARDS.declines);
    expect(submitted.json()).toMatchObject({ status: 'declined', declineReason: 'card_declined' });
    await t.deliverWebhooks();
    expect(await depositStatus(player, declined.id)).toMatchObject({
      status: 'declined',
      failureReason: 'card_declined',
    });

    const pending = depositResponseSchema.parse((await startDeposit(player, '40.00')).json()).deposit;
    expect((await payOnHostedPage(pending, CARDS.pending)).submitted.json()).toMatchObject({ status: 'pending' });
    await t.deliverWebhooks();
    expect(await depositStatus(player, pending.id)).toMatchObject({ status: 'pending' });
    expect(await balance(player)).toBe('0.00');

    const staff = await staffCaller(t, ['finance']);
    const settled = await t.app.inject({
      method: 'POST',
      url: `/spa/staff/payments/${pending.id}/psp-settle`,
      headers: staff.headers,
      payload: { outcome: 'succeed' },
    });
    expect(settled.statusCode).toBe(200);
    expect(settled.json()).toMatchObject({
      sessionStatus: 'succeeded',
      deposit: { id: pending.id, status: 'succeeded' },
    });
    expect(await balance(player)).toBe('40.00');
    expectErrorEnvelope(
      await t.app.inject({
        method: 'POST',
        url: `/spa/staff/payments/${pending.id}/psp-settle`,
        headers: staff.headers,
        payload: { outcome: 'decline' },
      }),
      409,
      'checkout_closed',
    );
    expectErrorEnvelope(
      await t.app.inject({
        method: 'POST',
        url: `/spa/staff/payments/${pending.id}/psp-settle`,
        headers: player.headers,
        payload: { outcome: 'decline' },
      }),
      403,
      'forbidden',
    );
  });

  it('requires an Idempotency-Key and answers a replay with the same response', async () => {
    const player = await signedInUser(t);
    const withoutKey = await t.app.inject({
      method: 'POST',
      url: '/spa/cashbox/deposits',
      headers: player.headers,
      payload: { method: 'sandbox_card', amount: '20' },
    });
    expect(expectErrorEnvelope(withoutKey, 400, 'validation_failed').error.fields).toHaveProperty('idempotency-key');

    const key = idempotencyKey();
    const first = await startDeposit(player, '20.00', key);
    const second = await startDeposit(player, '20.00', key);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expectErrorEnvelope(await startDeposit(player, '21.00', key), 409, 'idempotency_key_reused');
  });

  it('checks the amount against the method bounds of the player currency', async () => {
    const player = await signedInUser(t);
    const low = expectErrorEnvelope(await startDeposit(player, '9.99'), 400, 'amount_out_of_range');
    expect(low.error.message).toBe('The amount must be between 10.00 and 5000.00 EUR.');
    expectErrorEnvelope(await startDeposit(player, '5000.01'), 400, 'amount_out_of_range');
    expectErrorEnvelope(await startDeposit(player, '12.345'), 400, 'validation_failed');
    expectErrorEnvelope(await startDeposit(player, '0'), 400, 'validation_failed');
    const roubles = await signedInUser(t, { currency: 'RUB' });
    expectErrorEnvelope(await startDeposit(roubles, '100.00'), 400, 'amount_out_of_range');
    expect((await startDeposit(roubles, '500.00')).json()).toMatchObject({ deposit: { currency: 'RUB' } });
  });

  it('refuses a deposit over a deposit limit with 409', async () => {
    const player = await signedInUser(t);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/spa/users/limits',
      headers: player.headers,
      payload: { period: 'day', amount: '30.00' },
    });
    expect(put.statusCode).toBe(200);
    expect((await startDeposit(player, '20.00')).statusCode).toBe(201);
    const refused = expectErrorEnvelope(await startDeposit(player, '10.01'), 409, 'limit_exceeded');
    expect(refused.error.fields).toMatchObject({ kind: 'deposit', period: 'day', limit: '30.00', remaining: '10.00' });
    expect(Date.parse(refused.error.fields!.resetsAt!)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  });

  it('keeps deposits private: 401 without a session, 404 for someone else’s', async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const deposit = depositResponseSchema.parse((await startDeposit(owner)).json()).deposit;
    expectErrorEnvelope(
      await t.app.inject({ method: 'GET', url: `/spa/cashbox/deposits/${deposit.id}` }),
      401,
      'unauthorized',
    );
    expectErrorEnvelope(
      await t.app.inject({ method: 'GET', url: `/spa/cashbox/deposits/${deposit.id}`, headers: stranger.headers }),
      404,
      'not_found',
    );
    expectErrorEnvelope(
      await t.app.inject({
        method: 'POST',
        url: '/spa/cashbox/deposits',
        headers: { 'idempotency-key': idempotencyKey(), origin: SITE_ORIGIN },
        payload: { method: 'sandbox_card', amount: '20' },
      }),
      401,
      'unauthorized',
    );
  });

  it('the hosted page refuses bad card details and a second payment', async () => {
    const player = await signedInUser(t);
    const deposit = depositResponseSchema.parse((await startDeposit(player)).json()).deposit;
    const bad = await payOnHostedPage(deposit, { ...CARDS.succeeds, cardNumber: '4242 4242 4242 4241' });
    expect(expectErrorEnvelope(bad.submitted, 400, 'validation_failed').error.fields).toEqual({
      cardNumber: 'invalid_card_number',
    });
    await payOnHostedPage(deposit, CARDS.succeeds);
    expectErrorEnvelope((await payOnHostedPage(deposit, CARDS.succeeds)).submitted, 409, 'checkout_closed');
    expectErrorEnvelope(
      await t.app.inject({ method: 'GET', url: '/spa/psp/sandbox/checkout/cs_doesnotexist' }),
      404,
      'not_found',
    );
  });
});

describe('POST /spa/payments/webhooks/sandbox', () => {
  async function pendingDeposit() {
    const player = await signedInUser(t);
    const deposit = depositResponseSchema.parse((await startDeposit(player, '60.00')).json()).deposit;
    return { player, deposit };
  }

  function event(deposit: Deposit, type: 'payment.succeeded' | 'payment.declined', id: string) {
    return JSON.stringify({
      id,
      type,
      created: new Date().toISOString(),
      data: {
        sessionId: 'cs_test',
        reference: deposit.id,
        amount: deposit.amount,
        currency: deposit.currency,
        status: type === 'payment.succeeded' ? 'succeeded' : 'declined',
        declineReason: null,
      },
    });
  }

  const post = (body: string, signature: string | undefined) =>
    t.app.inject({
      method: 'POST',
      url: '/spa/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-sandbox-signature': signature } : {}) },
      payload: body,
    });

  it('refuses a missing, forged or stale signature with 400 and changes nothing', async () => {
    const { player, deposit } = await pendingDeposit();
    const body = event(deposit, 'payment.succeeded', 'evt_route_forged');
    expectErrorEnvelope(await post(body, undefined), 400, 'validation_failed');
    expectErrorEnvelope(
      await post(body, signPayload('not-the-secret', body, new Date())),
      400,
      'webhook_signature_invalid',
    );
    expectErrorEnvelope(
      await post(body, signPayload(WEBHOOK_SECRET, body, new Date(Date.now() - 10 * 60_000))),
      400,
      'webhook_signature_invalid',
    );
    expectErrorEnvelope(
      await post(body.replace('60.00', '6000.00'), signPayload(WEBHOOK_SECRET, body, new Date())),
      400,
      'webhook_signature_invalid',
    );
    expect(await depositStatus(player, deposit.id)).toMatchObject({ status: 'pending' });
    expect(await balance(player)).toBe('0.00');
    const stored = await t.db.select().from(schema.paymentEvents).where(eq(schema.paymentEvents.paymentId, deposit.id));
    expect(stored).toEqual([]);
  });

  it('acknowledges a duplicate delivery without crediting twice, and ignores a decline after the success', async () => {
    const { player, deposit } = await pendingDeposit();
    const success = event(deposit, 'payment.succeeded', 'evt_route_success');
    const first = await post(success, signPayload(WEBHOOK_SECRET, success, new Date()));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const again = await post(success, signPayload(WEBHOOK_SECRET, success, new Date()));
    expect(again.json()).toEqual({ received: true, duplicate: true });

    const decline = event(deposit, 'payment.declined', 'evt_route_late_decline');
    expect((await post(decline, signPayload(WEBHOOK_SECRET, decline, new Date()))).statusCode).toBe(200);
    expect(await depositStatus(player, deposit.id)).toMatchObject({ status: 'succeeded' });
    expect(await balance(player)).toBe('60.00');
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });
});
