import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { hashServerSeed, playFairTableRound, predictableServerSeed, SHARED_TABLE_TIMING } from '@playhouse/games';
import {
  originalsSessionResponseSchema,
  receiptsResponseSchema,
  sharedBetsResponseSchema,
  sharedSlipsResponseSchema,
  sharedTableStateSchema,
  type SharedTableState,
} from '@playhouse/shared';
import { hashToken } from '../../src/lib/token-hash';
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
import { openEventStream } from '../helpers/sse';

/*
 * Shared tables: one round for everyone seated, moved on by the clock (called here with the moments it would see),
 * each player's bets one wallet bet and one win, exactly once, whatever the races, the retries and the lost answers.
 */

let t: CasinoTestApp;
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

const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

/** The clock of every table moved to `at` (as the job would find it), then the slips of a result paid. */
async function clockAt(at: Date) {
  await t.app.services.sharedTables.tick(at);
  await t.app.services.originalsSettlement.settleSlips();
}

async function state(slug = 'roulette-table'): Promise<SharedTableState> {
  const response = await t.app.inject({ url: `/spa/games/originals/shared/${slug}/state` });
  expect(response.statusCode).toBe(200);
  return sharedTableStateSchema.parse(response.json());
}

/** A fresh round on both tables, the clock at its start; answers the moment betting opened. */
async function freshRound(): Promise<Date> {
  let at = new Date();
  const current = (await state()).round;
  if (current) at = later(new Date(current.nextRoundAt), 1);
  await clockAt(at);
  await clockAt(at);
  return at;
}

type Seat = { token: string; headers: Record<string, string>; player: Player };

async function seat(slug = 'roulette-table', money = 10_000n): Promise<Seat> {
  const player = await signedInPlayer(t);
  if (money > 0n) await fund(t, player.id, money);
  const opened = await t.app.inject({
    method: 'POST',
    url: '/spa/games/originals/sessions',
    headers: { origin: SITE_ORIGIN },
    payload: { launchToken: await launchToken(t, player, slug) },
  });
  const { token } = originalsSessionResponseSchema.parse(opened.json()).session;
  return { token, headers: { origin: SITE_ORIGIN, 'x-game-session': token }, player };
}

const RED_AND_17 = {
  bets: [
    { kind: 'red', stake: '5.00' },
    { kind: 'straight', numbers: [17], stake: '1.00' },
  ],
};

const bet = (who: Seat, roundId: number, bets: object = RED_AND_17, game = 'roulette-european') =>
  t.app.inject({
    method: 'POST',
    url: '/spa/games/originals/shared/bets',
    headers: who.headers,
    payload: { game, roundId, bets },
  });

async function slipsOf(roundId: number) {
  return t.db.select().from(schema.sharedTableBets).where(eq(schema.sharedTableBets.roundId, roundId));
}

async function walletCalls(walletRoundId: string) {
  const rows = await t.db
    .select({ type: schema.providerTransactions.type, status: schema.providerTransactions.status })
    .from(schema.providerTransactions)
    .where(eq(schema.providerTransactions.roundId, walletRoundId));
  return {
    bet: rows.filter((row) => row.type === 'bet' && row.status === 'ok').length,
    win: rows.filter((row) => row.type === 'win' && row.status === 'ok').length,
    rollback: rows.filter((row) => row.type === 'rollback' && row.status === 'ok').length,
  };
}

/** What the player's roulette bets pay on the round's pocket, from the engine. */
async function expectedPayout(serverSeed: string, clientSeed: string) {
  const round = await playFairTableRound(
    { serverSeed, clientSeed, nonce: 0 },
    {
      game: 'roulette-european',
      bets: {
        bets: [
          { kind: 'red', stake: 500n },
          { kind: 'straight', numbers: [17], stake: 100n },
        ],
      },
      actions: [],
    },
  );
  return round.settlement!.totalPayout;
}

