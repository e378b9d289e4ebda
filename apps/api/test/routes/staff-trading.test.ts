import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import {
  matchDetailResponseSchema,
  tradingBetsResponseSchema,
  tradingFixturesResponseSchema,
  tradingMatchResponseSchema,
  tradingSettlementResponseSchema,
  type Bet,
  type PlaceBetBody,
  type StaffRequest,
  type TradingMatch,
} from '@playhouse/shared';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { ledgerViolations, NO_VIOLATIONS, NO_STAKE_VIOLATIONS, stakeViolations } from '../helpers/ledger-invariants';
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

let t: SportsTestApp;
let trader: StaffCaller;
let trader2: StaffCaller;
let risk: StaffCaller;
const now = Date.now();
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildSportsApp();
  expect((await pushFeed(t, englishBook(now))).statusCode).toBe(200);
  trader = await staffCaller(t, ['trader']);
  trader2 = await staffCaller(t, ['trader']);
  risk = await staffCaller(t, ['risk']);
});
afterAll(async () => t.close());

let nextMatchId = 9_700_000;
/** A fresh football match two hours from now, pushed through the feed; its 1X2 market is `id * 10`. */
async function freshMatch(odds: Partial<Record<string, number>> = {}) {
  const id = ++nextMatchId;
  expect((await pushFeed(t, { matches: [footballMatch(id, now + 2 * HOUR, { odds })] })).statusCode).toBe(200);
  return id;
}

async function tradingMatch(matchId: number, caller: StaffCaller = trader): Promise<TradingMatch> {
  const response = await t.app.inject({ url: `/spa/staff/trading/matches/${matchId}`, headers: caller.headers });
  expect(response.statusCode).toBe(200);
  return tradingMatchResponseSchema.parse(response.json()).match;
}

/** The outcome ids of the 1X2 market by label. */
async function outcomeIds(matchId: number): Promise<Record<string, number>> {
  const market = (await tradingMatch(matchId)).marketsList.find((m) => m.id === matchId * 10)!;
  return Object.fromEntries(market.outcomes.map((outcome) => [outcome.label, outcome.id]));
}

function place(user: SignedIn, body: PlaceBetBody, key = idempotencyKey()) {
  return t.app.inject({
    method: 'POST',
    url: '/spa/sports/bets',
    headers: { ...user.headers, 'idempotency-key': key },
    payload: body,
  });
}

async function playerWith(amount: bigint) {
  const user = await signedInUser(t);
  if (amount > 0n) await fund(t, user.id, amount);
  return user;
}

async function betOn(user: SignedIn, outcomeId: number, stake = '10') {
  const response = await place(user, {
    kind: 'single',
    stake,
    oddsChangePolicy: 'any',
    selections: [{ outcomeId, odd: 2 }],
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ bet: Bet }>().bet.id;
}

function post(url: string, payload?: unknown, caller: StaffCaller = trader) {
  return t.app.inject({ method: 'POST', url, headers: caller.headers, ...(payload ? { payload } : {}) });
}

/** A trader's result for the 1X2 market: the winner wins, the others lose. */
function result(matchId: number, winner: '1' | 'X' | '2', ids: Record<string, number>, caller: StaffCaller = trader) {
  return post(
    `/spa/staff/trading/markets/${matchId * 10}/result`,
    {
      results: ['1', 'X', '2'].map((label) => ({ outcomeId: ids[label]!, result: label === winner ? 'won' : 'lost' })),
    },
    caller,
  );
}

/**
 * A change of a result that already paid out: the trader asks (202), risk approves; answers the approval's request
 * (its result says what it settled and re-settled).
 */
async function changeResult(matchId: number, winner: '1' | 'X' | '2' | 'void', ids: Record<string, number>) {
  const asked =
    winner === 'void'
      ? await post(`/spa/staff/trading/markets/${matchId * 10}/void`)
      : await result(matchId, winner, ids);
  expect(asked.statusCode, asked.body).toBe(202);
  const { request } = asked.json<{ request: StaffRequest }>();
  const approved = await post(`/spa/staff/trading/requests/${request.id}/approve`, undefined, risk);
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json<{ request: StaffRequest }>().request;
}

const transfersOf = (betId: string) =>
  t.db
    .select({ key: schema.ledgerTransfers.idempotencyKey, kind: schema.ledgerTransfers.kind })
    .from(schema.ledgerTransfers)
    .where(like(schema.ledgerTransfers.idempotencyKey, `%:${betId}%`));

const auditOf = (event: string) =>
  t.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.event, event), eq(schema.auditLog.actorId, trader.id)));

