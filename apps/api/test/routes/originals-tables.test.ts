import { and, count, eq, isNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import {
  mapTableStakes,
  playFairTableRound,
  tableInputFromJson,
  verifyTableRound,
  type BlackjackView,
  type TableRoundInput,
  type TableRoundState,
} from '@playhouse/games';
import {
  formatMinor,
  openTableRoundResponseSchema,
  originalsRoundsResponseSchema,
  originalsSessionResponseSchema,
  parseDecimal,
  rotateSeedResponseSchema,
  tableRoundResponseSchema,
  type TableRoundResponse,
} from '@playhouse/shared';
import { ORIGINALS_SETTLEMENT_JOB } from '../../src/services/originals/originals-jobs';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import {
  balances,
  buildCasinoApp,
  fund,
  launchToken,
  signedInPlayer,
  SITE_ORIGIN,
  type CasinoTestApp,
  type Player,
} from '../helpers/games-fixtures';
import { ledgerViolations, NO_VIOLATIONS } from '../helpers/ledger-invariants';

/*
 * Table rounds through the seamless wallet: one bet for the first bets, one per action that adds a stake, one win at
 * the end, each exactly once whatever the retries, the races and the wallet's answers. The tests read the server
 * seed the database holds and pick a client seed that deals the hand they need, as a player could by choosing theirs.
 */

let t: CasinoTestApp;
/** Wallet answers to lose on their way back: the wallet applies the call, the host never hears of it. */
let lose: { url: string; times: number } | null = null;

beforeAll(async () => {
  t = await buildCasinoApp(
    {},
    {
      beforeReady: (app) => {
        app.addHook('onSend', async (request, reply, payload) => {
          if (lose && lose.url === request.url && lose.times > 0) {
            lose.times -= 1;
            reply.code(502);
            return '{"error":"connection reset"}';
          }
          return payload;
        });
      },
    },
  );
});
afterAll(async () => {
  await t.close();
});

type Table = { token: string; headers: Record<string, string>; player: Player };

async function openTable(slug: string, player: Player, mode: 'real' | 'demo' = 'real'): Promise<Table> {
  const launch =
    mode === 'real'
      ? await launchToken(t, player, slug)
      : (
          (
            await t.app.inject({
              method: 'POST',
              url: `/spa/games/${slug}/launch`,
              headers: player.headers,
              payload: { mode: 'demo' },
            })
          ).json() as { launch: { token: string } }
        ).launch.token;
  const opened = await t.app.inject({
    method: 'POST',
    url: '/spa/games/originals/sessions',
    headers: { origin: SITE_ORIGIN },
    payload: { launchToken: launch },
  });
  expect(opened.statusCode).toBe(201);
  const { token } = originalsSessionResponseSchema.parse(opened.json()).session;
  return { token, headers: { origin: SITE_ORIGIN, 'x-game-session': token }, player };
}

/** A funded player at a table, real money. */
async function seated(slug = 'blackjack-classic', money = 10_000n): Promise<Table> {
  const player = await signedInPlayer(t);
  await fund(t, player.id, money);
  return openTable(slug, player);
}

const start = (table: Table, body: object) =>
  t.app.inject({ method: 'POST', url: '/spa/games/originals/tables/rounds', headers: table.headers, payload: body });
const act = (table: Table, roundId: number, index: number, action: object) =>
  t.app.inject({
    method: 'POST',
    url: `/spa/games/originals/tables/rounds/${roundId}/actions`,
    headers: table.headers,
    payload: { index, action },
  });
const parsed = (response: { json: () => unknown }): TableRoundResponse =>
  tableRoundResponseSchema.parse(response.json());

async function activeSeedOf(table: Table) {
  const [seed] = await t.db
    .select()
    .from(schema.originalsSeeds)
    .where(and(eq(schema.originalsSeeds.userId, table.player.id), isNull(schema.originalsSeeds.revealedAt)));
  if (seed) return seed;
  // The session opened the seed already; a player without one gets it on their first round.
  throw new Error('no active seed');
}

/**
 * Sets the player's client seed to one that deals, at their next nonce, a round `wanted` accepts (searched here as a
 * player could search offline once the server seed is revealed; the test reads it from the database instead).
 */
async function dealWhere(table: Table, input: TableRoundInput, wanted: (state: TableRoundState) => boolean) {
  const seed = await activeSeedOf(table);
  for (let attempt = 0; attempt < 20_000; attempt += 1) {
    const clientSeed = `deal-${attempt}`;
    const state = await playFairTableRound(
      { serverSeed: seed.serverSeed, clientSeed, nonce: seed.nextNonce },
      structuredClone(input),
    );
    if (wanted(state)) {
      await t.db.update(schema.originalsSeeds).set({ clientSeed }).where(eq(schema.originalsSeeds.id, seed.id));
      return state;
    }
  }
  throw new Error('no client seed deals that');
}

const BLACKJACK_100: TableRoundInput = { game: 'blackjack', bets: { boxes: [1_000n] }, actions: [] };
/** A hand to play: no insurance offered, no blackjack on either side. */
const playable = (state: TableRoundState) => !state.finished && state.allowedActions.includes('hit');
const pair = (state: TableRoundState) => playable(state) && state.allowedActions.includes('split');
const noPair = (state: TableRoundState) => playable(state) && !state.allowedActions.includes('split');

async function walletCalls(walletRoundId: string) {
  const rows = await t.db
    .select({ type: schema.providerTransactions.type, status: schema.providerTransactions.status })
    .from(schema.providerTransactions)
    .where(eq(schema.providerTransactions.roundId, walletRoundId));
  const counted = { bet: 0, win: 0, rollback: 0, refused: 0 };
  for (const row of rows) {
    if (row.status === 'refused') counted.refused += 1;
    else counted[row.type] += 1;
  }
  return counted;
}

async function roundRow(id: number) {
  const [row] = await t.db.select().from(schema.originalsRounds).where(eq(schema.originalsRounds.id, id));
  return row!;
}

async function ledgerTransfers(walletRoundId: string) {
  const [row] = await t.db
    .select({ value: count() })
    .from(schema.ledgerTransfers)
    .where(like(schema.ledgerTransfers.idempotencyKey, `casino:originals:%:${walletRoundId}:%`));
  return row!.value;
}

const minor = (amount: string) => parseDecimal(amount, 'EUR')!;

describe('table rounds: blackjack through the seamless wallet', () => {
  it('plays a hand with a hit and a stand: one bet, one win, the balance follows', async () => {
    const table = await seated();
    await dealWhere(table, BLACKJACK_100, noPair);
    const started = await start(table, { game: 'blackjack', bets: { boxes: ['10.00'] } });
    expect(started.statusCode).toBe(201);
    const first = parsed(started);
    expect(first.round).toMatchObject({ game: 'blackjack', status: 'open', nextIndex: 0, stake: '10.00' });
    expect(first.round.allowedActions).toEqual(expect.arrayContaining(['hit', 'stand', 'double']));
    expect(first.balance).toBe('90.00');
    // The dealer's hole card stays hidden while the player decides.
    expect((first.round.view as unknown as BlackjackView).dealer.cards).toHaveLength(1);

    let round = first.round;
    if (round.allowedActions.includes('hit')) {
      const hit = await act(table, round.id, 0, { type: 'hit' });
      expect(hit.statusCode).toBe(200);
      round = parsed(hit).round;
    }
    while (round.status === 'open')
      round = parsed(await act(table, round.id, round.nextIndex, { type: 'stand' })).round;

    const payout = minor(round.settlement!.totalPayout);
    const row = await roundRow(round.id);
    expect(row).toMatchObject({ status: 'settled', bet: 1_000n, payout });
    expect(await walletCalls(row.walletRoundId!)).toEqual({ bet: 1, win: 1, rollback: 0, refused: 0 });
    expect(await balances(t, table.player.id)).toEqual({ main: 10_000n - 1_000n + payout, bonus: 0n });
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it("takes a double as one more bet of the hand's stake, under its own transaction id", async () => {
    const table = await seated();
    await dealWhere(table, BLACKJACK_100, noPair);
    const { round } = parsed(await start(table, { game: 'blackjack', bets: { boxes: ['10.00'] } }));
    const doubled = await act(table, round.id, 0, { type: 'double' });
    expect(doubled.statusCode).toBe(200);
    const after = parsed(doubled);
    expect(after.round).toMatchObject({ status: 'finished', stake: '20.00', nextIndex: 1 });
    const payout = minor(after.round.settlement!.totalPayout);
    const row = await roundRow(round.id);
    expect(row).toMatchObject({ status: 'settled', bet: 2_000n, payout, pendingAction: null });
    const [actionBet] = await t.db
      .select()
      .from(schema.providerTransactions)
      .where(eq(schema.providerTransactions.transactionId, `${row.walletRoundId}:action:0`));
    expect(actionBet).toMatchObject({ type: 'bet', status: 'ok', amount: 1_000n });
    expect(await walletCalls(row.walletRoundId!)).toEqual({ bet: 2, win: 1, rollback: 0, refused: 0 });
    expect(after.balance).toBe(formatMinor(10_000n - 2_000n + payout, 'EUR'));
    expect(await balances(t, table.player.id)).toEqual({ main: 10_000n - 2_000n + payout, bonus: 0n });
  });

  it('splits a pair into two hands, each played to the end, with the split stake as one more bet', async () => {
    const table = await seated();
    await dealWhere(table, BLACKJACK_100, pair);
    const { round } = parsed(await start(table, { game: 'blackjack', bets: { boxes: ['10.00'] } }));
    let state = parsed(await act(table, round.id, 0, { type: 'split' })).round;
    expect(state.stake).toBe('20.00');
    expect((state.view as unknown as BlackjackView).boxes[0]!.hands.length).toBeGreaterThanOrEqual(2);
    while (state.status === 'open') {
      state = parsed(await act(table, state.id, state.nextIndex, { type: 'stand' })).round;
    }
    const row = await roundRow(round.id);
    expect(row.status).toBe('settled');
    expect(await walletCalls(row.walletRoundId!)).toMatchObject({ bet: 2, win: 1, refused: 0 });
    expect(await balances(t, table.player.id)).toEqual({
      main: 10_000n - row.bet + row.payout,
      bonus: 0n,
    });
  });

  it('refuses a double the balance cannot cover: 409 insufficient_funds, and nothing of it is stored', async () => {
    const table = await seated('blackjack-classic', 1_500n);
    await dealWhere(table, BLACKJACK_100, noPair);
    const { round } = parsed(await start(table, { game: 'blackjack', bets: { boxes: ['10.00'] } }));
    const before = await roundRow(round.id);
    expectErrorEnvelope(await act(table, round.id, 0, { type: 'double' }), 409, 'insufficient_funds');
    const after = await roundRow(round.id);
    expect(after).toMatchObject({ actions: [], pendingAction: null, bet: 1_000n, status: 'open', actionAttempts: 1 });
    expect(after.outcome).toEqual(before.outcome);
    expect(await balances(t, table.player.id)).toEqual({ main: 500n, bonus: 0n });

    // With money added the double is tried again under a transaction id of its own, and taken.
    await fund(t, table.player.id, 1_000n);
    const doubled = await act(table, round.id, 0, { type: 'double' });
    expect(doubled.statusCode).toBe(200);
    const [retry] = await t.db
      .select()
      .from(schema.providerTransactions)
      .where(eq(schema.providerTransactions.transactionId, `${after.walletRoundId}:action:0.1`));
    expect(retry).toMatchObject({ status: 'ok', amount: 1_000n });
    expect(await walletCalls(after.walletRoundId!)).toMatchObject({ bet: 2, win: 1, refused: 1 });
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('refuses a split the balance cannot cover and keeps the hand as it was', async () => {
    const table = await seated('blackjack-classic', 1_000n);
    await dealWhere(table, BLACKJACK_100, pair);
    const { round } = parsed(await start(table, { game: 'blackjack', bets: { boxes: ['10.00'] } }));
    expectErrorEnvelope(await act(table, round.id, 0, { type: 'split' }), 409, 'insufficient_funds');
    const open = openTableRoundResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/spa/games/originals/tables/round', headers: table.headers })).json(),
    );
    expect(open.round).toMatchObject({ id: round.id, nextIndex: 0, stake: '10.00' });
    expect(open.round!.allowedActions).toContain('split');
  });

  it('answers an illegal action 409 illegal_action, a stale index 409 action_conflict, and changes nothing', async () => {
    const table = await seated();
    await dealWhere(table, BLACKJACK_100, noPair);
    const { round } = parsed(await start(table, { game: 'blackjack', bets: { boxes: ['10.00'] } }));
    const before = await roundRow(round.id);
    expectErrorEnvelope(await act(table, round.id, 0, { type: 'split' }), 409, 'illegal_action');
    expectErrorEnvelope(await act(table, round.id, 0, { type: 'call' }), 409, 'illegal_action');
    expectErrorEnvelope(await act(table, round.id, 3, { type: 'stand' }), 409, 'action_conflict');
    expectErrorEnvelope(await act(table, round.id, 0, { type: 'jump' }), 400, 'validation_failed');
    expect(await roundRow(round.id)).toEqual(before);
    expect(await walletCalls(before.walletRoundId!)).toEqual({ bet: 1, win: 0, rollback: 0, refused: 0 });

    // The same gesture sent twice: applied once, the repeat answered with the round as it stands.
    const stood = await act(table, round.id, 0, { type: 'stand' });
    const again = await act(table, round.id, 0, { type: 'stand' });
    expect(again.statusCode).toBe(200);
    expect(parsed(again).round).toEqual(parsed(stood).round);
    expectErrorEnvelope(await act(table, round.id, 0, { type: 'hit' }), 409, 'action_conflict');
    expectErrorEnvelope(await act(table, round.id, 1, { type: 'hit' }), 409, 'illegal_action');
    expect(await walletCalls(before.walletRoundId!)).toEqual({ bet: 1, win: 1, rollback: 0, refused: 0 });
  });

  it("refuses a second round while one is in play, and another game's bets", async () => {
    const table = await seated();
    await dealWhere(table, BLACKJACK_100, playable);
    const { round } = parsed(await start(table, { game: 'blackjack', bets: { boxes: ['1.00'] } }));
    expectErrorEnvelope(await start(table, { game: 'blackjack', bets: { boxes: ['1.00'] } }), 409, 'round_open');
    expectErrorEnvelope(
      await start(table, { game: 'baccarat', bets: { bets: [{ kind: 'banker', stake: '1.00' }] } }),
      400,
      'validation_failed',
    );
    expectErrorEnvelope(await start(table, { game: 'blackjack', bets: { boxes: ['0.01'] } }), 400, 'validation_failed');
    expect(await balances(t, table.player.id)).toEqual({ main: 9_900n, bonus: 0n });
    expect(parsed(await act(table, round.id, 0, { type: 'stand' })).round.status).toBe('finished');
  });
});

describe('table rounds: exactly once under races and lost answers', () => {
  it('applies one double when five requests for it race', async () => {
    const table = await seated();
    await dealWhere(table, BLACKJACK_100, noPair);
    const { round } = parsed(await start(table, { game: 'blackjack', bets: { boxes: ['10.00'] } }));
    const answers = await Promise.all(Array.from({ length: 5 }, () => act(table, round.id, 0, { type: 'double' })));
    for (const answer of answers) expect([200, 409, 503]).toContain(answer.statusCode);
    expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
    const row = await roundRow(round.id);
    expect(row).toMatchObject({ status: 'settled', bet: 2_000n, pendingAction: null });
    expect(row.actions).toEqual([{ type: 'double' }]);
    expect(await walletCalls(row.walletRoundId!)).toEqual({ bet: 2, win: 1, rollback: 0, refused: 0 });
    // The two bets, and the win unless it was 0.00 (which closes the round without moving money).
    expect(await ledgerTransfers(row.walletRoundId!)).toBe(row.payout > 0n ? 3 : 2);
    expect(await balances(t, table.player.id)).toEqual({ main: 10_000n - 2_000n + row.payout, bonus: 0n });
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('applies one of two different moves sent at once, and refuses the other', async () => {
    const table = await seated();
    await dealWhere(table, BLACKJACK_100, noPair);
    const { round } = parsed(await start(table, { game: 'blackjack', bets: { boxes: ['10.00'] } }));
    const answers = await Promise.all([
      act(table, round.id, 0, { type: 'hit' }),
      act(table, round.id, 0, { type: 'double' }),
      act(table, round.id, 0, { type: 'stand' }),
    ]);
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    const row = await roundRow(round.id);
    expect(row.actions).toHaveLength(1);
    const calls = await walletCalls(row.walletRoundId!);
    expect(calls.bet).toBe(row.actions![0]!.type === 'double' ? 2 : 1);
    expect(calls.rollback).toBe(0);
  });

  it('sends a retried double under the same transaction id when its answer was lost: taken once', async () => {
    const table = await seated();
    await dealWhere(table, BLACKJACK_100, noPair);
    const { round } = parsed(await start(table, { game: 'blackjack', bets: { boxes: ['10.00'] } }));
    lose = { url: '/spa/providers/originals/bet', times: 1 };
    expectErrorEnvelope(await act(table, round.id, 0, { type: 'double' }), 503, 'service_unavailable');
    const pending = await roundRow(round.id);
    expect(pending.pendingAction).toMatchObject({ index: 0, stake: '1000', attempt: 0, rollback: false });
    expect(pending.actions).toEqual([]);
    // The wallet took it: the money is gone, the action not yet recorded.
    expect(await balances(t, table.player.id)).toEqual({ main: 8_000n, bonus: 0n });
    // Another move meanwhile is refused: the double is still with the wallet.
    expectErrorEnvelope(await act(table, round.id, 0, { type: 'stand' }), 409, 'action_conflict');

    const retried = await act(table, round.id, 0, { type: 'double' });
    expect(retried.statusCode).toBe(200);
    const row = await roundRow(round.id);
    expect(row).toMatchObject({ status: 'settled', bet: 2_000n, pendingAction: null });
    expect(await walletCalls(row.walletRoundId!)).toEqual({ bet: 2, win: 1, rollback: 0, refused: 0 });
    expect(await balances(t, table.player.id)).toEqual({ main: 8_000n + row.payout, bonus: 0n });
  });

  it('rolls back an action bet whose answer never came, once it is old; the hand goes on without it', async () => {
    const table = await seated();
    await dealWhere(table, BLACKJACK_100, noPair);
    const { round } = parsed(await start(table, { game: 'blackjack', bets: { boxes: ['10.00'] } }));
    lose = { url: '/spa/providers/originals/bet', times: 1 };
    expectErrorEnvelope(await act(table, round.id, 0, { type: 'double' }), 503, 'service_unavailable');
    expect(await balances(t, table.player.id)).toEqual({ main: 8_000n, bonus: 0n });

    // Not yet: the answer may still come.
    await t.app.jobs.trigger(ORIGINALS_SETTLEMENT_JOB);
    expect((await roundRow(round.id)).pendingAction).not.toBeNull();
    const old = await roundRow(round.id);
    await t.db
      .update(schema.originalsRounds)
      .set({ pendingAction: { ...old.pendingAction!, at: new Date(Date.now() - 120_000).toISOString() } })
      .where(eq(schema.originalsRounds.id, round.id));
    await t.app.jobs.trigger(ORIGINALS_SETTLEMENT_JOB);
    const back = await roundRow(round.id);
    expect(back).toMatchObject({ status: 'open', pendingAction: null, actionAttempts: 1, actions: [], bet: 1_000n });
    expect(await balances(t, table.player.id)).toEqual({ main: 9_000n, bonus: 0n });
    // A late retry of the rolled-back call is refused by the wallet's tombstone; the player's next try is new.
    const stood = parsed(await act(table, round.id, 0, { type: 'stand' }));
    expect(stood.round.status).toBe('finished');
    const finished = await roundRow(round.id);
    expect(finished).toMatchObject({ status: 'settled', actions: [{ type: 'stand' }], bet: 1_000n });
    expect(await walletCalls(back.walletRoundId!)).toEqual({ bet: 2, win: 1, rollback: 1, refused: 0 });
    expect(await balances(t, table.player.id)).toEqual({ main: 9_000n + finished.payout, bonus: 0n });
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('pays a win whose answer was lost through the settlement job, exactly once', async () => {
    const table = await seated('european-roulette');
    // Every answer to the win is lost while the player waits: the host gives up after its tries.
    lose = { url: '/spa/providers/originals/win', times: 3 };
    const spun = await start(table, {
      game: 'roulette-european',
      bets: {
        bets: [
          { kind: 'red', stake: '5.00' },
          { kind: 'straight', numbers: [17], stake: '1.00' },
        ],
      },
    });
    expect(spun.statusCode).toBe(201);
    const { round } = parsed(spun);
    expect(round.status).toBe('finished');
    // The player has the outcome; the win is owed on the round until the wallet confirms it.
    expect((await roundRow(round.id)).status).toBe('accepted');
    await t.app.jobs.trigger(ORIGINALS_SETTLEMENT_JOB);
    await t.app.jobs.trigger(ORIGINALS_SETTLEMENT_JOB);
    const settled = await roundRow(round.id);
    expect(settled.status).toBe('settled');
    expect(await walletCalls(settled.walletRoundId!)).toEqual({ bet: 1, win: 1, rollback: 0, refused: 0 });
    expect(await balances(t, table.player.id)).toEqual({ main: 10_000n - 600n + settled.payout, bonus: 0n });
  });
});

describe('table rounds: abandoned, verified, demo', () => {
  it("finishes a round left alone with the game's defaults and pays what they win", async () => {
    const table = await seated();
    await dealWhere(table, BLACKJACK_100, playable);
    const { round } = parsed(await start(table, { game: 'blackjack', bets: { boxes: ['10.00'] } }));
    await t.app.jobs.trigger(ORIGINALS_SETTLEMENT_JOB);
    expect((await roundRow(round.id)).status).toBe('open');
    await t.db
      .update(schema.originalsRounds)
      .set({ lastActionAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(schema.originalsRounds.id, round.id));
    await t.app.jobs.trigger(ORIGINALS_SETTLEMENT_JOB);
    const row = await roundRow(round.id);
    expect(row.status).toBe('settled');
    expect(row.defaultedAt).not.toBeNull();
    expect(row.actions).toEqual([{ type: 'stand' }]);
    expect(await walletCalls(row.walletRoundId!)).toEqual({ bet: 1, win: 1, rollback: 0, refused: 0 });
    expect(await balances(t, table.player.id)).toEqual({ main: 9_000n + row.payout, bonus: 0n });
    // The player's late move finds the round over.
    expectErrorEnvelope(await act(table, round.id, 1, { type: 'hit' }), 409, 'illegal_action');
  });

  it('keeps the seed secret while a round is in play, and verifies each round from its input once revealed', async () => {
    const table = await seated('three-card-poker');
    const { round } = parsed(
      await start(table, { game: 'three-card-poker', bets: { ante: '2.00', pairPlus: '1.00' } }),
    );
    const rotate = () =>
      t.app.inject({ method: 'POST', url: '/spa/games/originals/seeds/rotate', headers: table.headers, payload: {} });
    expectErrorEnvelope(await rotate(), 409, 'round_open');
    const played = parsed(await act(table, round.id, 0, { type: 'play' }));
    expect(played.round).toMatchObject({ status: 'finished', stake: '5.00' });
    const revealed = rotateSeedResponseSchema.parse((await rotate()).json()).revealed;

    const history = originalsRoundsResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/spa/games/originals/rounds', headers: table.headers })).json(),
    );
    const entry = history.rounds.find((item) => item.id === round.id)!;
    expect(entry).toMatchObject({ engine: 'table', serverSeed: revealed.serverSeed, actions: [{ type: 'play' }] });
    expect(entry.params).toEqual({ game: 'three-card-poker', bets: { ante: '2.00', pairPlus: '1.00' } });
    // The browser's check: the decimal amounts back to minor units, then the engine replays the round.
    const toMinor = (json: unknown) => mapTableStakes(json, (stake) => String(parseDecimal(String(stake), 'EUR')));
    const input = tableInputFromJson({
      game: String(entry.params.game),
      bets: toMinor(entry.params.bets),
      actions: entry.actions!.map(toMinor),
    });
    const verified = await verifyTableRound(
      {
        serverSeed: revealed.serverSeed,
        serverSeedHash: entry.serverSeedHash,
        clientSeed: entry.clientSeed,
        nonce: entry.nonce,
      },
      input,
    );
    expect(verified.seedMatchesHash).toBe(true);
    expect(verified.state.settlement!.totalPayout).toBe(minor(played.round.settlement!.totalPayout));
  });

  it('plays demo rounds with play money that never reaches the ledger', async () => {
    const player = await signedInPlayer(t);
    const table = await openTable('blackjack-classic', player, 'demo');
    const transfersBefore = await t.db.select({ value: count() }).from(schema.ledgerTransfers);
    let round = parsed(await start(table, { game: 'blackjack', bets: { boxes: ['100.00'] } })).round;
    while (round.status === 'open') {
      const type = round.allowedActions.includes('no_insurance') ? 'no_insurance' : 'stand';
      round = parsed(await act(table, round.id, round.nextIndex, { type })).round;
    }
    const sessionOf = async () => {
      const [row] = await t.db
        .select({ id: schema.originalsSessions.id, demoBalance: schema.originalsSessions.demoBalance })
        .from(schema.originalsRounds)
        .innerJoin(schema.originalsSessions, eq(schema.originalsSessions.id, schema.originalsRounds.sessionId))
        .where(eq(schema.originalsRounds.id, round.id));
      return row!;
    };
    const session = await sessionOf();
    expect(session.demoBalance).toBe(100_000n - 10_000n + minor(round.settlement!.totalPayout));
    expect(await t.db.select({ value: count() }).from(schema.ledgerTransfers)).toEqual(transfersBefore);
    expect((await roundRow(round.id)).status).toBe('settled');

    // Play money runs out like money: the round is refused and not written.
    await t.db
      .update(schema.originalsSessions)
      .set({ demoBalance: 500n })
      .where(eq(schema.originalsSessions.id, session.id));
    expectErrorEnvelope(
      await start(table, { game: 'blackjack', bets: { boxes: ['10.00'] } }),
      409,
      'insufficient_funds',
    );
    const open = await t.app.inject({
      method: 'GET',
      url: '/spa/games/originals/tables/round',
      headers: table.headers,
    });
    expect(open.json()).toEqual({ round: null });
    expect((await sessionOf()).demoBalance).toBe(500n);
  });
});
