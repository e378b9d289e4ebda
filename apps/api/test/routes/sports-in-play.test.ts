import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import {
  inPlayDeskResponseSchema,
  matchDetailResponseSchema,
  placeBetResponseSchema,
  sportTradingSettingsResponseSchema,
  type FeedIngestInput,
  type LiveState,
  type OddsChangePolicy,
  type PlaceBetBody,
} from '@playhouse/shared';
import { z } from 'zod';
import { rowsOf } from '../../src/lib/sql-rows';
import { expectErrorEnvelope } from '../helpers/build-test-app';
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

/*
 * Betting in play (issue 21): a bet on a match in play waits its sport's bet delay holding nothing, then is priced
 * against the market as it is then (docs/decisions.md, "Betting in play").
 */

let t: SportsTestApp;
let trader: StaffCaller;
let risk: StaffCaller;
const now = Date.now();
const MINUTE = 60_000;

type FeedMatch = NonNullable<FeedIngestInput['matches']>[number];

beforeAll(async () => {
  t = await buildSportsApp();
  expect((await pushFeed(t, englishBook(now))).statusCode).toBe(200);
  trader = await staffCaller(t, ['trader']);
  risk = await staffCaller(t, ['risk']);
});
afterAll(async () => t.close());

let nextMatchId = 9_800_000;
let stateAt = now;

const liveState = (): LiveState => ({
  at: ++stateAt,
  period: 1,
  phase: 'play',
  clock: { seconds: 20 * 60, running: true, direction: 'up' },
  score: [0, 0],
  periods: [[0, 0]],
});

/** The match as a live feed sends it: in play, every market with `status` and the given prices. */
function live(matchId: number, status: 'open' | 'suspended', odds: Partial<Record<string, number>> = {}): FeedMatch {
  const base = footballMatch(matchId, now - 20 * MINUTE, { odds });
  return {
    ...base,
    matchStatus: 'live',
    matchLiveState: liveState(),
    matchBets: base.matchBets.map((bet) => ({ ...bet, matchBetStatus: status })),
  };
}

/** A fresh football match in play with every market open; its 1X2 market is `id * 10`, home at 2.10. */
async function liveMatch(odds: Partial<Record<string, number>> = {}) {
  const id = ++nextMatchId;
  expect((await pushFeed(t, { matches: [live(id, 'open', odds)] })).statusCode).toBe(200);
  return id;
}

async function homeOutcome(matchId: number) {
  const response = await t.app.inject({ url: `/spa/sports/matches/${matchId}` });
  const match = matchDetailResponseSchema.parse(response.json()).match;
  return match.matchBets.find((market) => market.idMatchBet === matchId * 10)!.matchBetOutcomes[0]!;
}

async function single(matchId: number, stake: string, policy: OddsChangePolicy = 'none'): Promise<PlaceBetBody> {
  const outcome = await homeOutcome(matchId);
  return {
    kind: 'single',
    stake,
    oddsChangePolicy: policy,
    selections: [{ outcomeId: outcome.outcomeId, odd: outcome.matchBetOutcomeOddValue }],
  };
}

function place(user: SignedIn, body: PlaceBetBody, key = idempotencyKey()) {
  return t.app.inject({
    method: 'POST',
    url: '/spa/sports/bets',
    headers: { ...user.headers, 'idempotency-key': key },
    payload: body,
  });
}

async function setDelay(betDelayMs: number, sportId = 1, caller = trader) {
  return t.app.inject({
    method: 'PUT',
    url: `/spa/staff/trading/sports/${sportId}`,
    headers: caller.headers,
    payload: { betDelayMs },
  });
}

async function playerWith(amount: bigint) {
  const user = await signedInUser(t);
  await fund(t, user.id, amount);
  return user;
}