describe('suspending and resuming', () => {
  it('POST /spa/staff/trading/markets/{id}/suspend makes the bet slip refuse the market at once, against later feed deliveries too, until a trader resumes it', async () => {
    const id = await freshMatch();
    const ids = await outcomeIds(id);
    const user = await playerWith(10_000n);
    const suspended = await post(`/spa/staff/trading/markets/${id * 10}/suspend`);
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({ market: { status: 'suspended', traderHold: true } });
    const selection = { outcomeId: ids['1']!, odd: 2.1 };
    expectErrorEnvelope(
      await place(user, { kind: 'single', stake: '1', oddsChangePolicy: 'any', selections: [selection] }),
      409,
      'market_suspended',
    );
    // The feed delivers the market as open again: the trader's hold wins.
    const delivery = footballMatch(id, now + 2 * HOUR);
    await pushFeed(t, {
      matches: [{ ...delivery, matchBets: [{ ...delivery.matchBets[0]!, matchBetStatus: 'open' }] }],
    });
    const publicView = matchDetailResponseSchema.parse(
      (await t.app.inject({ url: `/spa/sports/matches/${id}` })).json(),
    ).match;
    expect(publicView.matchBets.find((m) => m.idMatchBet === id * 10)!.status).toBe('suspended');
    expectErrorEnvelope(
      await place(user, { kind: 'single', stake: '1', oddsChangePolicy: 'any', selections: [selection] }),
      409,
      'market_suspended',
    );
    expect(await mainBalance(t, user.id)).toBe(10_000n);

    const resumed = await post(`/spa/staff/trading/markets/${id * 10}/resume`);
    expect(resumed.json()).toMatchObject({ market: { status: 'open', traderHold: false } });
    expect(
      (await place(user, { kind: 'single', stake: '1', oddsChangePolicy: 'any', selections: [selection] })).statusCode,
    ).toBe(201);

    const [suspendAudit] = await auditOf('staff_trading_suspend_market').then((rows) =>
      rows.filter((row) => row.metadata.marketId === id * 10),
    );
    expect(suspendAudit).toMatchObject({
      before: { status: 'open', traderHold: false },
      after: { status: 'suspended', traderHold: true },
      metadata: { marketId: id * 10, matchId: id },
    });
    expect((await auditOf('staff_trading_resume_market')).some((row) => row.metadata.marketId === id * 10)).toBe(true);
  });

  it('POST /spa/staff/trading/matches/{id}/suspend suspends every market of the match; resume offers them again', async () => {
    const id = await freshMatch();
    const response = await post(`/spa/staff/trading/matches/${id}/suspend`);
    expect(response.statusCode).toBe(200);
    const match = tradingMatchResponseSchema.parse(response.json()).match;
    expect(match.marketsList.map((m) => [m.status, m.traderHold])).toEqual(Array(4).fill(['suspended', true]));
    expect(match.suspendedMarkets).toBe(4);
    const resumed = tradingMatchResponseSchema.parse((await post(`/spa/staff/trading/matches/${id}/resume`)).json());
    expect(resumed.match.marketsList.every((m) => m.status === 'open' && !m.traderHold)).toBe(true);
    expect((await auditOf('staff_trading_suspend_match')).some((row) => row.metadata.matchId === id)).toBe(true);
  });

  it('refuses a settled market (409), an unknown one (404), visitors (401), players and other roles (403); nothing changes', async () => {
    const id = await freshMatch();
    const ids = await outcomeIds(id);
    expect((await result(id, '1', ids)).statusCode).toBe(200);
    expectErrorEnvelope(await post(`/spa/staff/trading/markets/${id * 10}/suspend`), 409, 'market_final');
    expectErrorEnvelope(await post(`/spa/staff/trading/markets/999999999/suspend`), 404, 'market_not_found');
    expectErrorEnvelope(await post(`/spa/staff/trading/matches/999999999/suspend`), 404, 'match_not_found');
    const other = id * 10 + 1;
    const visitor = await t.app.inject({
      method: 'POST',
      url: `/spa/staff/trading/markets/${other}/suspend`,
      headers: { origin: 'http://localhost:3000' },
    });
    expectErrorEnvelope(visitor, 401, 'unauthorized');
    const player = await signedInUser(t);
    expectErrorEnvelope(
      await t.app.inject({
        method: 'POST',
        url: `/spa/staff/trading/markets/${other}/suspend`,
        headers: player.headers,
      }),
      403,
      'forbidden',
    );
    const risk = await staffCaller(t, ['risk']);
    expectErrorEnvelope(await post(`/spa/staff/trading/markets/${other}/suspend`, undefined, risk), 403, 'forbidden');
    // Risk reads the desk.
    expect((await tradingMatch(id, risk)).id).toBe(id);
    const [market] = await t.db.select().from(schema.markets).where(eq(schema.markets.id, other));
    expect(market).toMatchObject({ status: 'open', traderHold: false });
  });
});