describe('shared tables: the clock', () => {
  it('opens a round with its seed committed, closes betting, publishes the result and the seed, opens the next', async () => {
    const opened = await freshRound();
    const first = await state();
    const round = first.round!;
    expect(round).toMatchObject({
      status: 'betting',
      serverSeed: null,
      outcome: null,
      clientSeed: `roulette-table:${round.number}`,
    });
    expect(round.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(round.bettingClosesAt).getTime() - opened.getTime()).toBe(SHARED_TABLE_TIMING.bettingMs);
    expect((await state('baccarat-table')).round?.status).toBe('betting');

    await clockAt(later(opened, SHARED_TABLE_TIMING.bettingMs));
    expect((await state()).round).toMatchObject({ id: round.id, status: 'closed', serverSeed: null, outcome: null });

    await clockAt(new Date(round.resultAt));
    const result = (await state()).round!;
    expect(result).toMatchObject({ id: round.id, status: 'result' });
    expect(await hashServerSeed(result.serverSeed!)).toBe(round.serverSeedHash);
    // Anyone can replay the result from the published seed and the round's public client seed.
    const replayed = await playFairTableRound(
      { serverSeed: result.serverSeed!, clientSeed: result.clientSeed, nonce: 0 },
      { game: 'roulette-european', bets: { bets: [{ kind: 'red', stake: 1n }] }, actions: [] },
    );
    expect(result.outcome).toEqual(replayed.view);

    await clockAt(new Date(round.nextRoundAt));
    const next = (await state()).round!;
    expect(next).toMatchObject({ number: round.number + 1, status: 'betting' });
    expect((await state()).results[0]).toMatchObject({ id: round.id, serverSeed: result.serverSeed });
  });

  it('streams every step to everyone seated at the same moment', async () => {
    const address = t.app.server.listening
      ? `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
      : await t.app.listen({ port: 0, host: '127.0.0.1' });
    const opened = await freshRound();
    const url = `${address}/spa/games/originals/shared/roulette-table/stream`;
    const [one, two] = await Promise.all([openEventStream(url), openEventStream(url)]);
    try {
      // Through the web's /spa rewrite a compressing proxy holds events back unless the stream says no-transform.
      expect(one.response.headers['cache-control']).toBe('no-store, no-transform');
      const [a, b] = (await Promise.all([one.next('table'), two.next('table')])) as [
        SharedTableState,
        SharedTableState,
      ];
      expect(a.round).toEqual(b.round);
      await clockAt(later(opened, SHARED_TABLE_TIMING.bettingMs));
      const closedA = (await one.next('table')) as SharedTableState;
      const closedB = (await two.next('table')) as SharedTableState;
      expect([closedA.round?.status, closedB.round?.status]).toEqual(['closed', 'closed']);
      await clockAt(new Date(a.round!.resultAt));
      const shownA = (await one.next('table')) as SharedTableState;
      const shownB = (await two.next('table')) as SharedTableState;
      expect(shownA.round?.outcome).toBeTruthy();
      expect(shownA.round).toEqual(shownB.round);
    } finally {
      one.close();
      two.close();
    }
  });
});

describe('shared tables: receipts', () => {
  it("a slip's receipts carry its round's provably fair facts: seed hash, client seed, the bets and the result", async () => {
    const opened = await freshRound();
    const round = (await state()).round!;
    const who = await seat();
    expect((await bet(who, round.id)).statusCode).toBe(201);
    await clockAt(later(opened, SHARED_TABLE_TIMING.bettingMs));
    await clockAt(new Date(round.resultAt));
    const published = (await state()).results.find((result) => result.id === round.id)!;
    const [slip] = await slipsOf(round.id);
    const response = await t.app.inject({
      url: `/spa/users/receipts?provider=originals&round=${encodeURIComponent(slip!.walletRoundId!)}`,
      headers: who.player.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const receipts = receiptsResponseSchema.parse(response.json()).receipts;
    // The bet's, and the win's when the slip paid (a lost slip moves no money at its result), each with the round's
    // facts to replay it from its seeds.
    expect(receipts.length).toBe(slip!.payout! > 0n ? 2 : 1);
    for (const receipt of receipts) {
      const facts = JSON.parse(Buffer.from(receipt.payload, 'base64').toString('utf8')) as Record<string, unknown>;
      expect(facts).toMatchObject({
        round: {
          provider: 'originals',
          fairness: {
            serverSeedHash: round.serverSeedHash,
            clientSeed: round.clientSeed,
            nonce: 0,
            engine: 'table',
            params: { game: 'roulette-european', bets: slip!.bets },
            outcome: published.outcome,
          },
        },
      });
    }
  });
});

describe('shared tables: predictable seeds (TEST_SEEDS, test runs only)', () => {
  /** The seeds of the round a fresh clock opens on the roulette table. */
  async function firstRound(app: CasinoTestApp) {
    await app.app.services.sharedTables.tick(new Date());
    const [table] = await app.db
      .select({ id: schema.games.id })
      .from(schema.games)
      .where(eq(schema.games.slug, 'roulette-table'));
    const [round] = await app.db
      .select()
      .from(schema.sharedTableRounds)
      .where(eq(schema.sharedTableRounds.gameId, table!.id));
    return round!;
  }

  it("follow a round's server seed from its public client seed only when TEST_SEEDS is on", async () => {
    // The money simulation replays a seed's table rounds from this; a real site cannot turn it on (config.test.ts).
    const seeded = await buildCasinoApp({ TEST_SEEDS: 'on' });
    try {
      const round = await firstRound(seeded);
      expect(round.serverSeed).toBe(await predictableServerSeed(round.clientSeed));
      expect(round.serverSeedHash).toBe(await hashServerSeed(round.serverSeed));
    } finally {
      await seeded.close();
    }
    const round = await firstRound(t);
    expect(round.serverSeed).not.toBe(await predictableServerSeed(round.clientSeed));
  });
});

describe('shared tables: bets through the wallet', () => {
  it("takes each seated player's bets once, and pays each exactly what their bets win on the one result", async () => {
    const opened = await freshRound();
    const round = (await state()).round!;
    const [alice, bob] = await Promise.all([seat(), seat()]);
    const placed = await bet(alice, round.id);
    expect(placed.statusCode).toBe(201);
    expect(sharedBetsResponseSchema.parse(placed.json())).toMatchObject({
      slip: { status: 'in', stake: '6.00' },
      balance: '94.00',
    });
    expect((await bet(bob, round.id, { bets: [{ kind: 'black', stake: '2.00' }] })).statusCode).toBe(201);
    expectErrorEnvelope(await bet(alice, round.id), 409, 'bets_placed');

    await clockAt(later(opened, SHARED_TABLE_TIMING.bettingMs));
    const late = await seat();
    expectErrorEnvelope(await bet(late, round.id), 409, 'betting_closed');
    expect(await balances(t, late.player.id)).toEqual({ main: 10_000n, bonus: 0n });

    await clockAt(new Date(round.resultAt));
    // The clock, the settlement job and another pass at once: each win once.
    await Promise.all([
      t.app.services.originalsSettlement.settleSlips(),
      t.app.jobs.trigger(ORIGINALS_SETTLEMENT_JOB),
      t.app.services.originalsSettlement.settleDue(),
    ]);
    const result = (await state()).round!;
    const alicePayout = await expectedPayout(result.serverSeed!, result.clientSeed);
    const pocket = result.outcome?.pocket;
    const bobPayout = (
      await playFairTableRound(
        { serverSeed: result.serverSeed!, clientSeed: result.clientSeed, nonce: 0 },
        { game: 'roulette-european', bets: { bets: [{ kind: 'black', stake: 200n }] }, actions: [] },
      )
    ).settlement!.totalPayout;
    expect(typeof pocket).toBe('number');

    const slips = await slipsOf(round.id);
    expect(slips.map((slip) => slip.status).sort()).toEqual(['settled', 'settled']);
    for (const slip of slips) expect(await walletCalls(slip.walletRoundId!)).toEqual({ bet: 1, win: 1, rollback: 0 });
    expect(await balances(t, alice.player.id)).toEqual({ main: 10_000n - 600n + alicePayout, bonus: 0n });
    expect(await balances(t, bob.player.id)).toEqual({ main: 10_000n - 200n + bobPayout, bonus: 0n });

    const mine = sharedSlipsResponseSchema.parse(
      (await t.app.inject({ url: '/spa/games/originals/shared/slips', headers: alice.headers })).json(),
    );
    expect(mine.slips[0]).toMatchObject({ roundId: round.id, status: 'settled' });
    expect(mine.slips[0]!.settlement!.totalPayout).toBe((Number(alicePayout) / 100).toFixed(2));
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('refuses bets above the balance, out of range, and on another game, moving nothing', async () => {
    await freshRound();
    const round = (await state()).round!;
    const poor = await seat('roulette-table', 300n);
    expectErrorEnvelope(await bet(poor, round.id), 409, 'insufficient_funds');
    expectErrorEnvelope(
      await bet(poor, round.id, { bets: [{ kind: 'red', stake: '0.01' }] }),
      400,
      'validation_failed',
    );
    expectErrorEnvelope(
      await bet(poor, round.id, { bets: [{ kind: 'banker', stake: '1.00' }] }, 'baccarat'),
      400,
      'validation_failed',
    );
    expect(await balances(t, poor.player.id)).toEqual({ main: 300n, bonus: 0n });
    // The refused slip stays refused; the player's next round is a new slip.
    const [slip] = await t.db
      .select()
      .from(schema.sharedTableBets)
      .where(and(eq(schema.sharedTableBets.roundId, round.id), eq(schema.sharedTableBets.status, 'refused')));
    expect(slip).toBeDefined();
  });

  it('rolls back a bet whose answer was lost, once the minute is up, and never pays it', async () => {
    const opened = await freshRound();
    const round = (await state()).round!;
    const player = await seat();
    lose = { url: '/spa/providers/originals/bet', times: 1 };
    expectErrorEnvelope(await bet(player, round.id), 503, 'service_unavailable');
    expect(await balances(t, player.player.id)).toEqual({ main: 9_400n, bonus: 0n });
    await clockAt(later(opened, SHARED_TABLE_TIMING.bettingMs));
    await clockAt(new Date(round.resultAt));
    const pending = await slipOfPlayer(round.id, player.player.id);
    expect(pending!.status).toBe('placed');
    await t.db
      .update(schema.sharedTableBets)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(schema.sharedTableBets.id, pending!.id));
    await Promise.all([
      t.app.services.originalsSettlement.settleSlips(),
      t.app.services.originalsSettlement.settleSlips(),
    ]);
    const [cancelled] = await t.db
      .select()
      .from(schema.sharedTableBets)
      .where(eq(schema.sharedTableBets.id, pending!.id));
    expect(cancelled!.status).toBe('cancelled');
    expect(await walletCalls(pending!.walletRoundId!)).toEqual({ bet: 1, win: 0, rollback: 1 });
    expect(await balances(t, player.player.id)).toEqual({ main: 10_000n, bonus: 0n });
  });

  it('plays demo slips with play money that never reaches the ledger', async () => {
    const opened = await freshRound();
    const round = (await state('baccarat-table')).round!;
    const player = await signedInPlayer(t);
    const launch = await t.app.inject({
      method: 'POST',
      url: '/spa/games/baccarat-table/launch',
      headers: player.headers,
      payload: { mode: 'demo' },
    });
    const opening = await t.app.inject({
      method: 'POST',
      url: '/spa/games/originals/sessions',
      headers: { origin: SITE_ORIGIN },
      payload: { launchToken: (launch.json() as { launch: { token: string } }).launch.token },
    });
    const { token } = originalsSessionResponseSchema.parse(opening.json()).session;
    const demo: Seat = { token, headers: { origin: SITE_ORIGIN, 'x-game-session': token }, player };
    const placed = await bet(demo, round.id, { bets: [{ kind: 'banker', stake: '10.00' }] }, 'baccarat');
    expect(sharedBetsResponseSchema.parse(placed.json()).balance).toBe('990.00');
    await clockAt(later(opened, SHARED_TABLE_TIMING.bettingMs));
    await clockAt(new Date(round.resultAt));
    const [slip] = await t.db
      .select({ slip: schema.sharedTableBets })
      .from(schema.sharedTableBets)
      .innerJoin(schema.originalsSessions, eq(schema.originalsSessions.id, schema.sharedTableBets.sessionId))
      .where(
        and(eq(schema.sharedTableBets.roundId, round.id), eq(schema.originalsSessions.tokenHash, hashToken(token))),
      )
      .then((rows) => rows.map((row) => row.slip));
    expect(slip).toMatchObject({ mode: 'demo', status: 'settled', walletRoundId: null });
    const [session] = await t.db
      .select({ demoBalance: schema.originalsSessions.demoBalance })
      .from(schema.originalsSessions)
      .where(eq(schema.originalsSessions.id, slip!.sessionId));
    expect(session!.demoBalance).toBe(100_000n - 1_000n + slip!.payout!);
    expect(await balances(t, player.id)).toEqual({ main: 0n, bonus: 0n });
  });

  it('takes every bet placed before the close and none after it, when bets race the clock', async () => {
    const opened = await freshRound();
    const round = (await state()).round!;
    const seats = await Promise.all(Array.from({ length: 6 }, () => seat()));
    const close = later(opened, SHARED_TABLE_TIMING.bettingMs);
    const answers = await Promise.all([
      ...seats.map((who) => bet(who, round.id, { bets: [{ kind: 'red', stake: '1.00' }] })),
      t.app.services.sharedTables.tick(close),
    ]);
    const placed = answers.slice(0, seats.length) as Awaited<ReturnType<typeof bet>>[];
    for (const answer of placed) expect([201, 409]).toContain(answer.statusCode);
    await clockAt(new Date(round.resultAt));
    const slips = await slipsOf(round.id);
    const taken = placed.filter((answer) => answer.statusCode === 201).length;
    expect(slips.filter((slip) => slip.status === 'settled')).toHaveLength(taken);
    for (const [index, who] of seats.entries()) {
      const slip = await slipOfPlayer(round.id, who.player.id);
      const money = await balances(t, who.player.id);
      if (placed[index]!.statusCode === 201) {
        expect(slip).toBeDefined();
        expect(money.main).toBe(10_000n - 100n + slip!.payout!);
      } else {
        expect(money.main).toBe(10_000n);
      }
    }
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });
});

/** A player's slip of a round, found through the game session it was placed in. */
async function slipOfPlayer(roundId: number, userId: number) {
  const [row] = await t.db
    .select({ slip: schema.sharedTableBets })
    .from(schema.sharedTableBets)
    .innerJoin(schema.originalsSessions, eq(schema.originalsSessions.id, schema.sharedTableBets.sessionId))
    .where(and(eq(schema.sharedTableBets.roundId, roundId), eq(schema.originalsSessions.userId, userId)));
  return row?.slip;
}
