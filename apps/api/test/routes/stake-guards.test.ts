import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { launchResponseSchema, originalsSessionResponseSchema, type ApiErrorCode } from '@playhouse/shared';
import { AppError } from '../../src/lib/errors';
import type { StakeIntent } from '../../src/services/stakes/stake-pipeline';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import {
  balances,
  buildCasinoApp,
  fund,
  openGameSession,
  signedInPlayer,
  SITE_ORIGIN,
  walletCall,
  type CasinoTestApp,
  type Player,
} from '../helpers/games-fixtures';
import { ledgerViolations, NO_VIOLATIONS } from '../helpers/ledger-invariants';
import { englishBook, footballMatch } from '../helpers/sports-fixtures';

/*
 * The stake pipeline's guard hook, as player protection uses it: every casino bet (the seamless wallet, so the
 * Originals too) and every sports bet asks the guards inside its transaction before money moves.
 */

let t: CasinoTestApp;
const FEED_TOKEN = 'stake-guards-feed-token-0123456789abcdef';
/** What the guard saw, and the players it refuses (with the code to refuse with). */
const seen: StakeIntent[] = [];
const refused = new Map<number, ApiErrorCode>();

class LimitReachedError extends AppError {
  constructor(code: ApiErrorCode) {
    super(code, 'A limit stops this bet.', 409);
  }
}

beforeAll(async () => {
  t = await buildCasinoApp({ FEED_TOKEN, RATE_LIMIT_MAX: '100000' });
  t.app.services.stakes.addGuard(async (tx, stake) => {
    seen.push(stake);
    const code = refused.get(stake.userId);
    if (!code) return;
    // Whatever the guard wrote before refusing goes with the refusal.
    await tx.insert(schema.auditLog).values({ userId: stake.userId, event: 'guard_was_here' });
    throw new LimitReachedError(code);
  });
  await feedDelivery(englishBook(Date.now()));
});
afterAll(async () => {
  await t.close();
});

async function feedDelivery(body: object) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/spa/staff/sports/feed',
    headers: { 'x-feed-token': FEED_TOKEN },
    payload: body,
  });
  expect(response.statusCode).toBe(200);
}

let nextMatch = 9_900_000;
async function homeOutcome() {
  const id = ++nextMatch;
  await feedDelivery({ matches: [footballMatch(id, Date.now() + 7_200_000)] });
  const [outcome] = await t.db
    .select({ id: schema.outcomes.id, odd: schema.outcomes.oddThousandths })
    .from(schema.outcomes)
    .innerJoin(schema.markets, eq(schema.markets.id, schema.outcomes.marketId))
    .where(and(eq(schema.markets.matchId, id), eq(schema.outcomes.label, '1')));
  return outcome!;
}

function sportsBet(player: Player, outcome: { id: number; odd: number }, stake = '2.00') {
  return t.app.inject({
    method: 'POST',
    url: '/spa/sports/bets',
    headers: { ...player.headers, 'idempotency-key': `guard-${randomUUID()}` },
    payload: {
      kind: 'single',
      stake,
      oddsChangePolicy: 'any',
      selections: [{ outcomeId: outcome.id, odd: outcome.odd / 1000 }],
    },
  });
}

async function casinoBet(player: Player, amount = '1.50') {
  return {
    sessionId: await openGameSession(t, 'originals', player, 'lucky-reels'),
    transactionId: `tx-${randomUUID()}`,
    roundId: `round-${randomUUID()}`,
    playerId: String(player.id),
    gameId: 'lucky-reels',
    amount,
    currency: 'EUR',
  };
}

async function guardMarks(userId: number) {
  return t.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.userId, userId), eq(schema.auditLog.event, 'guard_was_here')));
}

