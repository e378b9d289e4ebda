import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { dashboardResponseSchema, formatMinor, type Currency, type DashboardResponse } from '@playhouse/shared';
import type { TransferKind, TransferLeg } from '../../src/services/wallet/wallet-service';
import { buildTestApp, expectErrorEnvelope, type TestApp } from '../helpers/build-test-app';
import { staffCaller } from '../helpers/staff';

const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const TODAY = dayOf(new Date());
const daysAgo = (days: number) => dayOf(new Date(Date.now() - days * DAY_MS));

let t: TestApp;
let headers: Record<string, string>;

async function player(currency: Currency, registeredDaysAgo = 0): Promise<number> {
  const name = `dash_${randomUUID().slice(0, 8)}`;
  const [row] = await t.db
    .insert(schema.users)
    .values({
      email: `${name}@example.test`,
      username: name,
      passwordHash: 'unused',
      currency,
      createdAt: new Date(Date.now() - registeredDaysAgo * DAY_MS),
    })
    .returning({ id: schema.users.id });
  return row!.id;
}

const main = (userId: number) => ({ userId, kind: 'main' as const });
const bonus = (userId: number) => ({ userId, kind: 'bonus' as const });

/** One ledger transfer with the legs the real flow writes, dated `daysAgo` days back. */
async function move(kind: TransferKind, currency: Currency, legs: [TransferLeg['account'], bigint][], ago = 0) {
  const result = await t.app.services.wallet.transfer({
    idempotencyKey: `dashboard-test:${randomUUID()}`,
    kind,
    currency,
    legs: legs.map(([account, amount]) => ({ account, amount })),
  });
  if (ago > 0) {
    await t.db
      .update(schema.ledgerTransfers)
      .set({ createdAt: new Date(Date.now() - ago * DAY_MS) })
      .where(eq(schema.ledgerTransfers.id, result.transferId));
  }
}

/**
 * A scripted mix, in EUR and BRL, over three days (and one movement before the period): deposits, casino bets and
 * wins on real and bonus money, a rollback, sports stakes, a payout and a void, bonus grants and a conversion, a
 * withdrawal requested and paid (and one only requested).
 */
async function script() {
  const ann = await player('EUR', 1);
  const bob = await player('EUR');
  const caio = await player('BRL', 2);
  await player('BRL', 10);
  for (const [who, currency, amount, ago] of [
    [ann, 'EUR', 100_00n, 6],
    [ann, 'EUR', 50_00n, 1],
    [bob, 'EUR', 20_00n, 0],
    [caio, 'BRL', 300_00n, 2],
  ] as const) {
    await move(
      'deposit',
      currency,
      [
        [main(who), amount],
        [{ house: 'world' }, -amount],
      ],
      ago,
    );
  }
  await move(
    'bonus_grant',
    'EUR',
    [
      [bonus(ann), 10_00n],
      [{ house: 'bonus_pool' }, -10_00n],
    ],
    1,
  );
  // Casino: ann stakes 5 real + 2 bonus, wins 12 (9 to main, 3 to bonus); bob stakes 3, rolled back; bob stakes 4, loses.
  await move(
    'casino_bet',
    'EUR',
    [
      [main(ann), -5_00n],
      [bonus(ann), -2_00n],
      [{ house: 'casino' }, 7_00n],
    ],
    1,
  );
  await move(
    'casino_win',
    'EUR',
    [
      [{ house: 'casino' }, -12_00n],
      [main(ann), 9_00n],
      [bonus(ann), 3_00n],
    ],
    1,
  );
  await move(
    'casino_bet',
    'EUR',
    [
      [main(bob), -3_00n],
      [{ house: 'casino' }, 3_00n],
    ],
    0,
  );
  await move(
    'casino_rollback',
    'EUR',
    [
      [{ house: 'casino' }, -3_00n],
      [main(bob), 3_00n],
    ],
    0,
  );
  await move(
    'casino_bet',
    'EUR',
    [
      [main(bob), -4_00n],
      [{ house: 'casino' }, 4_00n],
    ],
    0,
  );
  // Sports: ann stakes 6 (wins 15), caio stakes 40 BRL (loses, after a re-settlement) and 10 BRL (voided).
  await move(
    'sports_stake',
    'EUR',
    [
      [main(ann), -6_00n],
      [{ house: 'sports' }, 6_00n],
    ],
    0,
  );
  await move(
    'sports_payout',
    'EUR',
    [
      [{ house: 'sports' }, -15_00n],
      [main(ann), 15_00n],
    ],
    0,
  );
  await move(
    'sports_stake',
    'BRL',
    [
      [main(caio), -40_00n],
      [{ house: 'sports' }, 40_00n],
    ],
    2,
  );
  // A trader re-settles caio's lost 40 BRL bet as won (paid 80), then back as lost: the 80 are taken back.
  await move(
    'sports_payout',
    'BRL',
    [
      [{ house: 'sports' }, -80_00n],
      [main(caio), 80_00n],
    ],
    1,
  );
  await move(
    'sports_reversal',
    'BRL',
    [
      [main(caio), -80_00n],
      [{ house: 'sports' }, 80_00n],
    ],
    1,
  );
  await move(
    'sports_stake',
    'BRL',
    [
      [main(caio), -10_00n],
      [{ house: 'sports' }, 10_00n],
    ],
    1,
  );
  await move(
    'sports_void',
    'BRL',
    [
      [{ house: 'sports' }, -10_00n],
      [main(caio), 10_00n],
    ],
    1,
  );
  // Ann's bonus (11 left) becomes real money; she withdraws 30, paid; caio asks for 100 BRL, not paid yet.
  await move(
    'bonus_conversion',
    'EUR',
    [
      [bonus(ann), -11_00n],
      [main(ann), 11_00n],
    ],
    0,
  );
  await move(
    'withdrawal_request',
    'EUR',
    [
      [main(ann), -30_00n],
      [{ house: 'withdrawals' }, 30_00n],
    ],
    0,
  );
  await move(
    'withdrawal_paid',
    'EUR',
    [
      [{ house: 'withdrawals' }, -30_00n],
      [{ house: 'world' }, 30_00n],
    ],
    0,
  );
  await move(
    'withdrawal_request',
    'BRL',
    [
      [main(caio), -100_00n],
      [{ house: 'withdrawals' }, 100_00n],
    ],
    0,
  );
}