describe('results, voids and re-settlement', () => {
  it('POST /spa/staff/trading/markets/{id}/result settles open bets; a later feed delivery does not change a trader result', async () => {
    const id = await freshMatch({ '1': 2.5 });
    const ids = await outcomeIds(id);
    const user = await playerWith(1_000n);
    const betId = await betOn(user, ids['1']!);
    const response = await result(id, '1', ids);
    expect(response.statusCode).toBe(200);
    expect(tradingSettlementResponseSchema.parse(response.json())).toMatchObject({
      settled: 1,
      resettled: 0,
      shortfall: [],
      market: { status: 'settled', resultedBy: trader.id },
    });
    expect(await mainBalance(t, user.id)).toBe(1_000n - 1_000n + 2_500n);

    // The feed then says X won: the trader's result stands, nothing is paid again.
    const delivery = footballMatch(id, now + 2 * HOUR);
    const feed = await pushFeed(t, {
      matches: [
        {
          ...delivery,
          matchStatus: 'ended',
          matchBets: [
            {
              ...delivery.matchBets[0]!,
              matchBetStatus: 'settled',
              matchBetOutcomes: delivery.matchBets[0]!.matchBetOutcomes.map((o) => ({
                ...o,
                matchBetOutcomeResult: o.providerBetOutcomeId === 'X' ? ('won' as const) : ('lost' as const),
              })),
            },
          ],
        },
      ],
    });
    expect(feed.json()).toMatchObject({ settledBets: 0 });
    expect(feed.json<{ skipped: string[] }>().skipped).toContain(`final:outcome:${id * 10}:X`);
    expect(await mainBalance(t, user.id)).toBe(2_500n);
    expect((await transfersOf(betId)).map((row) => row.kind).sort()).toEqual(['sports_payout', 'sports_stake']);
    const [audit] = (await auditOf('staff_trading_result_market')).filter((row) => row.metadata.marketId === id * 10);
    expect(audit).toMatchObject({
      before: { status: 'open', results: { '1': null, X: null, '2': null } },
      after: { status: 'settled', results: { '1': 'won', X: 'lost', '2': 'lost' } },
    });
  });

  it('re-settles a match: the earlier payout is reversed and the new one paid, exactly once, on retry too', async () => {
    const id = await freshMatch({ '1': 2.5, X: 3 });
    const ids = await outcomeIds(id);
    const home = await playerWith(1_000n);
    const draw = await playerWith(1_000n);
    const homeBet = await betOn(home, ids['1']!);
    const drawBet = await betOn(draw, ids['X']!);
    expect((await result(id, '1', ids)).statusCode).toBe(200);
    expect(await mainBalance(t, home.id)).toBe(2_500n);
    expect(await mainBalance(t, draw.id)).toBe(0n);

    // The trader corrects the result (it was a draw); a change after the payout takes a second pair of eyes.
    const corrected = await changeResult(id, 'X', ids);
    expect(corrected.result).toMatchObject({ settled: 0, resettled: 2, shortfall: [] });
    expect(await mainBalance(t, home.id)).toBe(0n);
    expect(await mainBalance(t, draw.id)).toBe(3_000n);
    // A retry of the same correction moves nothing.
    expect(tradingSettlementResponseSchema.parse((await result(id, 'X', ids)).json())).toMatchObject({ resettled: 0 });
    expect(await mainBalance(t, home.id)).toBe(0n);
    expect(await mainBalance(t, draw.id)).toBe(3_000n);

    expect((await transfersOf(homeBet)).map((row) => row.key).sort()).toEqual(
      [`bet:${homeBet}`, `payout:${homeBet}`, `reversal:${homeBet}:v0`].sort(),
    );
    const bets = tradingBetsResponseSchema.parse(
      (
        await t.app.inject({
          url: `/spa/staff/trading/bets?matchId=${id}&sort=placedAt&dir=asc`,
          headers: trader.headers,
        })
      ).json(),
    );
    expect(bets.items.map((bet) => [bet.id, bet.status, bet.payout, bet.settlementVersion])).toEqual([
      [homeBet, 'lost', '0.00', 1],
      [drawBet, 'won', '30.00', 1],
    ]);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
    expect(await stakeViolations(t.db)).toEqual(NO_STAKE_VIOLATIONS);
  });

  it('approvals of one re-settlement racing each other pay once', async () => {
    const id = await freshMatch({ '2': 4 });
    const ids = await outcomeIds(id);
    const user = await playerWith(1_000n);
    await betOn(user, ids['2']!);
    expect((await result(id, '1', ids)).statusCode).toBe(200);
    expect(await mainBalance(t, user.id)).toBe(0n);
    const asked = await result(id, '2', ids);
    expect(asked.statusCode).toBe(202);
    const { request } = asked.json<{ request: StaffRequest }>();
    const approve = (who: StaffCaller) => post(`/spa/staff/trading/requests/${request.id}/approve`, undefined, who);
    const raced = await Promise.all([approve(risk), approve(trader2), approve(risk)]);
    expect(raced.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await mainBalance(t, user.id)).toBe(4_000n);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('a player who withdrew the first payout: the balance goes to zero, never below, and the rest is recorded as a shortfall', async () => {
    const id = await freshMatch({ '1': 3 });
    const ids = await outcomeIds(id);
    const user = await playerWith(1_000n);
    const betId = await betOn(user, ids['1']!);
    await result(id, '1', ids);
    expect(await mainBalance(t, user.id)).toBe(3_000n);
    await t.app.services.wallet.transfer({
      idempotencyKey: `withdraw:${randomUUID()}`,
      kind: 'withdrawal_request',
      currency: 'EUR',
      legs: [
        { account: { userId: user.id, kind: 'main' }, amount: -2_500n },
        { account: { house: 'withdrawals' }, amount: 2_500n },
      ],
    });
    const corrected = await changeResult(id, '2', ids);
    expect(corrected.result).toMatchObject({ resettled: 1, shortfall: [{ currency: 'EUR', amount: '25.00' }] });
    expect(await mainBalance(t, user.id)).toBe(0n);
    const [row] = await t.db.select().from(schema.betResettlements).where(eq(schema.betResettlements.betId, betId));
    expect(row).toMatchObject({
      version: 0,
      statusBefore: 'won',
      payoutBefore: 3_000n,
      reclaimed: 500n,
      shortfall: 2_500n,
    });
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('POST /spa/staff/trading/markets/{id}/void returns stakes, reversing a settled result first', async () => {
    const id = await freshMatch({ '1': 2 });
    const ids = await outcomeIds(id);
    const winner = await playerWith(1_000n);
    const loser = await playerWith(1_000n);
    await betOn(winner, ids['1']!);
    await betOn(loser, ids['2']!);
    await result(id, '1', ids);
    expect([await mainBalance(t, winner.id), await mainBalance(t, loser.id)]).toEqual([2_000n, 0n]);
    const voided = await changeResult(id, 'void', ids);
    expect(voided.result).toMatchObject({ resettled: 2 });
    expect((await tradingMatch(id)).marketsList.find((m) => m.id === id * 10)?.status).toBe('void');
    expect([await mainBalance(t, winner.id), await mainBalance(t, loser.id)]).toEqual([1_000n, 1_000n]);
    // Voiding again changes nothing.
    expect(
      tradingSettlementResponseSchema.parse((await post(`/spa/staff/trading/markets/${id * 10}/void`)).json()),
    ).toMatchObject({ resettled: 0, settled: 0 });
    expect([await mainBalance(t, winner.id), await mainBalance(t, loser.id)]).toEqual([1_000n, 1_000n]);
    // And a result after the void takes the stakes back and pays the winner.
    await changeResult(id, '1', ids);
    expect([await mainBalance(t, winner.id), await mainBalance(t, loser.id)]).toEqual([2_000n, 0n]);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
    expect(await stakeViolations(t.db)).toEqual(NO_STAKE_VIOLATIONS);
  });

  it("refuses results that miss an outcome, name another market's or name one twice (400), and changes nothing", async () => {
    const id = await freshMatch();
    const ids = await outcomeIds(id);
    const other = await outcomeIds(await freshMatch());
    const user = await playerWith(1_000n);
    await betOn(user, ids['1']!);
    const url = `/spa/staff/trading/markets/${id * 10}/result`;
    for (const results of [
      [{ outcomeId: ids['1']!, result: 'won' }],
      [
        { outcomeId: ids['1']!, result: 'won' },
        { outcomeId: ids['X']!, result: 'lost' },
        { outcomeId: other['2']!, result: 'lost' },
      ],
      [
        { outcomeId: ids['1']!, result: 'won' },
        { outcomeId: ids['1']!, result: 'lost' },
        { outcomeId: ids['X']!, result: 'lost' },
        { outcomeId: ids['2']!, result: 'lost' },
      ],
    ]) {
      expectErrorEnvelope(await post(url, { results }), 400, 'results_invalid');
    }
    expectErrorEnvelope(
      await post(url, { results: [{ outcomeId: ids['1'], result: 'maybe' }] }),
      400,
      'validation_failed',
    );
    expectErrorEnvelope(await post(url, {}), 400, 'validation_failed');
    const match = await tradingMatch(id);
    const market = match.marketsList.find((m) => m.id === id * 10)!;
    expect(market.status).toBe('open');
    expect(market.outcomes.every((outcome) => outcome.result === null)).toBe(true);
    expect(await mainBalance(t, user.id)).toBe(0n);
  });
});

describe('the desk', () => {
  it('GET /spa/staff/trading/matches/{id} shows the liability per outcome from the open bets', async () => {
    const id = await freshMatch({ '1': 2.5 });
    const ids = await outcomeIds(id);
    const a = await playerWith(5_000n);
    const b = await playerWith(5_000n);
    await betOn(a, ids['1']!, '10');
    await betOn(b, ids['1']!, '20');
    await betOn(b, ids['2']!, '5');
    const market = (await tradingMatch(id)).marketsList.find((m) => m.id === id * 10)!;
    const liability = Object.fromEntries(market.outcomes.map((outcome) => [outcome.label, outcome.liability]));
    expect(liability).toEqual({
      '1': [{ currency: 'EUR', bets: 2, stakes: '30.00', payout: '75.00' }],
      X: [],
      '2': [{ currency: 'EUR', bets: 1, stakes: '5.00', payout: '18.00' }],
    });
  });

  it('GET /spa/staff/trading/fixtures pages, filters and sorts by whitelisted columns only', async () => {
    const held = await freshMatch();
    await post(`/spa/staff/trading/markets/${held * 10 + 1}/suspend`);
    const response = await t.app.inject({
      url: '/spa/staff/trading/fixtures?held=true&pageSize=100&sort=id&dir=asc',
      headers: trader.headers,
    });
    const page = tradingFixturesResponseSchema.parse(response.json());
    expect(page.items.map((item) => item.id)).toContain(held);
    expect(page.items.every((item) => item.suspendedMarkets > 0)).toBe(true);
    const byTeam = tradingFixturesResponseSchema.parse(
      (await t.app.inject({ url: `/spa/staff/trading/fixtures?q=Home ${held}`, headers: trader.headers })).json(),
    );
    expect(byTeam.items.map((item) => item.id)).toEqual([held]);
    expect(byTeam.items[0]).toMatchObject({ team1: `Home ${held}`, team2: `Away ${held}`, markets: 4 });
    const paged = tradingFixturesResponseSchema.parse(
      (await t.app.inject({ url: '/spa/staff/trading/fixtures?pageSize=2&page=2', headers: trader.headers })).json(),
    );
    expect(paged).toMatchObject({ page: 2, pageSize: 2 });
    expect(paged.items).toHaveLength(2);
    expect(paged.total).toBeGreaterThan(4);
    for (const query of ['sort=team1', 'sort=1;drop', 'pageSize=1000', 'status=sleeping', 'page=0']) {
      expectErrorEnvelope(
        await t.app.inject({ url: `/spa/staff/trading/fixtures?${query}`, headers: trader.headers }),
        400,
        'validation_failed',
      );
    }
  });

  it('GET /spa/staff/trading/bets finds bets by bet id, username, status and market', async () => {
    const id = await freshMatch();
    const ids = await outcomeIds(id);
    const user = await playerWith(1_000n);
    const betId = await betOn(user, ids['X']!);
    const search = async (query: string) =>
      tradingBetsResponseSchema.parse(
        (await t.app.inject({ url: `/spa/staff/trading/bets?${query}`, headers: trader.headers })).json(),
      );
    expect((await search(`q=${betId}`)).items.map((bet) => bet.id)).toEqual([betId]);
    const [user_] = await t.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    const byName = await search(`q=${user_!.username}`);
    expect(byName.items.map((bet) => bet.id)).toEqual([betId]);
    expect(byName.items[0]).toMatchObject({
      userId: user.id,
      status: 'open',
      stake: '10.00',
      selections: [{ matchId: id, marketId: id * 10, label: 'X', match: `Home ${id} – Away ${id}` }],
    });
    expect((await search(`marketId=${id * 10}&status=open`)).items.map((bet) => bet.id)).toEqual([betId]);
    expect((await search(`marketId=${id * 10 + 1}`)).items).toEqual([]);
    // The whole filtered result as CSV.
    const csv = await t.app.inject({
      url: `/spa/staff/trading/bets?format=csv&matchId=${id}`,
      headers: trader.headers,
    });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\n')[0]).toContain('bet id');
    expect(csv.body).toContain(betId);
    expect(csv.body).toContain(`Home ${id} – Away ${id} / Match result: X @ 3.4`);
    expectErrorEnvelope(
      await t.app.inject({ url: '/spa/staff/trading/bets?sort=userId', headers: trader.headers }),
      400,
      'validation_failed',
    );
  });
});
