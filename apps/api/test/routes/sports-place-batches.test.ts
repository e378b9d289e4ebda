import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { placeBetResponseSchema, type PlaceBetBody } from '@playhouse/shared';
import { sportsPlaceBatchFallbacks, sportsPlaceBatches } from '../../src/lib/metrics';
import { rowsOf } from '../../src/lib/sql-rows';
import {
  batchedPlacement,
  placeInOneStatement,
  placeInOneStatementBatch,
  placeLookup,
  type OneStatementPlacement,
} from '../../src/services/sports/bet-place-queries';
import { z } from 'zod';
import { ledgerViolations, NO_VIOLATIONS } from '../helpers/ledger-invariants';
import { englishBook, footballMatch } from '../helpers/sports-fixtures';
import { onPostgres } from '../helpers/test-db';
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
 * Placements in one statement batched (migration 0047, `sports_place_bets`): the placements the api decided in one turn
 * go to the database as one call, each decided alone as `sports_place_bet` decides it. These tests hold the batch to
 * the single statement: the same writes, each bet's own outcome whatever the others', duplicate keys, racing batches,
 * a failed batch's placements run alone, and (PostgreSQL) a batch's session killed while it waits for a lock.
 */

let t: SportsTestApp;
const now = Date.now();
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildSportsApp({ TEST_CLOCK: 'on' });
  expect((await pushFeed(t, englishBook(now))).statusCode).toBe(200);
});
afterAll(async () => t.close());

let nextMatchId = 9_500_000;
async function freshMatch() {
  const id = ++nextMatchId;
  expect((await pushFeed(t, { matches: [footballMatch(id, now + 2 * HOUR)] })).statusCode).toBe(200);
  return id;
}

/** The match's open outcomes with their odds as stored. */
async function outcomesOf(matchId: number) {
  return t.db
    .select({ outcomeId: schema.outcomes.id, odd: schema.outcomes.oddThousandths })
    .from(schema.outcomes)
    .innerJoin(schema.markets, eq(schema.markets.id, schema.outcomes.marketId))
    .where(eq(schema.markets.matchId, matchId))
    .orderBy(schema.outcomes.id);
}

async function sessionOf(user: SignedIn) {
  const [session] = await t.db
    .select({ id: schema.sessions.id })
    .from(schema.sessions)
    .where(eq(schema.sessions.userId, user.id));
  return session!.id;
}

async function player(balance: bigint) {
  const user = await signedInUser(t);
  await fund(t, user.id, balance);
  return { user, session: await sessionOf(user) };
}

/**
 * A placement in one statement as the api would send it after its read: the player's guard state as read now, the
 * selections at their stored odds (`odd` overrides the first one's).
 */
async function placement(
  who: { user: SignedIn; session: number },
  outcomes: { outcomeId: number; odd: number }[],
  matchId: number,
  options: { stake?: bigint; key?: string; odd?: number } = {},
): Promise<OneStatementPlacement> {
  const stake = options.stake ?? 10_00n;
  const key = options.key ?? idempotencyKey();
  const read = await placeLookup(t.db)({
    userId: who.user.id,
    idempotencyKey: key,
    outcomeIds: outcomes.map((outcome) => outcome.outcomeId),
    sessionId: who.session,
    currency: 'EUR',
  });
  expect(t.app.services.stakes.clearance(read.guardState, who.user.id)).not.toBeNull();
  const odds = outcomes.map((outcome, index) => (index === 0 && options.odd ? options.odd : outcome.odd));
  const total = odds.reduce((product, odd) => (product * BigInt(odd)) / 1000n, 1000n);
  const betId = randomUUID();
  return {
    betId,
    userId: who.user.id,
    idempotencyKey: key,
    requestHash: 'hash',
    kind: outcomes.length === 1 ? 'single' : 'accumulator',
    stake,
    currency: 'EUR',
    totalOddThousandths: total,
    potentialPayout: (stake * total) / 1000n,
    oddsChangePolicy: 'none',
    placedAt: new Date(),
    outcomeIds: outcomes.map((outcome) => outcome.outcomeId),
    matchIds: outcomes.map(() => matchId),
    odds,
    liveMatchIds: [],
    sessionId: who.session,
    guardState: read.guardState,
    guardMs: null,
    sourceKey: `sports:${betId}`,
    stakeAt: new Date(),
    transfer: t.app.services.stakes.mainMoneyStake({
      product: 'sports',
      transferKey: `bet:${betId}`,
      userId: who.user.id,
      currency: 'EUR',
      amount: stake,
      metadata: { betId, kind: outcomes.length === 1 ? 'single' : 'accumulator' },
    }),
  };
}

