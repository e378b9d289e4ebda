import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { seedPaymentMethods } from '@playhouse/db/seed/payment-methods';
import type { Bet, StaffRequest, TradingMatch } from '@playhouse/shared';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { ledgerViolations, NO_STAKE_VIOLATIONS, NO_VIOLATIONS, stakeViolations } from '../helpers/ledger-invariants';
import { englishBook, footballMatch } from '../helpers/sports-fixtures';
import { staffCaller, type StaffCaller } from '../helpers/staff';
import {
  buildSportsApp,
  fund,
  idempotencyKey,
  mainBalance,
  pushFeed,
  signedInUser,
  type SignedIn,
  type SportsTestApp,
} from './sports-helpers';

/**
 * Issue 19, finding 3: a trader paid the same bet again. Re-settling took the earlier payout back only from the
 * balances, recorded the rest as a shortfall, and a later "won" paid in full again; pending withdrawals were never
 * touched. deposit 100.00, one 50.00 single at 1.43; won → withdraw → lost → won → withdraw → void → withdraw left
 * 243.00 pending from a bet that could return at most 121.50.
 */
let t: SportsTestApp;
let trader: StaffCaller;
let trader2: StaffCaller;
let risk: StaffCaller;
let finance: StaffCaller;
let support: StaffCaller;
const now = Date.now();
const HOUR = 3_600_000;
const IBAN = 'DE89370400440532013000';

beforeAll(async () => {
  t = await buildSportsApp();
  await seedPaymentMethods(t.db);
  expect((await pushFeed(t, englishBook(now))).statusCode).toBe(200);
  trader = await staffCaller(t, ['trader']);
  trader2 = await staffCaller(t, ['trader']);
  risk = await staffCaller(t, ['risk']);
  finance = await staffCaller(t, ['finance']);
  support = await staffCaller(t, ['support']);
});
afterAll(async () => t.close());

let nextMatchId = 9_800_000;
async function freshMatch(odds: Partial<Record<string, number>>) {
  const id = ++nextMatchId;
  expect((await pushFeed(t, { matches: [footballMatch(id, now + 2 * HOUR, { odds })] })).statusCode).toBe(200);
  const response = await t.app.inject({ url: `/spa/staff/trading/matches/${id}`, headers: trader.headers });
  const market = response.json<{ match: TradingMatch }>().match.marketsList.find((m) => m.id === id * 10)!;
  return { id, ids: Object.fromEntries(market.outcomes.map((outcome) => [outcome.label, outcome.id])) };
}

const call = (who: { headers: Record<string, string> }, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: who.headers, ...(payload ? { payload } : {}) });

async function betOn(user: SignedIn, outcomeId: number, stake: string, odd: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/spa/sports/bets',
    headers: { ...user.headers, 'idempotency-key': idempotencyKey() },
    payload: { kind: 'single', stake, oddsChangePolicy: 'any', selections: [{ outcomeId, odd }] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ bet: Bet }>().bet.id;
}

type Result = '1' | 'X' | '2' | 'void';

