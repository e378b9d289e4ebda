import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositResponseSchema } from '@playhouse/shared';
import { runOps } from '../../src/ops/run-ops';
import { ledgerViolations, NO_VIOLATIONS } from '../helpers/ledger-invariants';
import { opsAs, type OpsMode, type OpsRun } from '../helpers/ops';
import {
  buildCashboxApp,
  fund,
  idempotencyKey,
  signedInUser,
  SITE_ORIGIN,
  type CashboxTestApp,
} from './cashbox-helpers';

const IBAN = 'DE89370400440532013000';

let t: CashboxTestApp;

beforeAll(async () => {
  t = await buildCashboxApp({ RATE_LIMIT_MAX: '100000' });
});
afterAll(async () => t.close());

/** The request id a command printed (`approve-adjustment <id>`). */
function requestId(run: OpsRun): string {
  const match = /approve-(?:adjustment|bonus-offer) ([0-9a-f-]{36})/.exec(run.out);
  expect(match, run.out + run.err).not.toBeNull();
  return match![1]!;
}

async function mainBalance(userId: number) {
  return (await t.app.services.wallet.balances(userId, 'EUR')).main;
}

describe.each(['api', 'in-process'] as const)('ops money commands (%s)', (mode: OpsMode) => {
  /** Two finance staff members: one asks or approves, the other approves or pays (four eyes). */
  let ops: Awaited<ReturnType<typeof opsAs>>['ops'];
  let second: Awaited<ReturnType<typeof opsAs>>['ops'];
  beforeAll(async () => {
    ({ ops } = await opsAs(t, ['finance'], mode));
    ({ ops: second } = await opsAs(t, ['finance'], mode));
  });

  it('adjust asks, once per --key; a second staff member approves; never below zero', async () => {
    const player = await signedInUser(t);
    const credit = await ops([
      'adjust',
      player.username,
      '25.00',
      '--reason',
      'welcome gift',
      '--key',
      `adjust-key-${mode}`,
    ]);
    expect(credit).toMatchObject({ code: 0, err: expect.stringContaining('as ') });
    expect(credit.out).toContain('nothing moves until a second staff member approves');
    const id = requestId(credit);
    const replay = await ops([
      'adjust',
      player.username,
      '25.00',
      '--reason',
      'welcome gift',
      '--key',
      `adjust-key-${mode}`,
    ]);
    expect(requestId(replay)).toBe(id);
    expect(await mainBalance(player.id)).toBe(0n);
    const own = await ops(['approve-adjustment', id]);
    expect(own).toMatchObject({ code: 1 });
    expect(own.err).toContain('four_eyes_required');
    const approved = await second(['approve-adjustment', id]);
    expect(approved.out).toContain('approved');
    expect(approved.out).toContain('mainBalance=25.00');
    expect(await mainBalance(player.id)).toBe(2_500n);

    await second(['approve-adjustment', requestId(await ops(['adjust', player.email, '-5.50', '--reason', 'fix']))]);
    const tooMuch = await second([
      'approve-adjustment',
      requestId(await ops(['adjust', player.email, '-100', '--reason', 'correction'])),
    ]);
    expect(tooMuch.code).toBe(1);
    expect(tooMuch.err).toContain('insufficient_funds');
    expect((await ops(['adjust', player.email, '10'])).code).toBe(2);
    expect((await ops(['adjust', player.email, 'ten', '--reason', 'typo'])).code).toBe(2);
    expect(await mainBalance(player.id)).toBe(1_950n);
    const pendingList = await ops(['adjustments', '--status', 'pending']);
    expect(pendingList.out).toContain('amount=-100.00');

    const ledger = await ops(['ledger', player.username]);
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

    const pending = await ops(['withdrawals', '--status', 'pending']);
    expect(pending.out).toContain(paid);
    expect(pending.out).toContain(rejected);
    expect(pending.out).toContain(`iban=${IBAN}`);

    expect((await ops(['pay-withdrawal', paid])).err).toContain('withdrawal_state_conflict');
    expect((await ops(['approve-withdrawal', paid])).out).toContain('approved');
    expect((await ops(['pay-withdrawal', paid])).err).toContain('four_eyes_required');
    expect((await second(['pay-withdrawal', paid])).out).toContain('paid');
    expect((await ops(['reject-withdrawal', rejected])).code).toBe(2);
    const rejection = await ops(['reject-withdrawal', rejected, '--reason', 'name does not match']);
    expect(rejection.out).toContain('rejected');
    expect(rejection.out).toContain('name does not match');
    expect(await mainBalance(player.id)).toBe(7_000n);
    expect((await ops(['approve-withdrawal', 'not-an-id'])).code).toBe(2);
    expect((await ops(['withdrawals', '--status', 'lost'])).code).toBe(2);
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
      headers: { origin: SITE_ORIGIN },
      payload: { cardNumber: '4000000000000077', expiry: '10/40', cvc: '999', holder: 'Ada Player' },
    });
    await t.deliverWebhooks();

    expect((await ops(['psp-settle', deposit.id, 'maybe'])).code).toBe(2);
    const settled = await ops(['psp-settle', deposit.id, 'succeed']);
    expect(settled, settled.err).toMatchObject({ code: 0 });
    expect(settled.out).toContain('marked payment');
    expect(settled.out).toContain('The deposit of 45.00 EUR is succeeded.');
    expect(await mainBalance(player.id)).toBe(4_500n);
    const again = await ops(['psp-settle', deposit.id, 'decline']);
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
      'adjustments',
      'approve-adjustment',
      'reject-adjustment',
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