/** Everything a bet leaves: its row, selections, stake record and transfer legs (ids and times aside). */
async function written(betId: string) {
  const [bet] = await t.db.select().from(schema.bets).where(eq(schema.bets.id, betId));
  const selections = await t.db
    .select({ outcomeId: schema.betSelections.outcomeId, odd: schema.betSelections.oddThousandths })
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
        .select({ kind: schema.ledgerAccounts.kind, amount: schema.ledgerEntries.amount })
        .from(schema.ledgerEntries)
        .innerJoin(schema.ledgerAccounts, eq(schema.ledgerAccounts.id, schema.ledgerEntries.accountId))
        .where(eq(schema.ledgerEntries.transferId, transfer.id))
        .orderBy(schema.ledgerEntries.id)
    : [];
  return {
    bet: bet && { ...bet, id: 'id', userId: 'user', idempotencyKey: 'key', placedAt: 'at' },
    selections,
    stake: stake && {
      ...stake,
      id: 'id',
      sourceKey: 'key',
      userId: 'user',
      stakeTransferId: 'transfer',
      createdAt: 'at',
    },
    transfer: transfer && {
      ...transfer,
      id: 'id',
      idempotencyKey: 'key',
      requestHash: 'hash',
      metadata: 'metadata',
      createdAt: 'at',
    },
    legs,
  };
}

async function expectNothingWritten(betId: string) {
  const money = await written(betId);
  expect(money).toEqual({ bet: undefined, selections: [], stake: undefined, transfer: undefined, legs: [] });
}

const batch = () => placeInOneStatementBatch(t.db);
const alone = () => placeInOneStatement(t.db);

