import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositResponseSchema } from '@playhouse/shared';
import { runOps } from '../../src/ops/run-ops';
import type { Transport } from '../../src/ops/staff-api';
import { ledgerViolations, NO_VIOLATIONS } from '../helpers/ledger-invariants';
import { buildCashboxApp, fund, idempotencyKey, signedInUser, type CashboxTestApp } from './cashbox-helpers';

const STAFF = { email: 'money-ops@example.com', password: 'money ops passphrase' };
const IBAN = 'DE89370400440532013000';

let t: CashboxTestApp;

beforeAll(async () => {
  t = await buildCashboxApp({ RATE_LIMIT_MAX: '100000' });
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

/** Runs a command through the api (staff credentials given) or on the database (--direct). */
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

async function mainBalance(userId: number) {
  return (await t.app.services.wallet.balances(userId, 'EUR')).main;
}

describe.each(['api', 'direct'] as const)('ops money commands (%s)', (mode) => {
  it('adjust credits and debits with a reason, once per --key, never below zero', async () => {
    const player = await signedInUser(t);
    const credit = await ops(
      ['adjust', player.username, '25.00', '--reason', 'welcome gift', '--key', `adjust-key-${mode}`],
      mode,
    );
    expect(credit).toMatchObject({ code: 0 });
    expect(credit.out).toContain('Credited 25.00 EUR');
    expect(credit.out).toContain('now 25.00 EUR');
    const replay = await ops(
      ['adjust', player.username, '25.00', '--reason', 'welcome gift', '--key', `adjust-key-${mode}`],
      mode,
    );
    expect(replay.out).toContain('Already applied');
    expect(await mainBalance(player.id)).toBe(2_500n);

    const debit = await ops(['adjust', player.email, '-5.50', '--reason', 'correction'], mode);
    expect(debit.out).toContain('Debited 5.50 EUR');
    const tooMuch = await ops(['adjust', player.email, '-100', '--reason', 'correction'], mode);
    expect(tooMuch.code).toBe(1);
    expect(tooMuch.err).toContain('insufficient_funds');
    expect((await ops(['adjust', player.email, '10'], mode)).code).toBe(2);
    expect((await ops(['adjust', player.email, 'ten', '--reason', 'typo'], mode)).code).toBe(2);
    expect(await mainBalance(player.id)).toBe(1_950n);

    const ledger = await ops(['ledger', player.username], mode);
    expect(ledger.out).toContain('Main 19.50 EUR, bonus 0.00 EUR');
    expect(ledger.out).toMatch(/manual_adjustment\s+main\s+-5\.50\s+→ 19\.50 EUR/);
  });

  it('lists, approves, pays and rejects withdrawals', async () => {
    const player = await signedInUser(t);
    await fund(t, player.id, 10_000n);
    const request = async (amount: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/spa/cashbox/withdrawals',
        headers: { ...player.headers, 'idempotency-key': idempotencyKey() },
        payload: { method: 'sandbox_bank', amount, details: { iban: IBAN, accountHolder: 'Ada Player' } },
      });
      return response.json<{ withdrawal: { id: string } }>().withdrawal.id;
    };
    const paid = await request('30.00');
    const rejected = await request('40.00');

    const pending = await ops(['withdrawals', '--status', 'pending'], mode);
    expect(pending.out).toContain(paid);
    expect(pending.out).toContain(rejected);
    expect(pending.out).toContain(`iban=${IBAN}`);

    expect((await ops(['pay-withdrawal', paid], mode)).err).toContain('withdrawal_state_conflict');
    expect((await ops(['approve-withdrawal', paid], mode)).out).toContain('approved');
    expect((await ops(['pay-withdrawal', paid], mode)).out).toContain('paid');
    expect((await ops(['reject-withdrawal', rejected], mode)).code).toBe(2);
    const rejection = await ops(['reject-withdrawal', rejected, '--reason', 'name does not match'], mode);
    expect(rejection.out).toContain('rejected');
    expect(rejection.out).toContain('name does not match');
    expect(await mainBalance(player.id)).toBe(7_000n);
    expect((await ops(['approve-withdrawal', 'not-an-id'], mode)).code).toBe(2);
    expect((await ops(['withdrawals', '--status', 'lost'], mode)).code).toBe(2);
  });

  it('psp-settle completes a pending sandbox payment and credits it', async () => {
    const player = await signedInUser(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/spa/cashbox/deposits',
      headers: { ...player.headers, 'idempotency-key': idempotencyKey() },
      payload: { method: 'sandbox_card', amount: '45.00' },
    });
    const { deposit } = depositResponseSchema.parse(created.json());
    const sessionId = deposit.redirectUrl!.split('/').pop()!;
    await t.app.inject({
      method: 'POST',
      url: `/spa/psp/sandbox/checkout/${sessionId}`,
      payload: { cardNumber: '4000000000000077', expiry: '10/40', cvc: '999', holder: 'Ada Player' },
    });
    await t.deliverWebhooks();

    expect((await ops(['psp-settle', deposit.id, 'maybe'], mode)).code).toBe(2);
    const settled = await ops(['psp-settle', deposit.id, 'succeed'], mode);
    expect(settled).toMatchObject({ code: 0 });
    expect(settled.out).toContain('marked payment');
    expect(settled.out).toContain('The deposit of 45.00 EUR is succeeded.');
    expect(await mainBalance(player.id)).toBe(4_500n);
    const again = await ops(['psp-settle', deposit.id, 'decline'], mode);
    expect(again).toMatchObject({ code: 1 });
    expect(again.err).toContain('checkout_closed');
  });
});

describe('ops help', () => {
  it('lists the money commands', async () => {
    const out: string[] = [];
    await runOps(['help'], { env: {}, out: (text) => out.push(text), err: () => undefined });
    for (const name of [
      'adjust',
      'withdrawals',
      'approve-withdrawal',
      'pay-withdrawal',
      'reject-withdrawal',
      'ledger',
      'psp-settle',
    ]) {
      expect(out.join('\n')).toContain(`  ${name}`);
    }
  });

  it('leaves the ledger sound', async () => {
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });
});
