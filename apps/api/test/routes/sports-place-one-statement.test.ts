import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { schema } from '@playhouse/db';
import { matchDetailResponseSchema, placeBetResponseSchema, type PlaceBetBody } from '@playhouse/shared';
import { ledgerTransfers } from '../../src/lib/metrics';
import { balanceNoticesFor } from '../../src/services/wallet/balance-notices';
import { placeInOneStatement, placeLookup, type PlaceRead } from '../../src/services/sports/bet-place-queries';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { grantCampaignBonus } from '../helpers/bonus-fixtures';
import { ledgerViolations, NO_VIOLATIONS } from '../helpers/ledger-invariants';
import { englishBook, footballMatch } from '../helpers/sports-fixtures';
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
 * The placement in one statement (issue 23, migration 0044): a prematch bet of a player with main money only and no
 * running bonus is placed by `sports_place_bet` after one read, without the stake pipeline's transaction; everything
 * else steps aside to that transaction. These tests hold it to the pipeline: the same bet, the same money, the same
 * refusal, per guard and over random player states, and under the races the pipeline is held to.
 */

let t: SportsTestApp;
const now = Date.now();
const HOUR = 3_600_000;
const MINUTE = 60_000;

beforeAll(async () => {
  // GB players follow the UK-like profile (identity verified before real play, reality checks every 60 minutes by
  // default), MT players the MGA-like one (no gate for play); everyone else the permissive default.
  t = await buildSportsApp({ TEST_CLOCK: 'on', JURISDICTION_COUNTRIES: 'GB=uk,MT=mga' });
  expect((await pushFeed(t, englishBook(now))).statusCode).toBe(200);
});
afterAll(async () => t.close());
afterEach(() => vi.restoreAllMocks());

let nextMatchId = 9_400_000;
/** A fresh football match two hours from now, pushed through the feed. */
async function freshMatch() {
  const id = ++nextMatchId;
  expect((await pushFeed(t, { matches: [footballMatch(id, now + 2 * HOUR)] })).statusCode).toBe(200);
  return id;
}

/** The 1X2 outcomes of a match by label, with their odds as the site shows them. */
async function outcomesOf(matchId: number) {
  const response = await t.app.inject({ url: `/spa/sports/matches/${matchId}` });
  const detail = matchDetailResponseSchema.parse(response.json()).match;
  const market = detail.matchBets.find((candidate) => candidate.matchBetPosition === 0)!;
  return Object.fromEntries(
    market.matchBetOutcomes.map((outcome) => [
      outcome.providerBetOutcomeId,
      { outcomeId: outcome.outcomeId, odd: outcome.matchBetOutcomeOddValue },
    ]),
  );
}

async function single(matchId: number, stake: string, policy: PlaceBetBody['oddsChangePolicy'] = 'none') {
  const home = (await outcomesOf(matchId))['1']!;
  return { kind: 'single', stake, oddsChangePolicy: policy, selections: [home] } satisfies PlaceBetBody;
}

function place(user: SignedIn, body: PlaceBetBody, key = idempotencyKey()) {
  return t.app.inject({
    method: 'POST',
    url: '/spa/sports/bets',
    headers: { ...user.headers, 'idempotency-key': key },
    payload: body,
  });
}

/** Runs `action` with the placement in one statement switched off: every bet takes the stake pipeline's transaction. */
async function throughPipeline<T>(action: () => Promise<T>): Promise<T> {
  const spy = vi.spyOn(t.app.services.stakes, 'clearance').mockReturnValue(null);
  try {
    return await action();
  } finally {
    spy.mockRestore();
  }
}

/** Whether the stake pipeline took the stakes `action` placed (its `stake` was called), with what it answered. */
async function watched<T>(action: () => Promise<T>): Promise<{ result: T; viaPipeline: boolean }> {
  const spy = vi.spyOn(t.app.services.stakes, 'stake');
  try {
    const result = await action();
    return { result, viaPipeline: spy.mock.calls.length > 0 };
  } finally {
    spy.mockRestore();
  }
}