describe('sports_place_bets: each placement decided alone, as sports_place_bet decides it', () => {
  it('places every bet of a batch and writes what sports_place_bet writes', async () => {
    const match = await freshMatch();
    const second = await freshMatch();
    const [home] = await outcomesOf(match);
    const [other] = await outcomesOf(second);
    const a = await player(100_00n);
    const b = await player(100_00n);
    const single = await player(100_00n);
    const requests = [
      await placement(a, [home!], match),
      await placement(b, [home!], match),
      await placement(a, [home!], match, { stake: 5_00n }),
    ];
    const accumulator = await placement(b, [home!, other!], match);
    accumulator.matchIds = [match, second];
    requests.push(accumulator);
    const answers = await batch()(requests);
    expect(answers.map((answer) => answer.outcome)).toEqual(['done', 'done', 'done', 'done']);
    for (const [index, answer] of answers.entries()) {
      if (answer.outcome !== 'done') continue;
      const ids = (JSON.parse(answer.book) as { outcome_id: number }[]).map((row) => row.outcome_id).sort();
      expect(ids).toEqual([...requests[index]!.outcomeIds].sort());
    }
    // The same bet through sports_place_bet writes the same rows.
    const reference = await placement(single, [home!], match);
    expect((await alone()(reference)).outcome).toBe('done');
    expect(await written(requests[0]!.betId)).toEqual(await written(reference.betId));
    expect((await written(accumulator.betId)).selections).toEqual([
      { outcomeId: home!.outcomeId, odd: home!.odd },
      { outcomeId: other!.outcomeId, odd: other!.odd },
    ]);
    expect(await mainBalance(t, a.user.id)).toBe(85_00n);
    expect(await mainBalance(t, b.user.id)).toBe(80_00n);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('a bet refused in a batch steps aside alone, having written nothing; the others are placed', async () => {
    const match = await freshMatch();
    const [home, draw] = await outcomesOf(match);
    const rich = await player(100_00n);
    const poor = await player(15_00n);
    const timedOut = await player(100_00n);
    const requests = [
      await placement(rich, [home!], match),
      await placement(poor, [home!], match),
      // The poor player's second bet finds the money the first one left: too little.
      await placement(poor, [draw!], match),
      // Priced at an odd the book does not have.
      await placement(rich, [draw!], match, { odd: draw!.odd + 10 }),
      await placement(timedOut, [home!], match),
      await placement(rich, [draw!], match),
    ];
    // The guard's inputs change after the read: a time-out.
    await t.db.insert(schema.playerRestrictions).values({
      userId: timedOut.user.id,
      kind: 'timeout',
      duration: '24h',
      startsAt: new Date(Date.now() - 1000),
      endsAt: new Date(Date.now() + HOUR),
    });
    const answers = await batch()(requests);
    expect(answers.map((answer) => answer.outcome)).toEqual(['done', 'done', 'pipeline', 'moved', 'pipeline', 'done']);
    for (const index of [2, 3, 4]) await expectNothingWritten(requests[index]!.betId);
    expect(await mainBalance(t, rich.user.id)).toBe(80_00n);
    expect(await mainBalance(t, poor.user.id)).toBe(5_00n);
    expect(await mainBalance(t, timedOut.user.id)).toBe(100_00n);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('duplicate keys: a copy of a placed bet is its twin, of a refused one the pipeline, of a stored one a twin', async () => {
    const match = await freshMatch();
    const [home] = await outcomesOf(match);
    const rich = await player(100_00n);
    const poor = await player(5_00n);
    const stored = await placement(rich, [home!], match);
    expect((await alone()(stored)).outcome).toBe('done');
    const key = idempotencyKey();
    const refusedKey = idempotencyKey();
    const first = await placement(rich, [home!], match, { key });
    const copy = await placement(rich, [home!], match, { key });
    const refused = await placement(poor, [home!], match, { key: refusedKey });
    const refusedCopy = await placement(poor, [home!], match, { key: refusedKey, stake: 5_00n });
    const storedCopy = await placement(rich, [home!], match, { key: stored.idempotencyKey });
    const answers = await batch()([first, copy, refused, refusedCopy, storedCopy]);
    expect(answers.map((answer) => answer.outcome)).toEqual(['done', 'twin', 'pipeline', 'pipeline', 'twin']);
    for (const request of [copy, refused, refusedCopy, storedCopy]) await expectNothingWritten(request.betId);
    const keyed = await t.db.select().from(schema.bets).where(eq(schema.bets.idempotencyKey, key));
    expect(keyed.map((row) => row.id)).toEqual([first.betId]);
    // The refused key is free: the pipeline (here the single statement) places its copy afterwards.
    expect((await alone()(refusedCopy)).outcome).toBe('done');
    expect(await mainBalance(t, rich.user.id)).toBe(80_00n);
    expect(await mainBalance(t, poor.user.id)).toBe(0n);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('racing batches over the same players in different orders: every bet placed once, no deadlock', async () => {
    const match = await freshMatch();
    const [home, draw, away] = await outcomesOf(match);
    const players = await Promise.all(Array.from({ length: 6 }, () => player(100_00n)));
    const batches: OneStatementPlacement[][] = [];
    for (let round = 0; round < 6; round++) {
      const order = round % 2 === 0 ? players : [...players].reverse();
      const outcome = [home!, draw!, away!][round % 3]!;
      batches.push(await Promise.all(order.map((who) => placement(who, [outcome], match, { stake: 1_00n }))));
    }
    const answers = await Promise.all(batches.map((requests) => batch()(requests)));
    expect(answers.flat().every((answer) => answer.outcome === 'done')).toBe(true);
    for (const who of players) expect(await mainBalance(t, who.user.id)).toBe(94_00n);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });
});

describe('placements batched per turn', () => {
  async function body(matchId: number): Promise<PlaceBetBody> {
    const [home] = await outcomesOf(matchId);
    return {
      kind: 'single',
      stake: '2.00',
      oddsChangePolicy: 'none',
      selections: [{ outcomeId: home!.outcomeId, odd: home!.odd / 1000 }],
    };
  }

  function place(user: SignedIn, slip: PlaceBetBody, key = idempotencyKey()) {
    return t.app.inject({
      method: 'POST',
      url: '/spa/sports/bets',
      headers: { ...user.headers, 'idempotency-key': key },
      payload: slip,
    });
  }

  const calls = async () =>
    (await sportsPlaceBatches.get()).values.find((v) => v.metricName?.endsWith('_count'))?.value ?? 0;
  const fallbacks = async () => (await sportsPlaceBatchFallbacks.get()).values[0]?.value ?? 0;

  /** Placements asked for at once through the api (whether they meet in one turn is the driver's timing). */
  async function together(users: SignedIn[], slip: PlaceBetBody) {
    return Promise.all(users.map((user) => place(user, slip)));
  }

  it('a failed batch places each of its bets alone: every caller answered once, each bet placed once', async () => {
    const match = await freshMatch();
    const [home] = await outcomesOf(match);
    const players = await Promise.all(Array.from({ length: 4 }, () => player(10_00n)));
    const requests = await Promise.all(players.map((who) => placement(who, [home!], match, { stake: 2_00n })));
    const placeOne = batchedPlacement(t.db);
    // Any statement inserting more than one bet at once fails: the batch's, never a placement alone.
    await t.db.execute(sql`create function test_one_bet_at_a_time() returns trigger language plpgsql as $$
      begin
        if (select count(*) from inserted) > 1 then raise exception 'test: one bet at a time'; end if;
        return null;
      end $$`);
    await t.db.execute(sql`create trigger test_one_bet_at_a_time after insert on bets
      referencing new table as inserted for each statement execute function test_one_bet_at_a_time()`);
    try {
      const [callsBefore, fallbacksBefore] = [await calls(), await fallbacks()];
      // Asked for in one turn: one call of sports_place_bets, which fails; then each alone.
      const answers = await Promise.all(requests.map((request) => placeOne(request)));
      expect(answers.map((answer) => answer.outcome)).toEqual(['done', 'done', 'done', 'done']);
      expect((await calls()) - callsBefore).toBe(1);
      expect((await fallbacks()) - fallbacksBefore).toBe(1);
      for (const request of requests) expect((await written(request.betId)).bet).toMatchObject({ stake: 2_00n });
      for (const who of players) expect(await mainBalance(t, who.user.id)).toBe(8_00n);
    } finally {
      await t.db.execute(sql`drop trigger test_one_bet_at_a_time on bets`);
      await t.db.execute(sql`drop function test_one_bet_at_a_time()`);
    }
    // Without the failure, a turn's placements are one call, each answered.
    const [callsBefore, fallbacksBefore] = [await calls(), await fallbacks()];
    const more = await Promise.all(players.map((who) => placement(who, [home!], match, { stake: 2_00n })));
    const answers = await Promise.all(more.map((request) => placeOne(request)));
    expect(answers.map((answer) => answer.outcome)).toEqual(['done', 'done', 'done', 'done']);
    expect((await calls()) - callsBefore).toBe(1);
    expect((await fallbacks()) - fallbacksBefore).toBe(0);
    for (const who of players) expect(await mainBalance(t, who.user.id)).toBe(6_00n);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('players placing at once: each bet placed once, each answer its own', async () => {
    const match = await freshMatch();
    const slip = await body(match);
    const users = await Promise.all(Array.from({ length: 8 }, async () => (await player(10_00n)).user));
    const answers = await together([...users, ...users], slip);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(16).fill(201));
    const ids = answers.map((answer) => placeBetResponseSchema.parse(answer.json()).bet.id);
    expect(new Set(ids).size).toBe(16);
    for (const user of users) expect(await mainBalance(t, user.id)).toBe(6_00n);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });
});

describe.runIf(onPostgres)('sports_place_bets against other sessions (PostgreSQL)', () => {
  async function otherSession() {
    const [database] = rowsOf(
      await t.db.execute(sql`select current_database() as name`),
      z.object({ name: z.string() }),
    );
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${database!.name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    return client;
  }

  async function batchWaitingForALock(): Promise<number> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const [row] = rowsOf(
        await t.db.execute(sql`select pid from pg_stat_activity where datname = current_database()
          and query like '%sports_place_bets(%' and wait_event_type = 'Lock'`),
        z.object({ pid: z.coerce.number() }),
      );
      if (row) return row.pid;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('no batch waited for a lock');
  }

  it('a batch whose session is killed while it waits for an account (its bets inserted) leaves nothing', async () => {
    const match = await freshMatch();
    const [home] = await outcomesOf(match);
    const a = await player(50_00n);
    const b = await player(50_00n);
    const requests = [await placement(a, [home!], match), await placement(b, [home!], match)];
    const holder = await otherSession();
    try {
      await holder.query('begin');
      await holder.query('select 1 from ledger_accounts where user_id = $1 for update', [b.user.id]);
      const running = batch()(requests).then(
        () => 'answered',
        () => 'failed',
      );
      const pid = await batchWaitingForALock();
      // The batch has inserted its bets (phase 2) and waits for b's account (phase 5).
      await t.db.execute(sql`select pg_terminate_backend(${pid})`);
      expect(await running).toBe('failed');
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    for (const request of requests) await expectNothingWritten(request.betId);
    // Alone, afterwards, each is placed once.
    for (const request of requests) expect((await alone()(request)).outcome).toBe('done');
    expect(await mainBalance(t, a.user.id)).toBe(40_00n);
    expect(await mainBalance(t, b.user.id)).toBe(40_00n);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('a batch and the stake pipeline racing for one key: one bet, no deadlock', async () => {
    const match = await freshMatch();
    const [home, draw] = await outcomesOf(match);
    const a = await player(50_00n);
    const b = await player(50_00n);
    const key = idempotencyKey();
    const holder = await otherSession();
    try {
      // Another session inserts b's key first and holds it, as the pipeline's transaction would, then waits for b's
      // accounts only after the batch has asked for the key.
      await holder.query('begin');
      const twin = await placement(b, [draw!], match, { key });
      await holder.query(
        `insert into bets (id, user_id, kind, stake, currency, total_odd_thousandths, potential_payout,
          odds_change_policy, idempotency_key, request_hash, placed_at)
         values ($1, $2, 'single', 100, 'EUR', 2000, 200, 'none', $3, 'other', now())`,
        [twin.betId, b.user.id, key],
      );
      const requests = [await placement(a, [home!], match), await placement(b, [home!], match, { key })];
      const running = batch()(requests);
      await batchWaitingForALock();
      await holder.query('select 1 from ledger_accounts where user_id = $1 order by id for update', [b.user.id]);
      await holder.query('commit');
      const answers = await running;
      expect(answers.map((answer) => answer.outcome)).toEqual(['done', 'twin']);
      await expectNothingWritten(requests[1]!.betId);
    } finally {
      await holder.end();
    }
    expect(await mainBalance(t, a.user.id)).toBe(40_00n);
    expect(await mainBalance(t, b.user.id)).toBe(50_00n);
  });
});
