import { and, count, eq, isNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type DbHandle } from '@playhouse/db';
import { playFairRound } from '@playhouse/games';
import { launchResponseSchema, originalsSessionResponseSchema } from '@playhouse/shared';
import { ORIGINALS_SETTLEMENT_JOB } from '../../src/services/originals/originals-jobs';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import {
  balances,
  buildCasinoApp,
  fund,
  seededCasinoDb,
  signedInPlayer,
  SITE_ORIGIN,
  type CasinoTestApp,
  type Player,
} from '../helpers/games-fixtures';
import { ledgerViolations, NO_VIOLATIONS } from '../helpers/ledger-invariants';

/*
 * A deploy stops the api between a round's bet and its win. The round is written, with its outcome, before the bet
 * is sent; whatever the wallet was not told is told by the settlement job of the next api to start.
 */

let handle: DbHandle;
const apps: CasinoTestApp[] = [];

beforeAll(async () => {
  handle = await seededCasinoDb();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await handle.close();
});

/** An api on the shared database; `hook` may plant a fault before it starts. */
async function start(env: Record<string, string> = {}, hook?: (app: CasinoTestApp['app']) => void) {
  const t = await buildCasinoApp(env, { handle, ...(hook ? { beforeReady: hook } : {}) });
  apps.push(t);
  return t;
}

async function openDice(t: CasinoTestApp, player: Player) {
  const launch = await t.app.inject({
    method: 'POST',
    url: '/spa/games/dice/launch',
    headers: player.headers,
    payload: { mode: 'real' },
  });
  const opened = await t.app.inject({
    method: 'POST',
    url: '/spa/games/originals/sessions',
    headers: { origin: SITE_ORIGIN },
    payload: { launchToken: launchResponseSchema.parse(launch.json()).launch.token },
  });
  return originalsSessionResponseSchema.parse(opened.json()).session.token;
}

/** Dice parameters that win the player's next round at 1.98 × the stake (the test reads the seeds the server holds). */
async function winningDice(playerId: number) {
  const [seed] = await handle.db
    .select()
    .from(schema.originalsSeeds)
    .where(and(eq(schema.originalsSeeds.userId, playerId), isNull(schema.originalsSeeds.revealedAt)));
  const { outcome } = await playFairRound(
    { serverSeed: seed!.serverSeed, clientSeed: seed!.clientSeed, nonce: seed!.nextNonce },
    { engine: 'dice', params: { target: 5000, direction: 'under' } },
  );
  const roll = (outcome as { roll: number }).roll;
  return roll < 5000 ? { target: 5000, direction: 'under' } : { target: 4999, direction: 'over' };
}

async function roundsOf(playerId: number) {
  return handle.db
    .select({ round: schema.originalsRounds })
    .from(schema.originalsRounds)
    .innerJoin(schema.originalsSessions, eq(schema.originalsSessions.id, schema.originalsRounds.sessionId))
    .where(eq(schema.originalsSessions.userId, playerId));
}

async function transfersOf(walletRoundId: string, kind: 'casino_bet' | 'casino_win' | 'casino_rollback') {
  const [row] = await handle.db
    .select({ value: count() })
    .from(schema.ledgerTransfers)
    .where(
      and(
        eq(schema.ledgerTransfers.kind, kind),
        like(schema.ledgerTransfers.idempotencyKey, `casino:originals:%:${walletRoundId}:%`),
      ),
    );
  return row!.value;
}