describe('stake guards', () => {
  it('see every casino and sports stake before it is taken', async () => {
    const player = await signedInPlayer(t);
    await fund(t, player.id, 1_000n);
    const bet = await casinoBet(player);
    expect((await walletCall(t, 'originals', 'bet', bet)).json()).toMatchObject({ status: 'ok' });
    const placed = await sportsBet(player, await homeOutcome());
    expect(placed.statusCode).toBe(201);
    const betId = placed.json<{ bet: { id: string } }>().bet.id;
    expect(seen.filter((stake) => stake.userId === player.id)).toEqual([
      {
        product: 'casino',
        userId: player.id,
        currency: 'EUR',
        amount: 150n,
        gameType: 'slots',
        sourceKey: `casino:originals:${bet.transactionId}`,
        freeSpin: false,
        sessionId: null,
        dryRun: false,
        ahead: 0n,
      },
      {
        product: 'sports',
        userId: player.id,
        currency: 'EUR',
        amount: 200n,
        gameType: 'sports',
        sourceKey: `sports:${betId}`,
        freeSpin: false,
        // The site session the bet came from (protection's reality checks count per session).
        sessionId: expect.any(Number),
        dryRun: false,
        ahead: 0n,
      },
    ]);
  });

  it('refuse a sports bet with their own code, and nothing is written', async () => {
    const player = await signedInPlayer(t);
    await fund(t, player.id, 1_000n);
    refused.set(player.id, 'limit_exceeded');
    expectErrorEnvelope(await sportsBet(player, await homeOutcome()), 409, 'limit_exceeded');
    expect(await balances(t, player.id)).toEqual({ main: 1_000n, bonus: 0n });
    expect(await t.db.select().from(schema.bets).where(eq(schema.bets.userId, player.id))).toEqual([]);
    expect(await guardMarks(player.id)).toEqual([]);
  });

  it("refuse a provider bet: player_protection with the guard's code, stored as refused, repeats refused alike", async () => {
    const player = await signedInPlayer(t);
    await fund(t, player.id, 1_000n);
    refused.set(player.id, 'player_restricted');
    const bet = await casinoBet(player);
    const answer = await walletCall(t, 'originals', 'bet', bet);
    expect(answer.json()).toMatchObject({
      status: 'error',
      code: 'player_protection',
      balance: '10.00',
      detail: { code: 'player_restricted' },
    });
    expect((await walletCall(t, 'originals', 'bet', bet)).json()).toEqual(answer.json());
    expect(await balances(t, player.id)).toEqual({ main: 1_000n, bonus: 0n });
    const [stored] = await t.db
      .select({ status: schema.providerTransactions.status })
      .from(schema.providerTransactions)
      .where(eq(schema.providerTransactions.transactionId, bet.transactionId));
    expect(stored!.status).toBe('refused');
    // The bet's own transaction committed the refusal; the guard's writes did not survive it.
    expect(await guardMarks(player.id)).toEqual([]);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it("refuse an Originals round: the player gets the guard's own 409 and keeps the money", async () => {
    const player = await signedInPlayer(t);
    await fund(t, player.id, 1_000n);
    const launch = await t.app.inject({
      method: 'POST',
      url: '/spa/games/lucky-reels/launch',
      headers: player.headers,
      payload: { mode: 'real' },
    });
    const token = launchResponseSchema.parse(launch.json()).launch.token;
    const opened = await t.app.inject({
      method: 'POST',
      url: '/spa/games/originals/sessions',
      headers: { origin: SITE_ORIGIN, 'x-locale': 'en' },
      payload: { launchToken: token },
    });
    const session = originalsSessionResponseSchema.parse(opened.json()).session;
    refused.set(player.id, 'reality_check_due');
    const round = await t.app.inject({
      method: 'POST',
      url: '/spa/games/originals/rounds',
      headers: { origin: SITE_ORIGIN, 'x-game-session': session.token },
      payload: { bet: '1.00', params: {} },
    });
    expectErrorEnvelope(round, 409, 'reality_check_due');
    expect(await balances(t, player.id)).toEqual({ main: 1_000n, bonus: 0n });
  });
});
