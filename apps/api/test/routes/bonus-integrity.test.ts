import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { DEMO_CONTRIBUTIONS, seedBonuses } from '@playhouse/db/seed/bonuses';
import { bonusesResponseSchema, type FeedIngestInput } from '@playhouse/shared';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import {
  balances,
  buildCasinoApp,
  fund,
  openGameSession,
  recordSucceededDeposit,
  signedInPlayer,
  walletCall,
  type CasinoTestApp,
  type Player,
} from '../helpers/games-fixtures';
import { ledgerViolations, NO_STAKE_VIOLATIONS, NO_VIOLATIONS, stakeViolations } from '../helpers/ledger-invariants';
import { englishBook, footballMatch } from '../helpers/sports-fixtures';

/*
 * Bonus money must be wagered before it becomes withdrawable. Each test here is an attack that skipped the wagering
 * (issue 9, item 1): bonus-funded stakes still open when their bonus ends, casino wins, rollbacks and free-spin wins
 * arriving after the bonus ended, a sports void completing a bonus, and withdrawing the deposit a bonus matched.
 */

let t: CasinoTestApp;
const FEED_TOKEN = 'bonus-integrity-feed-token-0123456789';
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildCasinoApp({ FEED_TOKEN, RATE_LIMIT_MAX: '100000' });
  await seedBonuses(t.db);
  const common = {
    template: 'standard' as const,
    trigger: 'manual' as const,
    kind: 'free_money' as const,
    amount: 1000n,
    maxBet: 1000n,
    validDays: 7,
    offerDays: 7,
    contributions: DEMO_CONTRIBUTIONS,
    approvedAt: new Date(),
  };
  await t.db.insert(schema.bonusCampaigns).values([
    // 10.00 to wager 30 times: the attacker cannot wager it honestly with the money at hand.
    { ...common, slug: 'integrity-30x', wager: 30 },
    // 10.00 to wager once: a single stake of the whole bonus meets the requirement.
    { ...common, slug: 'integrity-1x', wager: 1 },
  ]);
  expect((await feed(englishBook(Date.now()))).statusCode).toBe(200);
});
afterAll(async () => {
  // Every stake these attacks made is what its transfer moved, and nobody is left with bonus money without a bonus.
  expect(await stakeViolations(t.db)).toEqual(NO_STAKE_VIOLATIONS);
  await t.close();
});

const key = () => `integrity-${randomUUID()}`;

function feed(body: FeedIngestInput) {
  return t.app.inject({
    method: 'POST',
    url: '/spa/staff/sports/feed',
    headers: { 'x-feed-token': FEED_TOKEN },
    payload: body,
  });
}

function bonusCall(player: Player, path: string) {
  return t.app.inject({
    method: 'POST',
    url: `/spa/users/bonuses/${path}`,
    headers: { ...player.headers, 'idempotency-key': key() },
  });
}

async function overview(player: Player) {
  const response = await t.app.inject({ url: '/spa/users/bonuses', headers: player.headers });
  expect(response.statusCode).toBe(200);
  return bonusesResponseSchema.parse(response.json());
}

/** Offers a campaign (as staff would) and accepts it; returns the bonus id. */
async function activeBonus(player: Player, slug: string): Promise<string> {
  const [user] = await t.db
    .select({ username: schema.users.username })
    .from(schema.users)
    .where(eq(schema.users.id, player.id));
  const { id } = await t.app.services.bonuses.offer(user!.username, slug, randomUUID());
  expect((await bonusCall(player, `get/${id}`)).statusCode).toBe(200);
  return id;
}

async function bonusStatus(id: string) {
  const [row] = await t.db
    .select({ status: schema.userBonuses.status })
    .from(schema.userBonuses)
    .where(eq(schema.userBonuses.id, id));
  return row!.status;
}

/** Lets the bonus run out of time and runs the expiry sweep. */
async function expire(id: string) {
  await t.db
    .update(schema.userBonuses)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(schema.userBonuses.id, id));
  await t.app.services.bonuses.expireDue();
  expect(await bonusStatus(id)).toBe('expired');
}

/** The house bonus pool's balance in EUR (what bonus grants come from and forfeits go back to), over its sub-accounts. */
async function bonusPool(): Promise<bigint> {
  return t.app.services.wallet.houseBalance({ house: 'bonus_pool' }, 'EUR');
}