interface Tally {
  deposits: bigint;
  withdrawals: bigint;
  casino: { bets: bigint; wins: bigint; realNet: bigint };
  sports: { bets: bigint; wins: bigint; realNet: bigint };
  bonusCost: bigint;
  active: Set<number>;
}
const emptyTally = (): Tally => ({
  deposits: 0n,
  withdrawals: 0n,
  casino: { bets: 0n, wins: 0n, realNet: 0n },
  sports: { bets: 0n, wins: 0n, realNet: 0n },
  bonusCost: 0n,
  active: new Set(),
});

/**
 * The same figures computed independently, straight from every ledger row of the period (one transfer at a time,
 * from its legs) and the users table.
 */
async function fromLedgerRows(fromDay: string, toDay: string) {
  const rows = await t.db
    .select({
      transferId: schema.ledgerTransfers.id,
      kind: schema.ledgerTransfers.kind,
      currency: schema.ledgerTransfers.currency,
      at: schema.ledgerTransfers.createdAt,
      userId: schema.ledgerAccounts.userId,
      account: schema.ledgerAccounts.kind,
      amount: schema.ledgerEntries.amount,
    })
    .from(schema.ledgerEntries)
    .innerJoin(schema.ledgerTransfers, eq(schema.ledgerTransfers.id, schema.ledgerEntries.transferId))
    .innerJoin(schema.ledgerAccounts, eq(schema.ledgerAccounts.id, schema.ledgerEntries.accountId));
  const figures = new Map<string, Tally>();
  const of = (currency: string, day: string): Tally => {
    const key = `${currency}|${day}`;
    let tally = figures.get(key);
    if (!tally) figures.set(key, (tally = emptyTally()));
    return tally;
  };
  for (const row of rows) {
    const day = dayOf(row.at);
    if (day < fromDay || day > toDay) continue;
    for (const key of [day, 'period']) {
      const f = of(row.currency, key);
      const playerMoney = row.userId !== null;
      const product = row.kind.startsWith('casino_') ? f.casino : row.kind.startsWith('sports_') ? f.sports : null;
      if (row.kind === 'deposit' && playerMoney) f.deposits += row.amount;
      if (row.kind === 'withdrawal_paid' && row.amount > 0n) f.withdrawals += row.amount;
      if (row.kind === 'bonus_conversion' && row.account === 'main') f.bonusCost += row.amount;
      if (product && playerMoney) {
        // Money leaving a player in play is a bet (a refund is a negative one); money reaching them, a win.
        // A re-settlement's reversal takes a payout back: it lowers the wins.
        if (row.kind === 'casino_win' || row.kind === 'sports_payout' || row.kind === 'sports_reversal') {
          product.wins += row.amount;
        } else product.bets -= row.amount;
        if (row.account === 'main') product.realNet -= row.amount;
        if (row.kind === 'casino_bet' || row.kind === 'sports_stake') f.active.add(row.userId!);
      }
    }
  }
  return figures;
}

beforeAll(async () => {
  t = await buildTestApp();
  headers = (await staffCaller(t, ['finance'])).headers;
  await script();
});
afterAll(async () => t.close());