/** The trader's result; a change after the market paid is a request, which a second trader or risk approves. */
async function giveResult(match: { id: number; ids: Record<string, number> }, result: Result, approver = risk) {
  const url =
    result === 'void'
      ? `/spa/staff/trading/markets/${match.id * 10}/void`
      : `/spa/staff/trading/markets/${match.id * 10}/result`;
  const body =
    result === 'void'
      ? undefined
      : {
          results: ['1', 'X', '2'].map((label) => ({
            outcomeId: match.ids[label]!,
            result: label === result ? 'won' : 'lost',
          })),
        };
  const response = await call(trader, url, body);
  if (response.statusCode === 202) {
    const { request } = response.json<{ request: StaffRequest }>();
    const approved = await call(approver, `/spa/staff/trading/requests/${request.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    return;
  }
  expect(response.statusCode, response.body).toBe(200);
}

/** The player asks to withdraw all their main money, when there is any. */
async function withdrawAll(player: SignedIn) {
  const main = await mainBalance(t, player.id);
  if (main === 0n) return null;
  const response = await t.app.inject({
    method: 'POST',
    url: '/spa/cashbox/withdrawals',
    headers: { ...player.headers, 'idempotency-key': `w-${randomUUID()}` },
    payload: {
      method: 'sandbox_bank',
      amount: (Number(main) / 100).toFixed(2),
      details: { iban: IBAN, accountHolder: 'Ada Player' },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ withdrawal: { id: string } }>().withdrawal.id;
}

async function pendingOf(userId: number): Promise<bigint> {
  const rows = await t.db.select().from(schema.withdrawals).where(eq(schema.withdrawals.userId, userId));
  return rows
    .filter((row) => row.status === 'pending' || row.status === 'approved' || row.status === 'paid')
    .reduce((sum, row) => sum + row.amount, 0n);
}

describe('issue 19, finding 3: re-settlement and withdrawals', () => {
  it('won → withdraw → lost → won → withdraw → void → withdraw never leaves more pending than the bet can return', async () => {
    const match = await freshMatch({ '1': 1.43 });
    const player = await signedInUser(t);
    await fund(t, player.id, 10_000n);
    const betId = await betOn(player, match.ids['1']!, '50.00', 1.43);
    // 50.00 kept back, 50.00 at 1.43: at most 121.50 in all.
    const MOST = 12_150n;

    await giveResult(match, '1');
    const first = await withdrawAll(player);
    expect(first).not.toBeNull();
    expect(await pendingOf(player.id)).toBe(MOST);

    await giveResult(match, '2');
    // The shortfall holds the withdrawal: finance can neither approve nor pay it.
    expectErrorEnvelope(await call(finance, `/spa/staff/withdrawals/${first}/approve`), 409, 'withdrawal_held');

    await giveResult(match, '1');
    // The second "won" pays the shortfall first: nothing new to withdraw.
    expect(await mainBalance(t, player.id)).toBe(0n);
    await withdrawAll(player);
    expect(await pendingOf(player.id)).toBeLessThanOrEqual(MOST);

    await giveResult(match, 'void');
    await withdrawAll(player);
    expect(await pendingOf(player.id)).toBeLessThanOrEqual(MOST);

    // Void: the player is owed exactly the 100.00 deposit. Still held: they owe 21.50 of the first payout.
    expectErrorEnvelope(await call(finance, `/spa/staff/withdrawals/${first}/approve`), 409, 'withdrawal_held');
    // Finance rejects the held withdrawal: its money comes back and settles the shortfall first.
    const rejected = await call(finance, `/spa/staff/withdrawals/${first}/reject`, { reason: 'result corrected' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await mainBalance(t, player.id)).toBe(10_000n);
    const [bet] = await t.db.select().from(schema.bets).where(eq(schema.bets.id, betId));
    expect(bet).toMatchObject({ status: 'void', shortfall: 0n });

    // Now nothing is owed: a new withdrawal goes through four eyes as usual.
    const again = await withdrawAll(player);
    expect((await call(finance, `/spa/staff/withdrawals/${again}/approve`)).statusCode).toBe(200);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
    expect(await stakeViolations(t.db)).toEqual(NO_STAKE_VIOLATIONS);
  });

  it('a later payout of the same bet pays its outstanding shortfall first', async () => {
    const match = await freshMatch({ '1': 3 });
    const player = await signedInUser(t);
    await fund(t, player.id, 1_000n);
    await betOn(player, match.ids['1']!, '10.00', 3);
    await giveResult(match, '1');
    expect(await mainBalance(t, player.id)).toBe(3_000n);
    await withdrawAll(player);
    await giveResult(match, 'X');
    await fund(t, player.id, 500n);
    await giveResult(match, '1');
    // 30.00 owed from the reversal; the new payout of 30.00 settles it, and the 5.00 deposit stays.
    expect(await mainBalance(t, player.id)).toBe(500n);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('changing a result after it paid out is a request: the trader asks, a second trader or risk approves', async () => {
    const match = await freshMatch({ '1': 2 });
    const player = await signedInUser(t);
    await fund(t, player.id, 1_000n);
    await betOn(player, match.ids['1']!, '10.00', 2);
    // The first result is the trader's alone (as the feed's is).
    await giveResult(match, '1', risk);
    expect(await mainBalance(t, player.id)).toBe(2_000n);

    const asked = await call(trader, `/spa/staff/trading/markets/${match.id * 10}/void`);
    expect(asked.statusCode, asked.body).toBe(202);
    const { request } = asked.json<{ request: StaffRequest }>();
    expect(request).toMatchObject({ kind: 'result_change', status: 'pending', requestedBy: trader.id });
    expect(await mainBalance(t, player.id)).toBe(2_000n);

    expectErrorEnvelope(
      await call(trader, `/spa/staff/trading/requests/${request.id}/approve`),
      403,
      'four_eyes_required',
    );
    expectErrorEnvelope(await call(support, `/spa/staff/trading/requests/${request.id}/approve`), 403, 'forbidden');
    expect(await mainBalance(t, player.id)).toBe(2_000n);

    const approved = await call(trader2, `/spa/staff/trading/requests/${request.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await mainBalance(t, player.id)).toBe(1_000n);
    expectErrorEnvelope(
      await call(risk, `/spa/staff/trading/requests/${request.id}/approve`),
      409,
      'request_not_pending',
    );
    expect(await mainBalance(t, player.id)).toBe(1_000n);
  });
});