let nextMatch = 9_800_000;
async function freshMatch() {
  const id = ++nextMatch;
  expect((await feed({ matches: [footballMatch(id, Date.now() + 2 * HOUR)] })).statusCode).toBe(200);
  const rows = await t.db
    .select({ id: schema.outcomes.id, label: schema.outcomes.label, odd: schema.outcomes.oddThousandths })
    .from(schema.outcomes)
    .innerJoin(schema.markets, eq(schema.markets.id, schema.outcomes.marketId))
    .where(eq(schema.markets.matchId, id));
  const outcome = (label: string) => rows.find((row) => row.label === label)!;
  return { id, home: outcome('1'), away: outcome('2') };
}

/** The match ends 1:0 (home won), or is called off (every bet on it is void). */
function finish(id: number, how: 'home' | 'cancelled') {
  const delivery = footballMatch(id, Date.now() + 2 * HOUR);
  return feed({
    matches: [
      {
        ...delivery,
        matchStatus: how === 'cancelled' ? 'cancelled' : 'ended',
        ...(how === 'home' ? { matchResult: { score1: 1, score2: 0 } } : {}),
        matchBets: delivery.matchBets.slice(0, 1).map((market) => ({
          ...market,
          ...(how === 'home'
            ? {
                matchBetStatus: 'settled' as const,
                matchBetOutcomes: market.matchBetOutcomes.map((outcome) => ({
                  ...outcome,
                  matchBetOutcomeResult: outcome.providerBetOutcomeId === '1' ? ('won' as const) : ('lost' as const),
                })),
              }
            : {}),
        })),
      },
    ],
  });
}

function placeSingle(player: Player, outcome: { id: number; odd: number }, stake: string) {
  return t.app.inject({
    method: 'POST',
    url: '/spa/sports/bets',
    headers: { ...player.headers, 'idempotency-key': key() },
    payload: {
      kind: 'single',
      stake,
      oddsChangePolicy: 'any',
      selections: [{ outcomeId: outcome.id, odd: outcome.odd / 1000 }],
    },
  });
}

/** A provider's bet in a new round of a game session opened for it (every wallet call names its session). */
async function casinoBet(player: Player, amount: string, gameId = 'lucky-reels') {
  return {
    sessionId: await openGameSession(t, 'originals', player, gameId),
    transactionId: `tx-${randomUUID()}`,
    roundId: `round-${randomUUID()}`,
    playerId: String(player.id),
    gameId,
    amount,
    currency: 'EUR',
  };
}