async function dashboard(query = ''): Promise<DashboardResponse> {
  const response = await t.app.inject({ method: 'GET', url: `/spa/staff/dashboard${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return dashboardResponseSchema.parse(response.json());
}

describe('GET /spa/staff/dashboard', () => {
  it('equals the sums computed independently from the ledger rows, per currency and per day', async () => {
    const from = daysAgo(2);
    const answer = await dashboard(`?from=${from}&to=${TODAY}`);
    expect(answer).toMatchObject({ from, to: TODAY, today: TODAY });
    expect(answer.currencies.map((entry) => entry.currency)).toEqual(['EUR', 'BRL']);
    const expected = await fromLedgerRows(from, TODAY);
    const players = await t.db
      .select({ currency: schema.users.currency, at: schema.users.createdAt })
      .from(schema.users)
      .where(eq(schema.users.role, 'player'));
    for (const entry of answer.currencies) {
      const money = (value: bigint) => formatMinor(value, entry.currency);
      const check = (figures: (typeof entry)['period'], key: string, day: string | null) => {
        const f = expected.get(`${entry.currency}|${key}`) ?? emptyTally();
        const product = (p: Tally['casino']) => ({
          bets: money(p.bets),
          wins: money(p.wins),
          ggr: money(p.bets - p.wins),
          ngr: money(p.realNet),
        });
        expect(figures, `${entry.currency} ${key}`).toEqual({
          deposits: money(f.deposits),
          withdrawals: money(f.withdrawals),
          casino: product(f.casino),
          sports: product(f.sports),
          bonusCost: money(f.bonusCost),
          ngr: money(f.casino.realNet + f.sports.realNet - f.bonusCost),
          activePlayers: f.active.size,
          newPlayers: players.filter(
            (row) =>
              row.currency === entry.currency &&
              (day === null ? dayOf(row.at) >= from && dayOf(row.at) <= TODAY : dayOf(row.at) === day),
          ).length,
        });
      };
      check(entry.period, 'period', null);
      expect(entry.days.map((row) => row.day)).toEqual([daysAgo(2), daysAgo(1), TODAY]);
      for (const { day, ...figures } of entry.days) check(figures, day, day);
    }
  });

  it('gives the scripted figures: nothing outside the period, no currency added to another', async () => {
    const answer = await dashboard(`?from=${daysAgo(2)}&to=${TODAY}`);
    const eur = answer.currencies.find((entry) => entry.currency === 'EUR')!;
    const brl = answer.currencies.find((entry) => entry.currency === 'BRL')!;
    // The 100 EUR deposit six days ago is outside; caio's 100 BRL withdrawal is asked, not paid.
    expect(eur.period).toMatchObject({ deposits: '70.00', withdrawals: '30.00', bonusCost: '11.00' });
    expect(eur.period.casino).toEqual({ bets: '11.00', wins: '12.00', ggr: '-1.00', ngr: '0.00' });
    expect(eur.period.sports).toEqual({ bets: '6.00', wins: '15.00', ggr: '-9.00', ngr: '-9.00' });
    expect(eur.period).toMatchObject({ ngr: '-20.00', activePlayers: 2, newPlayers: 2 });
    expect(brl.period).toMatchObject({ deposits: '300.00', withdrawals: '0.00', activePlayers: 1, newPlayers: 1 });
    expect(brl.period.sports).toEqual({ bets: '40.00', wins: '0.00', ggr: '40.00', ngr: '40.00' });
    expect(eur.today).toMatchObject({ deposits: '20.00', withdrawals: '30.00', activePlayers: 2 });
    expect(eur.today.casino).toEqual({ bets: '4.00', wins: '0.00', ggr: '4.00', ngr: '4.00' });
    expect(brl.today).toMatchObject({ deposits: '0.00', activePlayers: 0 });
  });

  it('defaults to the last 30 days and counts a player active once over the period', async () => {
    const answer = await dashboard();
    expect(answer.from).toBe(daysAgo(29));
    expect(answer.currencies.find((entry) => entry.currency === 'EUR')!.days).toHaveLength(30);
    expect(answer.currencies.find((entry) => entry.currency === 'EUR')!.period.deposits).toBe('170.00');
    expect(answer.currencies.find((entry) => entry.currency === 'EUR')!.period.activePlayers).toBe(2);
  });

  it('refuses a period that ends before it starts, is too long, or is not a date, changing nothing', async () => {
    const before = await t.db.select().from(schema.ledgerTransfers);
    for (const query of [
      `?from=${TODAY}&to=${daysAgo(1)}`,
      `?from=2020-01-01&to=2022-01-01`,
      '?from=yesterday',
      '?to=2026-13-40',
      `?from=${daysAgo(400)}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/spa/staff/dashboard${query}`, headers });
      expectErrorEnvelope(response, 400, 'validation_failed');
    }
    expect(await t.db.select().from(schema.ledgerTransfers)).toEqual(before);
  });

  it('is for finance, risk, marketing and admin: support, traders and content editors get 403', async () => {
    for (const role of ['support', 'trader', 'content'] as const) {
      const other = await staffCaller(t, [role]);
      const response = await t.app.inject({ method: 'GET', url: '/spa/staff/dashboard', headers: other.headers });
      expectErrorEnvelope(response, 403, 'forbidden');
    }
    for (const role of ['risk', 'marketing', 'admin'] as const) {
      const other = await staffCaller(t, [role]);
      const response = await t.app.inject({ method: 'GET', url: '/spa/staff/dashboard', headers: other.headers });
      expect(response.statusCode).toBe(200);
    }
  });
});