/** Resolves once `count` bets are waiting their delay (the bet has passed its first look and holds nothing). */
async function waitingBets(count = 1) {
  const deadline = Date.now() + 5_000;
  while (t.app.services.sports.bets.waitingBets() < count) {
    if (Date.now() > deadline) throw new Error('no bet is waiting its delay');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function betsOf(userId: number) {
  return t.db.select().from(schema.bets).where(eq(schema.bets.userId, userId));
}

/** Ledger transfers of a player's bets (none after a refusal: no money was ever held). */
async function stakeTransfers(userId: number) {
  const rows = await t.db
    .select({ key: schema.ledgerTransfers.idempotencyKey })
    .from(schema.ledgerTransfers)
    .innerJoin(schema.ledgerEntries, eq(schema.ledgerEntries.transferId, schema.ledgerTransfers.id))
    .innerJoin(schema.ledgerAccounts, eq(schema.ledgerAccounts.id, schema.ledgerEntries.accountId))
    .where(and(eq(schema.ledgerAccounts.userId, userId), like(schema.ledgerTransfers.idempotencyKey, 'bet:%')));
  return rows;
}

describe('the bet delay per sport: GET and PUT /spa/staff/trading/sports', () => {
  it('starts at 5 s for every sport, is set by a trader within 0–30 s and audited', async () => {
    const before = sportTradingSettingsResponseSchema.parse(
      (await t.app.inject({ url: '/spa/staff/trading/sports', headers: risk.headers })).json(),
    );
    expect(before.items.map((item) => [item.sportId, item.betDelayMs, item.isDefault])).toEqual([
      [1, 5000, true],
      [2, 5000, true],
    ]);

    const set = await setDelay(7_000, 2);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      setting: { sportId: 2, betDelayMs: 7000, isDefault: false, updatedBy: trader.id },
    });
    const [audit] = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.event, 'staff_trading_set_bet_delay'));
    expect(audit).toMatchObject({
      actorId: trader.id,
      metadata: { sportId: 2 },
      before: { betDelayMs: 5000, isDefault: true },
      after: { betDelayMs: 7000, isDefault: false },
    });
  });

  it('refuses a delay outside 0–30 s (400), an unknown sport (404) and a risk analyst (403), changing nothing', async () => {
    for (const bad of [-1, 30_001, 1.5]) expectErrorEnvelope(await setDelay(bad, 2), 400, 'validation_failed');
    expectErrorEnvelope(await setDelay(1_000, 77), 404, 'not_found');
    expectErrorEnvelope(await setDelay(1_000, 2, risk), 403, 'forbidden');
    const after = sportTradingSettingsResponseSchema.parse(
      (await t.app.inject({ url: '/spa/staff/trading/sports', headers: trader.headers })).json(),
    );
    expect(after.items.find((item) => item.sportId === 2)?.betDelayMs).toBe(7000);
  });
});