describe('sports bets staked with bonus money, open when the bonus ends', () => {
  it('a forfeit does not turn the bonus-funded share of a winning bet into main money: it goes to the bonus pool', async () => {
    const player = await signedInPlayer(t);
    const match = await freshMatch();
    const id = await activeBonus(player, 'integrity-30x');
    // Two bets of 5.00 at 2.10, paid wholly with the 10.00 of bonus money.
    expect((await placeSingle(player, match.home, '5.00')).statusCode).toBe(201);
    expect((await placeSingle(player, match.home, '5.00')).statusCode).toBe(201);
    expect(await balances(t, player.id)).toEqual({ main: 0n, bonus: 0n });
    expect((await bonusCall(player, `forfeit/${id}`)).statusCode).toBe(200);
    const pool = await bonusPool();

    expect((await finish(match.id, 'home')).statusCode).toBe(200);
    // The two payouts of 10.50 were earned by bonus money of a bonus that is gone: nothing reaches the player.
    expect(await balances(t, player.id)).toEqual({ main: 0n, bonus: 0n });
    expect(await bonusPool()).toBe(pool + 2100n);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('after an expiry, a mixed stake pays its main share to main and its bonus share to the pool; a void returns the bonus share to the pool', async () => {
    const player = await signedInPlayer(t);
    await fund(t, player.id, 300n);
    const won = await freshMatch();
    const voided = await freshMatch();
    const id = await activeBonus(player, 'integrity-30x');
    // 5.00 = 3.00 main + 2.00 bonus, then 5.00 bonus on a match that will be called off.
    expect((await placeSingle(player, won.home, '5.00')).statusCode).toBe(201);
    expect((await placeSingle(player, voided.away, '5.00')).statusCode).toBe(201);
    expect(await balances(t, player.id)).toEqual({ main: 0n, bonus: 300n });
    await expire(id);
    expect(await balances(t, player.id)).toEqual({ main: 0n, bonus: 0n });
    const pool = await bonusPool();

    expect((await finish(won.id, 'home')).statusCode).toBe(200);
    // 10.50 paid: 60% (6.30) was earned by main money, 40% (4.20) by the expired bonus's money.
    expect(await balances(t, player.id)).toEqual({ main: 630n, bonus: 0n });
    expect((await finish(voided.id, 'cancelled')).statusCode).toBe(200);
    // The void's 5.00 of bonus money does not come back as bonus money with no bonus to wager it.
    expect(await balances(t, player.id)).toEqual({ main: 630n, bonus: 0n });
    expect(await bonusPool()).toBe(pool + 420n + 500n);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('a void bet never counts towards wagering: it cannot complete a bonus, and its stake comes back as bonus money', async () => {
    const player = await signedInPlayer(t);
    const match = await freshMatch();
    const id = await activeBonus(player, 'integrity-1x');
    // The whole 10.00 on one bet: counted at placement, it would meet the 1x requirement at once.
    expect((await placeSingle(player, match.home, '10.00')).statusCode).toBe(201);
    expect(await bonusStatus(id)).toBe('active');
    expect((await overview(player)).active).toMatchObject({ wagered: '0.00', left: '10.00' });

    expect((await finish(match.id, 'cancelled')).statusCode).toBe(200);
    expect(await bonusStatus(id)).toBe('active');
    expect(await balances(t, player.id)).toEqual({ main: 0n, bonus: 1000n });
    expect((await overview(player)).active).toMatchObject({ wagered: '0.00', left: '10.00' });
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('a settled bet counts towards wagering, and the bonus completes when it settles', async () => {
    const player = await signedInPlayer(t);
    const match = await freshMatch();
    const id = await activeBonus(player, 'integrity-1x');
    expect((await placeSingle(player, match.away, '10.00')).statusCode).toBe(201);
    expect(await bonusStatus(id)).toBe('active');
    expect((await finish(match.id, 'home')).statusCode).toBe(200);
    // Lost: the stake counted once it was settled, which met the requirement; nothing was left to convert.
    expect(await bonusStatus(id)).toBe('completed');
    const [row] = await t.db.select().from(schema.userBonuses).where(eq(schema.userBonuses.id, id));
    expect(row!.wagered).toBe(1000n);
    expect(await balances(t, player.id)).toEqual({ main: 0n, bonus: 0n });
  });
});

describe('casino calls arriving after the bonus ended', () => {
  it('a win after a forfeit pays the bonus-funded share to the bonus pool, not to main', async () => {
    const player = await signedInPlayer(t);
    const id = await activeBonus(player, 'integrity-30x');
    const bet = await casinoBet(player, '5.00');
    expect((await walletCall(t, 'originals', 'bet', bet)).json()).toMatchObject({ status: 'ok', balance: '5.00' });
    expect((await bonusCall(player, `forfeit/${id}`)).statusCode).toBe(200);
    const pool = await bonusPool();
    const win = { ...bet, transactionId: `tx-${randomUUID()}`, amount: '40.00' };
    expect((await walletCall(t, 'originals', 'win', win)).json()).toMatchObject({ status: 'ok', balance: '0.00' });
    expect(await balances(t, player.id)).toEqual({ main: 0n, bonus: 0n });
    expect(await bonusPool()).toBe(pool + 4000n);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('a rollback after the bonus expired returns the bonus share to the pool, never to a bonus balance without a bonus', async () => {
    const player = await signedInPlayer(t);
    await fund(t, player.id, 100n);
    const id = await activeBonus(player, 'integrity-30x');
    // 5.00 = 1.00 main + 4.00 bonus.
    const bet = await casinoBet(player, '5.00');
    expect((await walletCall(t, 'originals', 'bet', bet)).json()).toMatchObject({ status: 'ok' });
    await expire(id);
    const pool = await bonusPool();
    const rollback = await walletCall(t, 'originals', 'rollback', {
      sessionId: bet.sessionId,
      transactionId: `tx-${randomUUID()}`,
      referenceTransactionId: bet.transactionId,
      roundId: bet.roundId,
      playerId: bet.playerId,
      gameId: bet.gameId,
    });
    expect(rollback.json()).toMatchObject({ status: 'ok', balance: '1.00' });
    expect(await balances(t, player.id)).toEqual({ main: 100n, bonus: 0n });
    expect(await bonusPool()).toBe(pool + 400n);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('a rollback after the bonus completed returns the bonus share as main money (the bonus converted)', async () => {
    const player = await signedInPlayer(t);
    const id = await activeBonus(player, 'integrity-1x');
    const first = await casinoBet(player, '6.00');
    await walletCall(t, 'originals', 'bet', first);
    // 6.00 + 4.00 of slots meet the 10.00 requirement: the bonus completes with nothing left to convert.
    await walletCall(t, 'originals', 'bet', await casinoBet(player, '4.00'));
    expect(await bonusStatus(id)).toBe('completed');
    await walletCall(t, 'originals', 'rollback', {
      sessionId: first.sessionId,
      transactionId: `tx-${randomUUID()}`,
      referenceTransactionId: first.transactionId,
      roundId: first.roundId,
      playerId: first.playerId,
      gameId: first.gameId,
    });
    expect(await balances(t, player.id)).toEqual({ main: 600n, bonus: 0n });
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('a free spin whose win arrives after the bonus expired pays nothing to the player', async () => {
    const player = await signedInPlayer(t);
    const offer = (await overview(player)).offers.find((candidate) => candidate.bonus.slug === 'lucky-reels-spins')!;
    expect((await bonusCall(player, `get/${offer.id}`)).statusCode).toBe(200);
    const spin = await casinoBet(player, '0.20');
    expect((await walletCall(t, 'originals', 'bet', spin)).json()).toMatchObject({ status: 'ok', balance: '0.00' });
    await expire(offer.id);
    const pool = await bonusPool();
    await walletCall(t, 'originals', 'win', { ...spin, transactionId: `tx-${randomUUID()}`, amount: '30.00' });
    expect(await balances(t, player.id)).toEqual({ main: 0n, bonus: 0n });
    expect(await bonusPool()).toBe(pool + 3000n);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });
});

describe('withdrawing the money a bonus stands on', () => {
  const IBAN = 'DE89370400440532013000';
  function withdraw(player: Player, amount: string, extra: Record<string, unknown> = {}) {
    return t.app.inject({
      method: 'POST',
      url: '/spa/cashbox/withdrawals',
      headers: { ...player.headers, 'idempotency-key': key() },
      payload: { method: 'sandbox_bank', amount, details: { iban: IBAN, accountHolder: 'Ada Player' }, ...extra },
    });
  }

  /** A player whose first deposit of 50.00 was credited, with the deposit match offered (50.00 of bonus money). */
  async function depositor() {
    const player = await signedInPlayer(t);
    await recordSucceededDeposit(t.db, player.id);
    await t.db
      .update(schema.payments)
      .set({ amount: 5000n, settledAt: new Date() })
      .where(eq(schema.payments.userId, player.id));
    await fund(t, player.id, 5000n);
    const offer = (await overview(player)).offers.find((candidate) => candidate.kind === 'deposit_match')!;
    expect(offer.amount).toBe('50.00');
    return { player, offer };
  }

  it('a withdrawal while a bonus is active is refused until the player confirms giving the bonus up', async () => {
    const { player, offer } = await depositor();
    expect((await bonusCall(player, `get/${offer.id}`)).statusCode).toBe(200);
    expect(await balances(t, player.id)).toEqual({ main: 5000n, bonus: 5000n });

    expectErrorEnvelope(await withdraw(player, '50.00'), 409, 'withdrawal_forfeits_bonus');
    expect(await balances(t, player.id)).toEqual({ main: 5000n, bonus: 5000n });
    expect(await bonusStatus(offer.id)).toBe('active');

    const confirmed = await withdraw(player, '50.00', { forfeitBonus: true });
    expect(confirmed.statusCode).toBe(201);
    expect(await bonusStatus(offer.id)).toBe('forfeited');
    expect(await balances(t, player.id)).toEqual({ main: 0n, bonus: 0n });
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('a withdrawal that fails (too little main money) does not forfeit the bonus', async () => {
    const { player, offer } = await depositor();
    expect((await bonusCall(player, `get/${offer.id}`)).statusCode).toBe(200);
    expectErrorEnvelope(await withdraw(player, '60.00', { forfeitBonus: true }), 409, 'insufficient_funds');
    expect(await bonusStatus(offer.id)).toBe('active');
    expect(await balances(t, player.id)).toEqual({ main: 5000n, bonus: 5000n });
  });

  it('a deposit match cannot be accepted once the deposit it matches was withdrawn', async () => {
    const { player, offer } = await depositor();
    expect((await withdraw(player, '50.00')).statusCode).toBe(201);
    expectErrorEnvelope(await bonusCall(player, `get/${offer.id}`), 409, 'bonus_deposit_withdrawn');
    expect(await balances(t, player.id)).toEqual({ main: 0n, bonus: 0n });
    expect(await bonusStatus(offer.id)).toBe('offered');
  });
});
