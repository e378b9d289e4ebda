import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { staffCaller, type StaffCaller } from '../helpers/staff';
import {
  BROWSER,
  buildAccountsApp,
  login,
  mailboxTo,
  register,
  requestRegistration,
  solvedCaptcha,
  type AccountsTestApp,
} from './auth-helpers';
import { buildCashboxApp, fund, idempotencyKey, signedInUser, type CashboxTestApp } from './cashbox-helpers';

const IBAN = 'DE89 3704 0044 0532 0130 00';

/**
 * Issue 9 item 4, as an attacker would try it: one staff member takes over accounts and pays themselves. Each of
 * these failed before staff had roles, four eyes and a second factor.
 */
describe('attack: one staff member takes over accounts and pays themselves', () => {
  let a: AccountsTestApp;
  let c: CashboxTestApp;
  let finance: StaffCaller;
  let otherFinance: StaffCaller;
  let support: StaffCaller;

  beforeAll(async () => {
    a = await buildAccountsApp();
    c = await buildCashboxApp();
    finance = await staffCaller(c, ['finance']);
    otherFinance = await staffCaller(c, ['finance']);
    support = await staffCaller(a, ['support', 'admin']);
  });
  afterAll(async () => {
    await a.close();
    await c.close();
  });

  it('a password-reset link with a live token never reaches the outbox staff read; it goes to the mailbox only', async () => {
    const { body } = await register(a.app);
    const recovery = await a.app.inject({
      method: 'POST',
      url: '/spa/users/password/recovery',
      headers: BROWSER,
      payload: { email: body.email, captcha: await solvedCaptcha(a.app) },
    });
    expect(recovery.statusCode).toBe(202);
    const outbox = await a.app.inject({
      method: 'GET',
      url: `/spa/staff/outbox?to=${encodeURIComponent(body.email)}`,
      headers: support.headers,
    });
    expect(outbox.statusCode).toBe(200);
    expect(outbox.body).toContain('link withheld');
    expect(outbox.body).not.toMatch(/token=/);
    const stored = await a.db.select({ text: schema.emailOutbox.text }).from(schema.emailOutbox);
    expect(stored.some((row) => row.text.includes('token='))).toBe(false);
    // The recipient's copy (the mail folder, as an SMTP server would get it) has the link.
    expect((await mailboxTo(a, body.email)).some((mail) => /reset-password\?token=/.test(mail))).toBe(true);
  });

  it('a registration link (its live token creates the account) never reaches the outbox either', async () => {
    const { response, body } = await requestRegistration(a.app);
    expect(response.statusCode).toBe(202);
    const outbox = await a.app.inject({
      method: 'GET',
      url: `/spa/staff/outbox?to=${encodeURIComponent(body.email)}`,
      headers: support.headers,
    });
    expect(outbox.statusCode).toBe(200);
    expect(outbox.body).toContain('link withheld');
    expect(outbox.body).not.toMatch(/token=/);
    const [mailed] = await mailboxTo(a, body.email);
    expect(mailed).toMatch(/confirm-email\?token=/);
  });

  it('a staff account cannot sign in with its password alone', async () => {
    await a.app.services.accounts.createUser(
      { email: 'st2@example.com', password: 'staff passphrase 2', staffRoles: ['finance'] },
      { id: null, ip: null, via: 'direct' },
    );
    expectErrorEnvelope(await login(a.app, 'st2@example.com', 'staff passphrase 2'), 403, 'staff_sign_in_required');
  });

  it('a staff member cannot credit their own account, nor approve a credit to it', async () => {
    const own = await c.app.inject({
      method: 'POST',
      url: '/spa/staff/adjustments',
      headers: { ...finance.headers, 'idempotency-key': idempotencyKey() },
      payload: { login: finance.username, amount: '1000.00', reason: 'my bonus' },
    });
    expectErrorEnvelope(own, 403, 'own_account');
    expect((await c.app.services.wallet.balances(finance.id, 'EUR')).main).toBe(0n);
  });

  it('a manual credit moves no money until a second staff member approves it', async () => {
    const player = await signedInUser(c);
    const asked = await c.app.inject({
      method: 'POST',
      url: '/spa/staff/adjustments',
      headers: { ...finance.headers, 'idempotency-key': idempotencyKey() },
      payload: { login: player.username, amount: '1000.00', reason: 'friend' },
    });
    expect(asked.statusCode).toBe(201);
    expect((await c.app.services.wallet.balances(player.id, 'EUR')).main).toBe(0n);
    const id = asked.json<{ request: { id: string } }>().request.id;
    const self = await c.app.inject({
      method: 'POST',
      url: `/spa/staff/adjustments/${id}/approve`,
      headers: finance.headers,
    });
    expectErrorEnvelope(self, 403, 'four_eyes_required');
    expect((await c.app.services.wallet.balances(player.id, 'EUR')).main).toBe(0n);
  });

  it('the staff member who approved a withdrawal cannot also pay it, and nobody reviews their own', async () => {
    const player = await signedInUser(c);
    await fund(c, player.id, 10_000n);
    const created = await c.app.inject({
      method: 'POST',
      url: '/spa/cashbox/withdrawals',
      headers: { ...player.headers, 'idempotency-key': idempotencyKey() },
      payload: { method: 'sandbox_bank', amount: '50.00', details: { iban: IBAN, accountHolder: 'Ada' } },
    });
    const id = created.json<{ withdrawal: { id: string } }>().withdrawal.id;
    const approve = await c.app.inject({
      method: 'POST',
      url: `/spa/staff/withdrawals/${id}/approve`,
      headers: finance.headers,
    });
    expect(approve.statusCode).toBe(200);
    const pay = await c.app.inject({
      method: 'POST',
      url: `/spa/staff/withdrawals/${id}/pay`,
      headers: finance.headers,
    });
    expectErrorEnvelope(pay, 403, 'four_eyes_required');

    // A finance member's own withdrawal: neither they nor (after someone else approves) they may pay it.
    await fund(c, finance.id, 10_000n);
    const mine = await c.app.inject({
      method: 'POST',
      url: '/spa/cashbox/withdrawals',
      headers: { ...finance.headers, 'idempotency-key': idempotencyKey() },
      payload: { method: 'sandbox_bank', amount: '50.00', details: { iban: IBAN, accountHolder: 'Fin' } },
    });
    const mineId = mine.json<{ withdrawal: { id: string } }>().withdrawal.id;
    const selfApprove = await c.app.inject({
      method: 'POST',
      url: `/spa/staff/withdrawals/${mineId}/approve`,
      headers: finance.headers,
    });
    expectErrorEnvelope(selfApprove, 403, 'own_account');
    await c.app.inject({
      method: 'POST',
      url: `/spa/staff/withdrawals/${mineId}/approve`,
      headers: otherFinance.headers,
    });
    const selfPay = await c.app.inject({
      method: 'POST',
      url: `/spa/staff/withdrawals/${mineId}/pay`,
      headers: finance.headers,
    });
    expectErrorEnvelope(selfPay, 403, 'own_account');
  });

  it('a player or visitor posting a malformed body to a staff route learns nothing of the staff contract', async () => {
    const player = await signedInUser(c);
    const asPlayer = await c.app.inject({
      method: 'POST',
      url: '/spa/staff/adjustments',
      headers: { ...player.headers, 'idempotency-key': idempotencyKey() },
      payload: { nonsense: true },
    });
    expectErrorEnvelope(asPlayer, 403, 'forbidden');
    const visitor = await c.app.inject({
      method: 'POST',
      url: '/spa/staff/adjustments',
      headers: { origin: 'http://localhost:3000' },
      payload: { nonsense: true },
    });
    expectErrorEnvelope(visitor, 401, 'unauthorized');
  });
});