/** Everything money-shaped a bet leaves: its row, its selections, its stake record, its transfer's legs. */
async function moneyOf(betId: string) {
  const [bet] = await t.db.select().from(schema.bets).where(eq(schema.bets.id, betId));
  const selections = await t.db
    .select()
    .from(schema.betSelections)
    .where(eq(schema.betSelections.betId, betId))
    .orderBy(schema.betSelections.position);
  const [stake] = await t.db
    .select()
    .from(schema.stakes)
    .where(eq(schema.stakes.sourceKey, `sports:${betId}`));
  const [transfer] = await t.db
    .select()
    .from(schema.ledgerTransfers)
    .where(eq(schema.ledgerTransfers.idempotencyKey, `bet:${betId}`));
  const legs = transfer
    ? await t.db
        .select({
          userId: schema.ledgerAccounts.userId,
          kind: schema.ledgerAccounts.kind,
          amount: schema.ledgerEntries.amount,
        })
        .from(schema.ledgerEntries)
        .innerJoin(schema.ledgerAccounts, eq(schema.ledgerAccounts.id, schema.ledgerEntries.accountId))
        .where(eq(schema.ledgerEntries.transferId, transfer.id))
    : [];
  const sorted = legs.sort((a, b) =>
    a.amount === b.amount ? a.kind.localeCompare(b.kind) : a.amount < b.amount ? -1 : 1,
  );
  return { bet, selections, stake, transfer, legs: sorted };
}

/** What two placements must agree on, the player's own ids, the bet's id and the times aside. */
function comparable(money: Awaited<ReturnType<typeof moneyOf>>, userId: number) {
  const { bet, selections, stake, transfer, legs } = money;
  return {
    bet: bet && { ...bet, id: 'id', userId: 'user', idempotencyKey: 'key', placedAt: 'at' },
    selections: selections.map((row) => ({ ...row, id: 'id', betId: 'bet' })),
    stake: stake && {
      ...stake,
      sourceKey: 'key',
      userId: 'user',
      stakeTransferId: stake.stakeTransferId === transfer?.id ? 'transfer' : 'another',
      userBonusId: stake.userBonusId === null ? null : 'bonus',
      createdAt: 'at',
    },
    transfer: transfer && {
      kind: transfer.kind,
      currency: transfer.currency,
      keyIsBet: transfer.idempotencyKey === `bet:${bet?.id}`,
      metadata: { ...transfer.metadata, betId: transfer.metadata.betId === bet?.id ? 'bet' : 'another' },
    },
    legs: legs.map((leg) => ({ ...leg, userId: leg.userId === userId ? 'player' : leg.userId })),
  };
}

/** An answer without what differs between two players' bets (ids and times). */
function answerOf(response: LightMyRequestResponse) {
  const json = response.json();
  if (response.statusCode !== 201) {
    const { error } = json as { error: { code: string; fields?: Record<string, unknown> } };
    // A refusal's time of reset depends on when it was asked.
    const fields = error.fields ? { ...error.fields, resetsAt: 'time' } : undefined;
    return { status: response.statusCode, code: error.code, fields };
  }
  const { bet } = placeBetResponseSchema.parse(json);
  return { status: response.statusCode, bet: { ...bet, id: 'id', placedAt: 'at' } };
}

async function betIdOf(response: LightMyRequestResponse) {
  return placeBetResponseSchema.parse(response.json()).bet.id;
}

async function betsOf(userId: number) {
  return t.db.select().from(schema.bets).where(eq(schema.bets.userId, userId));
}