async function until(condition: () => Promise<boolean>, what: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('Originals: a deploy cannot lose a win', () => {
  it('the api is closed between the bet and the win; on the next start the job pays the win exactly once', async () => {
    let closing: Promise<unknown> | undefined;
    let armed = false;
    let shutdownBegun: () => void = () => undefined;
    const begun = new Promise<void>((resolve) => {
      shutdownBegun = resolve;
    });
    const first = await start({}, (app) => {
      app.addHook('preClose', async () => shutdownBegun());
      // The deploy: shutdown begins as the wallet answers the bet, before the host sends the win.
      app.addHook('onSend', async (request, _reply, payload) => {
        if (armed && request.url === '/spa/providers/originals/bet') {
          armed = false;
          closing = app.close();
          await begun;
        }
        return payload;
      });
    });
    const player = await signedInPlayer(first);
    await fund(first, player.id, 5_000n);
    const token = await openDice(first, player);
    const params = await winningDice(player.id);

    armed = true;
    const played = await first.app.inject({
      method: 'POST',
      url: '/spa/games/originals/rounds',
      headers: { origin: SITE_ORIGIN, 'x-game-session': token },
      payload: { bet: '10.00', params },
    });
    await closing;
    // The player was answered with the round; its win is owed, not yet paid.
    expect(played.statusCode).toBe(201);
    expect(played.json()).toMatchObject({ round: { bet: '10.00', payout: '19.80' }, balance: '40.00' });
    const [{ round }] = (await roundsOf(player.id)) as [{ round: typeof schema.originalsRounds.$inferSelect }];
    expect(round).toMatchObject({ status: 'accepted', bet: 1_000n, payout: 1_980n });
    expect(round.outcome).toMatchObject({ won: true });
    expect(await transfersOf(round.walletRoundId!, 'casino_win')).toBe(0);
    // The player even signs out before the next api starts: a bet already taken is still paid.
    await handle.db.delete(schema.sessions).where(eq(schema.sessions.userId, player.id));

    const second = await start({ JOBS_ENABLED: 'true' });
    await until(
      async () => (await roundsOf(player.id))[0]!.round.status === 'settled',
      'the settlement job to pay the win',
    );
    const third = await start();
    // Another instance and a direct pass on top: the win stays paid once.
    await Promise.all([
      third.app.jobs.trigger(ORIGINALS_SETTLEMENT_JOB),
      second.app.services.originalsSettlement.settleDue(),
    ]);
    expect(await transfersOf(round.walletRoundId!, 'casino_bet')).toBe(1);
    expect(await transfersOf(round.walletRoundId!, 'casino_win')).toBe(1);
    expect(await balances(second, player.id)).toEqual({ main: 5_000n - 1_000n + 1_980n, bonus: 0n });
    expect(await ledgerViolations(handle.db)).toEqual(NO_VIOLATIONS);
  });

  it('writes the round with its outcome before the bet, and rolls back a bet whose answer was lost', async () => {
    let lose = false;
    const t = await start({}, (app) => {
      // The wallet takes the bet, but its answer never reaches the host (a dropped connection).
      app.addHook('onSend', async (request, reply, payload) => {
        if (lose && request.url === '/spa/providers/originals/bet') {
          lose = false;
          reply.code(502);
          return '{"error":"connection reset"}';
        }
        return payload;
      });
    });
    const player = await signedInPlayer(t);
    await fund(t, player.id, 5_000n);
    const token = await openDice(t, player);
    const headers = { origin: SITE_ORIGIN, 'x-game-session': token };

    lose = true;
    const played = await t.app.inject({
      method: 'POST',
      url: '/spa/games/originals/rounds',
      headers,
      payload: { bet: '10.00', params: { target: 5000, direction: 'under' } },
    });
    expectErrorEnvelope(played, 503, 'service_unavailable');
    const [{ round }] = (await roundsOf(player.id)) as [{ round: typeof schema.originalsRounds.$inferSelect }];
    expect(round).toMatchObject({ status: 'placed', bet: 1_000n, nonce: 0 });
    expect(round.outcome).toHaveProperty('roll');
    expect(await balances(t, player.id)).toEqual({ main: 4_000n, bonus: 0n });
    // The round the player never saw played is not in their history.
    const history = await t.app.inject({ method: 'GET', url: '/spa/games/originals/rounds', headers });
    expect(history.json()).toEqual({ rounds: [] });

    // Not yet: the bet may still be on its way. A minute later its fate counts as lost, and the stake comes back.
    await t.app.jobs.trigger(ORIGINALS_SETTLEMENT_JOB);
    expect((await roundsOf(player.id))[0]!.round.status).toBe('placed');
    await handle.db
      .update(schema.originalsRounds)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(schema.originalsRounds.id, round.id));
    await t.app.jobs.trigger(ORIGINALS_SETTLEMENT_JOB);
    await t.app.jobs.trigger(ORIGINALS_SETTLEMENT_JOB);
    expect((await roundsOf(player.id))[0]!.round.status).toBe('cancelled');
    expect(await transfersOf(round.walletRoundId!, 'casino_rollback')).toBe(1);
    expect(await balances(t, player.id)).toEqual({ main: 5_000n, bonus: 0n });

    // The next round plays normally on the next nonce.
    const next = await t.app.inject({
      method: 'POST',
      url: '/spa/games/originals/rounds',
      headers,
      payload: { bet: '1.00', params: { target: 5000, direction: 'under' } },
    });
    expect(next.statusCode).toBe(201);
    expect(next.json()).toMatchObject({ round: { nonce: 1 } });
    expect(await ledgerViolations(handle.db)).toEqual(NO_VIOLATIONS);
  });

  it('rolls back a bet that never reached the wallet, so it cannot be taken later', async () => {
    let drop = false;
    const t = await start({}, (app) => {
      app.addHook('onRequest', async (request) => {
        if (drop && request.url === '/spa/providers/originals/bet') {
          drop = false;
          throw new Error('the connection to the wallet failed');
        }
      });
    });
    const player = await signedInPlayer(t);
    await fund(t, player.id, 5_000n);
    const token = await openDice(t, player);
    drop = true;
    const played = await t.app.inject({
      method: 'POST',
      url: '/spa/games/originals/rounds',
      headers: { origin: SITE_ORIGIN, 'x-game-session': token },
      payload: { bet: '10.00', params: { target: 5000, direction: 'under' } },
    });
    expectErrorEnvelope(played, 503, 'service_unavailable');
    expect(await balances(t, player.id)).toEqual({ main: 5_000n, bonus: 0n });
    const [{ round }] = (await roundsOf(player.id)) as [{ round: typeof schema.originalsRounds.$inferSelect }];
    await handle.db
      .update(schema.originalsRounds)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(schema.originalsRounds.id, round.id));
    await t.app.jobs.trigger(ORIGINALS_SETTLEMENT_JOB);
    expect((await roundsOf(player.id))[0]!.round.status).toBe('cancelled');
    // The rollback went first, so the bet, were it delivered late, is refused.
    const [late] = await handle.db
      .select()
      .from(schema.providerTransactions)
      .where(eq(schema.providerTransactions.referenceTransactionId, `${round.walletRoundId}:bet`));
    expect(late).toMatchObject({ type: 'rollback', amount: 0n, ledgerTransferId: null });
    expect(await balances(t, player.id)).toEqual({ main: 5_000n, bonus: 0n });
  });
});