describe('POST /spa/sports/bets on a match in play', () => {
  it('accepts the bet once its delay has passed; the match page and the desk say how long bets wait', async () => {
    expect((await setDelay(600)).statusCode).toBe(200);
    const matchId = await liveMatch();
    const detail = matchDetailResponseSchema.parse(
      (await t.app.inject({ url: `/spa/sports/matches/${matchId}` })).json(),
    );
    expect(detail.match).toMatchObject({ status: 'live', bettingOpen: true, betDelayMs: 600 });
    const prematch = matchDetailResponseSchema.parse(
      (await t.app.inject({ url: '/spa/sports/matches/9000001' })).json(),
    );
    expect(prematch.match.betDelayMs).toBeNull();

    const user = await playerWith(20_00n);
    const started = Date.now();
    const response = await place(user, await single(matchId, '5.00'));
    expect(response.statusCode).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    const { bet } = placeBetResponseSchema.parse(response.json());
    expect(bet).toMatchObject({ status: 'open', stake: '5.00', totalOdd: 2.1 });
    expect(await mainBalance(t, user.id)).toBe(15_00n);

    const desk = inPlayDeskResponseSchema.parse(
      (await t.app.inject({ url: '/spa/staff/trading/in-play', headers: risk.headers })).json(),
    );
    expect(desk.items.find((item) => item.id === matchId)).toMatchObject({
      betDelayMs: 600,
      openBets: 1,
      openMarkets: 4,
      suspendedMarkets: 0,
      liveState: { period: 1, phase: 'play' },
    });
  });

  it('refuses the bet when a trader suspends its market during the delay; the trader is not blocked and no money is held', async () => {
    expect((await setDelay(1_500)).statusCode).toBe(200);
    const matchId = await liveMatch();
    const user = await playerWith(20_00n);
    const started = Date.now();
    const pending = place(user, await single(matchId, '5.00'));
    await waitingBets();
    // The suspension writes the market row the bet would share-lock: it completes while the bet still waits, so the
    // wait holds no transaction or lock (on PGlite's one connection a held transaction would queue it behind the bet).
    const suspended = await t.app.inject({
      method: 'POST',
      url: `/spa/staff/trading/markets/${matchId * 10}/suspend`,
      headers: trader.headers,
    });
    expect(suspended.statusCode).toBe(200);
    expect(t.app.services.sports.bets.waitingBets()).toBe(1);
    expect(Date.now() - started).toBeLessThan(1_500);

    expectErrorEnvelope(await pending, 409, 'market_suspended');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
    expect(await mainBalance(t, user.id)).toBe(20_00n);
    expect(await betsOf(user.id)).toEqual([]);
    expect(await stakeTransfers(user.id)).toEqual([]);
  });

  it('refuses the bet when the feed suspends the market during the delay (a goal)', async () => {
    expect((await setDelay(800)).statusCode).toBe(200);
    const matchId = await liveMatch();
    const user = await playerWith(20_00n);
    const pending = place(user, await single(matchId, '5.00', 'any'));
    await waitingBets();
    expect((await pushFeed(t, { matches: [live(matchId, 'suspended')] })).statusCode).toBe(200);
    expectErrorEnvelope(await pending, 409, 'market_suspended');
    expect(await mainBalance(t, user.id)).toBe(20_00n);
    expect(await betsOf(user.id)).toEqual([]);
  });

  it('refuses a bet on a market already suspended at once, without waiting', async () => {
    expect((await setDelay(3_000)).statusCode).toBe(200);
    const matchId = await liveMatch();
    const body = await single(matchId, '5.00');
    expect((await pushFeed(t, { matches: [live(matchId, 'suspended')] })).statusCode).toBe(200);
    const user = await playerWith(20_00n);
    const started = Date.now();
    expectErrorEnvelope(await place(user, body), 409, 'market_suspended');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('refuses a price moved against the player beyond the policy, and takes one within it, at the price then', async () => {
    expect((await setDelay(800)).statusCode).toBe(200);
    const user = await playerWith(50_00n);

    // "Only higher": the price fell during the delay, refused with the current price.
    let matchId = await liveMatch();
    let pending = place(user, await single(matchId, '5.00', 'higher'));
    await waitingBets();
    await pushFeed(t, { matches: [live(matchId, 'open', { '1': 1.9 })] });
    const refused = expectErrorEnvelope(await pending, 409, 'odds_changed');
    const outcome = await homeOutcome(matchId);
    expect(refused.error.fields).toEqual({ [String(outcome.outcomeId)]: '1.9' });
    expect(await mainBalance(t, user.id)).toBe(50_00n);

    // "Only higher": the price rose during the delay, accepted at the higher price.
    matchId = await liveMatch();
    pending = place(user, await single(matchId, '5.00', 'higher'));
    await waitingBets();
    await pushFeed(t, { matches: [live(matchId, 'open', { '1': 2.5 })] });
    let accepted = await pending;
    expect(accepted.statusCode).toBe(201);
    expect(placeBetResponseSchema.parse(accepted.json()).bet).toMatchObject({
      totalOdd: 2.5,
      potentialPayout: '12.50',
    });

    // "Exactly these odds": any change refuses.
    matchId = await liveMatch();
    pending = place(user, await single(matchId, '5.00', 'none'));
    await waitingBets();
    await pushFeed(t, { matches: [live(matchId, 'open', { '1': 2.5 })] });
    expectErrorEnvelope(await pending, 409, 'odds_changed');

    // "Any odds": accepted at the lower price.
    matchId = await liveMatch();
    pending = place(user, await single(matchId, '5.00', 'any'));
    await waitingBets();
    await pushFeed(t, { matches: [live(matchId, 'open', { '1': 1.6 })] });
    accepted = await pending;
    expect(accepted.statusCode).toBe(201);
    expect(placeBetResponseSchema.parse(accepted.json()).bet.totalOdd).toBe(1.6);
    expect(await mainBalance(t, user.id)).toBe(40_00n);
  });

  it('places concurrent requests of one submission once, and answers a later retry with the same bet', async () => {
    expect((await setDelay(600)).statusCode).toBe(200);
    const matchId = await liveMatch();
    const user = await playerWith(20_00n);
    const body = await single(matchId, '4.00');
    const key = idempotencyKey();
    const answers = await Promise.all([place(user, body, key), place(user, body, key), place(user, body, key)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    const ids = new Set(answers.map((answer) => placeBetResponseSchema.parse(answer.json()).bet.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    const retry = await place(user, body, key);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(placeBetResponseSchema.parse(retry.json()).bet.id).toBe([...ids][0]);
    expect(await betsOf(user.id)).toHaveLength(1);
    expect(await mainBalance(t, user.id)).toBe(16_00n);
  });

  it('refuses the same key with another request while the first waits (409) and places the first only', async () => {
    expect((await setDelay(800)).statusCode).toBe(200);
    const matchId = await liveMatch();
    const user = await playerWith(20_00n);
    const body = await single(matchId, '4.00');
    const key = idempotencyKey();
    const first = place(user, body, key);
    await waitingBets();
    expectErrorEnvelope(await place(user, { ...body, stake: '9.00' }, key), 409, 'idempotency_key_reused');
    expect((await first).statusCode).toBe(201);
    expect(await mainBalance(t, user.id)).toBe(16_00n);
  });

  it('refuses a self-excluded player at once, and a player who self-excludes during the delay at its end', async () => {
    expect((await setDelay(1_000)).statusCode).toBe(200);
    const matchId = await liveMatch();
    const body = await single(matchId, '2.00', 'any');
    const exclude = (userId: number) =>
      t.db.insert(schema.playerRestrictions).values({
        userId,
        kind: 'self_exclusion',
        duration: '6m',
        startsAt: new Date(Date.now() - 1000),
        endsAt: new Date(Date.now() + 180 * 24 * 3_600_000),
      });

    const excluded = await playerWith(20_00n);
    await exclude(excluded.id);
    const started = Date.now();
    expectErrorEnvelope(await place(excluded, body), 403, 'player_restricted');
    expect(Date.now() - started).toBeLessThan(1_000);

    const during = await playerWith(20_00n);
    const pending = place(during, body);
    await waitingBets();
    await exclude(during.id);
    expectErrorEnvelope(await pending, 403, 'player_restricted');
    expect(await mainBalance(t, during.id)).toBe(20_00n);
    expect(await betsOf(during.id)).toEqual([]);
  });

  it("applies the player's stake limits in play as prematch", async () => {
    expect((await setDelay(300)).statusCode).toBe(200);
    const matchId = await liveMatch();
    const user = await playerWith(100_00n);
    await t.app.inject({
      method: 'PUT',
      url: '/spa/users/limits',
      headers: user.headers,
      payload: { kind: 'wager', period: 'day', amount: '6.00' },
    });
    expect((await place(user, await single(matchId, '5.00', 'any'))).statusCode).toBe(201);
    expectErrorEnvelope(await place(user, await single(matchId, '2.00', 'any')), 409, 'limit_exceeded');
    expect(await mainBalance(t, user.id)).toBe(95_00n);
  });

  it('refuses with match_not_in_play when the match ends during the delay', async () => {
    expect((await setDelay(800)).statusCode).toBe(200);
    const matchId = await liveMatch();
    const user = await playerWith(20_00n);
    const pending = place(user, await single(matchId, '3.00', 'any'));
    await waitingBets();
    // The match ends with its markets still open in the delivery: the bet must still see it is no longer in play.
    await t.db.update(schema.matches).set({ status: 'ended' }).where(eq(schema.matches.id, matchId));
    expectErrorEnvelope(await pending, 409, 'match_not_in_play');
    expect(await mainBalance(t, user.id)).toBe(20_00n);
  });

  it('holds no transaction open while a bet waits (PostgreSQL: no session is idle in a transaction)', async () => {
    expect((await setDelay(1_000)).statusCode).toBe(200);
    const matchId = await liveMatch();
    const user = await playerWith(20_00n);
    const pending = place(user, await single(matchId, '3.00'));
    await waitingBets();
    if (process.env.TEST_DATABASE_URL) {
      const result = await t.db.execute(sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and state like 'idle in transaction%'`);
      expect(rowsOf(result, z.object({ n: z.number() }))).toEqual([{ n: 0 }]);
    }
    // Another writer of the same rows is not blocked: the whole match is suspended and resumed while the bet waits.
    const suspended = await t.app.inject({
      method: 'POST',
      url: `/spa/staff/trading/matches/${matchId}/suspend`,
      headers: trader.headers,
    });
    expect(suspended.statusCode).toBe(200);
    expect(t.app.services.sports.bets.waitingBets()).toBe(1);
    expectErrorEnvelope(await pending, 409, 'market_suspended');
  });
});