describe('the placement in one statement', () => {
  it('places a prematch bet without the stake pipeline, writing what the pipeline writes, and answers alike', async () => {
    const match = await freshMatch();
    const body = await single(match, '12.50');
    const fast = await signedInUser(t);
    const slow = await signedInUser(t);
    await fund(t, fast.id, 100_00n);
    await fund(t, slow.id, 100_00n);

    const one = await watched(() => place(fast, body));
    expect(one.result.statusCode, one.result.body).toBe(201);
    expect(one.viaPipeline).toBe(false);
    const two = await watched(() => throughPipeline(() => place(slow, body)));
    expect(two.result.statusCode, two.result.body).toBe(201);
    expect(two.viaPipeline).toBe(true);

    expect(answerOf(one.result)).toEqual(answerOf(two.result));
    const fastMoney = await moneyOf(await betIdOf(one.result));
    const slowMoney = await moneyOf(await betIdOf(two.result));
    expect(comparable(fastMoney, fast.id)).toEqual(comparable(slowMoney, slow.id));
    expect(fastMoney.legs).toEqual([
      { userId: fast.id, kind: 'main', amount: -12_50n },
      { userId: null, kind: 'sports', amount: 12_50n },
    ]);
    expect(fastMoney.stake).toMatchObject({ main: 12_50n, bonus: 0n, freeSpin: 0n, userBonusId: null, status: 'open' });
    expect(await mainBalance(t, fast.id)).toBe(87_50n);
    expect(await mainBalance(t, slow.id)).toBe(87_50n);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('places an accumulator in one statement with its selections in slip order', async () => {
    const first = await freshMatch();
    const second = await freshMatch();
    const user = await signedInUser(t);
    await fund(t, user.id, 50_00n);
    const legs = [(await outcomesOf(second))['2']!, (await outcomesOf(first))['1']!];
    const body: PlaceBetBody = { kind: 'accumulator', stake: '5.00', oddsChangePolicy: 'none', selections: legs };
    const { result, viaPipeline } = await watched(() => place(user, body));
    expect(result.statusCode, result.body).toBe(201);
    expect(viaPipeline).toBe(false);
    const { bet } = placeBetResponseSchema.parse(result.json());
    expect(bet.selections.map((selection) => selection.outcomeId)).toEqual(legs.map((leg) => leg.outcomeId));
    const money = await moneyOf(bet.id);
    expect(money.selections.map((row) => [row.outcomeId, row.position])).toEqual([
      [legs[0]!.outcomeId, 0],
      [legs[1]!.outcomeId, 1],
    ]);
  });

  it('announces the new balance, counts the transfer in the metrics, and answers a replay of the key unchanged', async () => {
    const match = await freshMatch();
    const user = await signedInUser(t);
    await fund(t, user.id, 30_00n);
    await balanceNoticesFor(t.app.db).flush();
    let announced = 0;
    const unsubscribe = await t.app.services.balanceHub.subscribe(user.id, () => announced++);
    try {
      const counted = async () =>
        (await ledgerTransfers.get()).values.find((value) => value.labels.kind === 'sports_stake')?.value ?? 0;
      const before = await counted();
      const body = await single(match, '10.00');
      const key = idempotencyKey();
      const first = await watched(() => place(user, body, key));
      expect(first.result.statusCode).toBe(201);
      expect(first.viaPipeline).toBe(false);
      await expect.poll(() => announced).toBeGreaterThan(0);
      expect(await counted()).toBe(before + 1);
      const again = await place(user, body, key);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.result.json());
      expect(await counted()).toBe(before + 1);
      expect(await mainBalance(t, user.id)).toBe(20_00n);
      // The same key for another request is refused, as before.
      expectErrorEnvelope(await place(user, await single(match, '11.00'), key), 409, 'idempotency_key_reused');
    } finally {
      unsubscribe();
    }
  });

  it('one key racing itself places one bet and answers both with it', async () => {
    const match = await freshMatch();
    const user = await signedInUser(t);
    await fund(t, user.id, 30_00n);
    const body = await single(match, '10.00');
    const key = idempotencyKey();
    const answers = await Promise.all([place(user, body, key), place(user, body, key), place(user, body, key)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    const ids = new Set(answers.map((answer) => placeBetResponseSchema.parse(answer.json()).bet.id));
    expect(ids.size).toBe(1);
    expect(await betsOf(user.id)).toHaveLength(1);
    expect(await mainBalance(t, user.id)).toBe(20_00n);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('bets racing for too little money: as many placed as the money covers, the rest refused, nothing below zero', async () => {
    const match = await freshMatch();
    const user = await signedInUser(t);
    await fund(t, user.id, 25_00n);
    const body = await single(match, '10.00');
    const answers = await Promise.all(Array.from({ length: 4 }, () => place(user, body)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409]);
    for (const answer of answers.filter((candidate) => candidate.statusCode === 409)) {
      expectErrorEnvelope(answer, 409, 'insufficient_funds');
    }
    expect(await betsOf(user.id)).toHaveLength(2);
    expect(await mainBalance(t, user.id)).toBe(5_00n);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('a player without a session, with a running bonus, or short of main money takes the pipeline', async () => {
    const match = await freshMatch();
    const body = await single(match, '5.00');

    const bonus = await signedInUser(t);
    await fund(t, bonus.id, 3_00n);
    await grantCampaignBonus(t, bonus.id, { amount: 10_00n });
    const funded = await watched(() => place(bonus, body));
    expect(funded.result.statusCode, funded.result.body).toBe(201);
    expect(funded.viaPipeline).toBe(true);
    expect(placeBetResponseSchema.parse(funded.result.json()).bet.funding?.stake).toMatchObject({
      cash: '3.00',
      bonus: '2.00',
    });

    const short = await signedInUser(t);
    await fund(t, short.id, 4_99n);
    const refused = await watched(() => place(short, body));
    expectErrorEnvelope(refused.result, 409, 'insufficient_funds');
    expect(refused.viaPipeline).toBe(true);
    expect(await betsOf(short.id)).toHaveLength(0);

    // The service called without a session (no reality check's session to compare): the pipeline, as before.
    const bare = await signedInUser(t);
    await fund(t, bare.id, 10_00n);
    const spy = vi.spyOn(t.app.services.stakes, 'stake');
    const placed = await t.app.services.sports.bets.place({ id: bare.id, currency: 'EUR' }, body, idempotencyKey(), {
      locale: 'en',
      defaultLocale: 'en',
    });
    expect(placed.bet.status).toBe('open');
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('odds that moved while the placement waited for its locks: the pipeline decides, at the new odd', async () => {
    const match = await freshMatch();
    const user = await signedInUser(t);
    await fund(t, user.id, 20_00n);
    const body = await single(match, '10.00');
    const home = body.selections[0]!.outcomeId;
    let pending: ReturnType<typeof place> | undefined;
    // The odds change holds its row lock while the bet starts: on PostgreSQL the read sees the old odd and the
    // statement waits for the lock and finds the odd moved (on PGlite, one connection, the bet waits for the change).
    await t.db.transaction(async (tx) => {
      await tx.update(schema.outcomes).set({ oddThousandths: 2_500 }).where(eq(schema.outcomes.id, home));
      pending = place(user, body);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const refused = expectErrorEnvelope(await pending!, 409, 'odds_changed');
    expect(refused.error.fields).toEqual({ [String(home)]: '2.5' });
    expect(await betsOf(user.id)).toHaveLength(0);
    expect(await mainBalance(t, user.id)).toBe(20_00n);
  });
});

/** A player set up in one of the states the guards and the funding decide from. */
interface PlayerState {
  country: string | null;
  identity: 'none' | 'pending' | 'verified';
  restriction: 'none' | 'timeout' | 'ended' | 'returning' | 'returned' | 'closure';
  /** The player's own reality-check interval (undefined: none chosen). */
  realityMinutes: number | undefined;
  /** How long ago the session started, and whether its check was answered 5 minutes ago. */
  sessionAgeMinutes: number;
  answered: boolean;
  limit: 'none' | 'loss-roomy' | 'loss-tight' | 'wager-tight' | 'wager-roomy';
  bonus: 'none' | 'running';
  main: bigint;
}

const STAKE = 10_00n;

async function playerIn(state: PlayerState): Promise<SignedIn> {
  const user = await signedInUser(t);
  await t.db.update(schema.users).set({ country: state.country }).where(eq(schema.users.id, user.id));
  if (state.main > 0n) await fund(t, user.id, state.main);
  if (state.identity !== 'none') {
    await t.db.insert(schema.kycDocuments).values({
      userId: user.id,
      type: 'identity',
      status: state.identity,
      storageKey: `test/${user.id}`,
      fileName: 'passport.png',
      contentType: 'image/png',
      size: 100,
      sha256: '0'.repeat(64),
    });
  }
  const hours = (n: number) => new Date(now + n * HOUR);
  const restriction = {
    none: null,
    timeout: { kind: 'timeout' as const, duration: '24h', startsAt: hours(-1), endsAt: hours(23) },
    ended: { kind: 'timeout' as const, duration: '24h', startsAt: hours(-30), endsAt: hours(-6) },
    returning: {
      kind: 'timeout' as const,
      duration: '24h',
      startsAt: hours(-30),
      endsAt: hours(-6),
      returnRequestedAt: hours(-2),
      returnsAt: hours(22),
    },
    returned: {
      kind: 'timeout' as const,
      duration: '24h',
      startsAt: hours(-60),
      endsAt: hours(-36),
      returnRequestedAt: hours(-30),
      returnsAt: hours(-6),
    },
    closure: { kind: 'closure' as const, duration: null, startsAt: hours(-1), endsAt: null },
  }[state.restriction];
  if (restriction) await t.db.insert(schema.playerRestrictions).values({ userId: user.id, ...restriction });
  if (state.realityMinutes !== undefined) {
    await t.db
      .insert(schema.playerProtection)
      .values({ userId: user.id, realityCheckMinutes: state.realityMinutes, updatedAt: new Date(now) });
  }
  const [session] = await t.db
    .update(schema.sessions)
    .set({ createdAt: new Date(Date.now() - state.sessionAgeMinutes * MINUTE) })
    .where(eq(schema.sessions.userId, user.id))
    .returning({ id: schema.sessions.id });
  if (state.answered) {
    await t.db
      .insert(schema.sessionRealityChecks)
      .values({ sessionId: session!.id, acknowledgedAt: new Date(Date.now() - 5 * MINUTE), answered: 1 });
  }
  const limit = {
    none: null,
    'loss-roomy': { kind: 'loss' as const, amount: 50_00n },
    'loss-tight': { kind: 'loss' as const, amount: 5_00n },
    'wager-tight': { kind: 'wager' as const, amount: 9_99n },
    'wager-roomy': { kind: 'wager' as const, amount: 10_00n },
  }[state.limit];
  if (limit) {
    await t.db.insert(schema.playerLimits).values({
      userId: user.id,
      kind: limit.kind,
      period: 'day',
      currency: 'EUR',
      amount: limit.amount,
      updatedAt: new Date(now),
    });
  }
  if (state.bonus === 'running') await grantCampaignBonus(t, user.id, { amount: 5_00n, maxBet: 20_00n });
  return user;
}

const CLEAR: PlayerState = {
  country: null,
  identity: 'none',
  restriction: 'none',
  realityMinutes: undefined,
  sessionAgeMinutes: 1,
  answered: false,
  limit: 'none',
  bonus: 'none',
  main: 50_00n,
};

/**
 * Places the same bet for two players in the same state, one as the api does (in one statement where it can) and one
 * through the stake pipeline only; both must end alike: the same answer, the same money moved, the same bets.
 */
async function expectSameAsPipeline(state: PlayerState, match: number) {
  const body = await single(match, '10.00');
  const fast = await playerIn(state);
  const slow = await playerIn(state);
  const one = await watched(() => place(fast, body));
  const two = await throughPipeline(() => place(slow, body));
  expect(answerOf(one.result), one.result.body).toEqual(answerOf(two));
  expect(await mainBalance(t, fast.id)).toBe(await mainBalance(t, slow.id));
  const [fastBets, slowBets] = [await betsOf(fast.id), await betsOf(slow.id)];
  expect(fastBets).toHaveLength(slowBets.length);
  if (one.result.statusCode === 201) {
    expect(comparable(await moneyOf(fastBets[0]!.id), fast.id)).toEqual(
      comparable(await moneyOf(slowBets[0]!.id), slow.id),
    );
  }
  return { answer: one.result, viaPipeline: one.viaPipeline };
}

describe('player protection on the placement in one statement', () => {
  const cases: { name: string; state: Partial<PlayerState>; code: string | null; fast: boolean }[] = [
    { name: 'a clear player: placed in one statement', state: {}, code: null, fast: true },
    { name: 'a time-out in force', state: { restriction: 'timeout' }, code: 'player_restricted', fast: false },
    { name: 'a closed account', state: { restriction: 'closure' }, code: 'player_restricted', fast: false },
    { name: 'a break ended, no return asked', state: { restriction: 'ended' }, code: 'player_restricted', fast: false },
    { name: 'a return not yet in effect', state: { restriction: 'returning' }, code: 'player_restricted', fast: false },
    { name: 'a return in effect: free again', state: { restriction: 'returned' }, code: null, fast: true },
    {
      name: 'unverified where real play needs it',
      state: { country: 'GB' },
      code: 'verification_required',
      fast: false,
    },
    {
      name: 'identity pending where real play needs it',
      state: { country: 'GB', identity: 'pending' },
      code: 'verification_required',
      fast: false,
    },
    {
      name: 'verified where real play needs it',
      state: { country: 'GB', identity: 'verified' },
      code: null,
      fast: true,
    },
    {
      name: "a reality check due (the profile's 60 minutes)",
      state: { country: 'GB', identity: 'verified', sessionAgeMinutes: 61 },
      code: 'reality_check_due',
      fast: false,
    },
    {
      name: 'a reality check answered since',
      state: { country: 'GB', identity: 'verified', sessionAgeMinutes: 61, answered: true },
      code: null,
      fast: true,
    },
    {
      name: "a reality check due at the player's own interval",
      state: { realityMinutes: 30, sessionAgeMinutes: 31 },
      code: 'reality_check_due',
      fast: false,
    },
    {
      name: 'reality checks switched off by the player',
      state: { country: 'MT', realityMinutes: 0, sessionAgeMinutes: 600 },
      code: null,
      fast: true,
    },
    { name: 'a loss limit the stake breaks', state: { limit: 'loss-tight' }, code: 'limit_exceeded', fast: false },
    { name: 'a wager limit the stake breaks', state: { limit: 'wager-tight' }, code: 'limit_exceeded', fast: false },
    { name: 'a loss limit with room: the pipeline sums it', state: { limit: 'loss-roomy' }, code: null, fast: false },
    { name: 'a wager limit just met: the pipeline sums it', state: { limit: 'wager-roomy' }, code: null, fast: false },
    { name: 'too little main money', state: { main: 9_99n }, code: 'insufficient_funds', fast: false },
    { name: 'a running bonus', state: { bonus: 'running', main: 5_00n }, code: null, fast: false },
  ];
  for (const { name, state, code, fast } of cases) {
    it(`${name}: ${code ?? 'placed'}, as the pipeline answers`, async () => {
      const match = await freshMatch();
      const { answer, viaPipeline } = await expectSameAsPipeline({ ...CLEAR, ...state }, match);
      expect(answer.statusCode, answer.body).toBe(code === null ? 201 : answer.statusCode);
      if (code !== null) expect(answerOf(answer)).toMatchObject({ code });
      expect(viaPipeline).toBe(!fast);
    });
  }

  it('random player states: the api and the pipeline alone place the same bets and refuse with the same errors', async () => {
    // A small deterministic generator (mulberry32): the same states on every run.
    let seed = 0x5eed_2023;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
    };
    const one = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
    const match = await freshMatch();
    let fastCount = 0;
    let refusedCount = 0;
    for (let round = 0; round < 24; round++) {
      const state: PlayerState = {
        country: one([null, null, 'GB', 'MT']),
        identity: one(['none', 'pending', 'verified', 'verified'] as const),
        restriction: one(['none', 'none', 'none', 'timeout', 'ended', 'returning', 'returned', 'closure'] as const),
        realityMinutes: one([undefined, undefined, 0, 30, 120]),
        sessionAgeMinutes: one([1, 31, 61, 200]),
        answered: one([false, true]),
        limit: one(['none', 'none', 'none', 'loss-roomy', 'loss-tight', 'wager-tight', 'wager-roomy'] as const),
        bonus: one(['none', 'none', 'none', 'running'] as const),
        main: one([0n, 9_99n, STAKE, 50_00n, 50_00n]),
      };
      const { answer, viaPipeline } = await expectSameAsPipeline(state, match);
      if (!viaPipeline) fastCount++;
      if (answer.statusCode !== 201) refusedCount++;
    }
    // The states cover both paths and refusals as well as placements.
    expect(fastCount).toBeGreaterThan(0);
    expect(refusedCount).toBeGreaterThan(0);
    expect(refusedCount).toBeLessThan(24);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });
});

describe('sports_place_bet re-checks under its locks what the api decided on', () => {
  /** The read a placement makes, then `change`, then the statement with what the read said: its outcome. */
  async function afterChange(
    user: SignedIn,
    matchId: number,
    change: (read: PlaceRead) => Promise<void>,
    options: { guardMs?: number | null; key?: string; betId?: string } = {},
  ) {
    const body = await single(matchId, '10.00');
    const [session] = await t.db
      .select({ id: schema.sessions.id })
      .from(schema.sessions)
      .where(eq(schema.sessions.userId, user.id));
    const key = options.key ?? idempotencyKey();
    const outcomeIds = body.selections.map((selection) => selection.outcomeId);
    const read = await placeLookup(t.db)({
      userId: user.id,
      idempotencyKey: key,
      outcomeIds,
      sessionId: session!.id,
      currency: 'EUR',
    });
    expect(t.app.services.stakes.clearance(read.guardState, user.id)).not.toBeNull();
    await change(read);
    const [book] = JSON.parse(read.book) as { match_id: number; odd_thousandths: number }[];
    const betId = options.betId ?? crypto.randomUUID();
    const transfer = t.app.services.stakes.mainMoneyStake({
      product: 'sports',
      transferKey: `bet:${betId}`,
      userId: user.id,
      currency: 'EUR',
      amount: STAKE,
      metadata: { betId, kind: 'single' },
    });
    const placed = await placeInOneStatement(t.db)({
      betId,
      userId: user.id,
      idempotencyKey: key,
      requestHash: 'hash',
      kind: 'single',
      stake: STAKE,
      currency: 'EUR',
      totalOddThousandths: BigInt(book!.odd_thousandths),
      potentialPayout: (STAKE * BigInt(book!.odd_thousandths)) / 1000n,
      oddsChangePolicy: 'none',
      placedAt: new Date(),
      outcomeIds,
      matchIds: [book!.match_id],
      odds: [book!.odd_thousandths],
      liveMatchIds: [],
      sessionId: session!.id,
      guardState: read.guardState,
      guardMs: options.guardMs === undefined ? null : options.guardMs,
      sourceKey: `sports:${betId}`,
      stakeAt: new Date(),
      transfer,
    });
    return { outcome: placed.outcome, betId };
  }

  /** That the statement wrote nothing for the bet: no row, no selections, no stake, no transfer. */
  async function expectNothingWritten(betId: string) {
    const money = await moneyOf(betId);
    expect(money.bet).toBeUndefined();
    expect(money.selections).toEqual([]);
    expect(money.stake).toBeUndefined();
    expect(money.transfer).toBeUndefined();
  }

  async function clearPlayer() {
    const user = await signedInUser(t);
    await fund(t, user.id, 50_00n);
    return user;
  }

  it('unchanged: places the bet', async () => {
    const user = await clearPlayer();
    const { outcome, betId } = await afterChange(user, await freshMatch(), async () => {});
    expect(outcome).toBe('done');
    expect((await moneyOf(betId)).bet).toMatchObject({ status: 'open', stake: STAKE });
    expect(await mainBalance(t, user.id)).toBe(40_00n);
  });

  const guardChanges: [string, (user: SignedIn) => Promise<void>][] = [
    [
      'a time-out taken',
      async (user) => {
        await t.db.insert(schema.playerRestrictions).values({
          userId: user.id,
          kind: 'timeout',
          duration: '24h',
          startsAt: new Date(),
          endsAt: new Date(Date.now() + 24 * HOUR),
        });
      },
    ],
    [
      'a loss limit set',
      async (user) => {
        await t.db.insert(schema.playerLimits).values({
          userId: user.id,
          kind: 'loss',
          period: 'day',
          currency: 'EUR',
          amount: 1_00n,
          updatedAt: new Date(),
        });
      },
    ],
    [
      'a reality-check interval chosen',
      async (user) => {
        await t.db
          .insert(schema.playerProtection)
          .values({ userId: user.id, realityCheckMinutes: 30, updatedAt: new Date() });
      },
    ],
    [
      'the country changed to one whose profile asks for verification',
      async (user) => {
        await t.db.update(schema.users).set({ country: 'GB' }).where(eq(schema.users.id, user.id));
      },
    ],
    [
      'a bonus accepted',
      async (user) => {
        await grantCampaignBonus(t, user.id, { amount: 5_00n });
      },
    ],
    [
      'main money spent elsewhere',
      async (user) => {
        await t.app.services.wallet.transfer({
          idempotencyKey: `spent:${user.id}`,
          kind: 'withdrawal_request',
          currency: 'EUR',
          legs: [
            { account: { userId: user.id, kind: 'main' }, amount: -45_00n },
            { account: { house: 'world' }, amount: 45_00n },
          ],
        });
      },
    ],
  ];
  for (const [name, change] of guardChanges) {
    it(`${name} since the read: steps aside to the pipeline, having written nothing`, async () => {
      const user = await clearPlayer();
      const before = await mainBalance(t, user.id);
      const { outcome, betId } = await afterChange(user, await freshMatch(), () => change(user));
      expect(outcome).toBe('pipeline');
      await expectNothingWritten(betId);
      expect(await betsOf(user.id)).toHaveLength(0);
      if (name !== 'main money spent elsewhere') expect(await mainBalance(t, user.id)).toBe(before);
    });
  }

  it('a reality check falling due while the statement runs: steps aside, having written nothing', async () => {
    const user = await clearPlayer();
    const { outcome, betId } = await afterChange(user, await freshMatch(), async () => {}, { guardMs: 0 });
    expect(outcome).toBe('pipeline');
    await expectNothingWritten(betId);
    expect(await mainBalance(t, user.id)).toBe(50_00n);
  });

  it('the odd moved or the market suspended since the read: moved, having written nothing', async () => {
    const user = await clearPlayer();
    const match = await freshMatch();
    const home = (await outcomesOf(match))['1']!.outcomeId;
    const odd = await afterChange(user, match, async () => {
      await t.db.update(schema.outcomes).set({ oddThousandths: 2_500 }).where(eq(schema.outcomes.id, home));
    });
    expect(odd.outcome).toBe('moved');
    await expectNothingWritten(odd.betId);
    const suspended = await afterChange(user, match, async () => {
      await t.db.update(schema.outcomes).set({ status: 'suspended' }).where(eq(schema.outcomes.id, home));
    });
    expect(suspended.outcome).toBe('moved');
    await expectNothingWritten(suspended.betId);
    expect(await mainBalance(t, user.id)).toBe(50_00n);
  });

  it("a stake record already under the bet's source key: steps aside to the pipeline, having written nothing", async () => {
    const user = await clearPlayer();
    const betId = crypto.randomUUID();
    const { outcome } = await afterChange(
      user,
      await freshMatch(),
      async () => {
        // What no placement writes today (the key is the new bet's), so what a fault elsewhere would have left.
        await t.db.insert(schema.stakes).values({
          sourceKey: `sports:${betId}`,
          userId: user.id,
          product: 'sports',
          currency: 'EUR',
          gameType: 'sports',
          amount: 1_00n,
          main: 1_00n,
          bonus: 0n,
          freeSpin: 0n,
          stakeTransferId: 0,
        });
      },
      { betId },
    );
    expect(outcome).toBe('pipeline');
    const money = await moneyOf(betId);
    expect(money.bet).toBeUndefined();
    expect(money.selections).toEqual([]);
    expect(money.transfer).toBeUndefined();
    // The record that was there, untouched; the player's money and bets as before.
    expect(money.stake).toMatchObject({ amount: 1_00n, stakeTransferId: 0, status: 'open' });
    expect(await betsOf(user.id)).toHaveLength(0);
    expect(await mainBalance(t, user.id)).toBe(50_00n);
    // The player's next bet through the api (a bet id of its own) is placed with its own stake record.
    const match = await freshMatch();
    const placedResponse = await place(user, await single(match, '10.00'), idempotencyKey());
    expect(placedResponse.statusCode).toBe(201);
    const { bet } = placeBetResponseSchema.parse(placedResponse.json());
    expect((await moneyOf(bet.id)).stake).toMatchObject({ amount: STAKE, main: STAKE });
    expect(await mainBalance(t, user.id)).toBe(40_00n);
    // The planted record has no transfer behind it: gone again, so the ledger's invariants hold for the tests after.
    await t.db.delete(schema.stakes).where(eq(schema.stakes.sourceKey, `sports:${betId}`));
  });

  it('the key placed by a twin since the read: twin, having written nothing more', async () => {
    const user = await clearPlayer();
    const match = await freshMatch();
    const key = idempotencyKey();
    const { outcome, betId } = await afterChange(
      user,
      match,
      async () => {
        expect((await place(user, await single(match, '10.00'), key)).statusCode).toBe(201);
      },
      { key },
    );
    expect(outcome).toBe('twin');
    await expectNothingWritten(betId);
    expect(await betsOf(user.id)).toHaveLength(1);
    expect(await mainBalance(t, user.id)).toBe(40_00n);
  });
});
