import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import {
  ENGINE_MAX_MULTIPLIER,
  isSlotConfig,
  isTableGame,
  SLOT_CONFIG_MAX_MULTIPLIER,
  TABLE_MAX_MULTIPLIER,
} from '@playhouse/games';
import { createPasswordHasher } from '../../src/services/auth/password-hasher';
import { signBody } from '../../src/services/providers/provider-signature';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import {
  balances,
  buildCasinoApp,
  fund,
  launchToken,
  openGameSession,
  PROVIDER_SECRETS,
  signedInPlayer,
  SITE_ORIGIN,
  unixNow,
  walletCall,
  type CasinoTestApp,
  type Player,
} from '../helpers/games-fixtures';
import { ledgerViolations, NO_VIOLATIONS } from '../helpers/ledger-invariants';

/*
 * The seamless wallet against a provider that lies: every call here is correctly signed, so only the wallet's own
 * rules stand between the provider and the house's money.
 */

let t: CasinoTestApp;
/** A low ceiling, so the currency cap can be reached with a test player's money. */
const EUR_CEILING = '1000.00';

beforeAll(async () => {
  t = await buildCasinoApp({ CASINO_MAX_WIN_EUR: EUR_CEILING });
});
afterAll(async () => {
  await t.close();
});

const id = (prefix: string) => `${prefix}-${randomUUID()}`;

interface Round {
  sessionId: string;
  playerId: string;
  gameId: string;
  roundId: string;
  currency: 'EUR';
}

/** A player with money and an open game session of NetStar's Book of Gold (a slot: wins up to 1000 × the stake). */
async function seated(money = 10_000n, slug = 'book-of-gold', provider = 'netstar') {
  const player = await signedInPlayer(t);
  await fund(t, player.id, money);
  const sessionId = await openGameSession(t, provider, player, slug);
  const round = (): Round => ({
    sessionId,
    playerId: String(player.id),
    gameId: slug,
    roundId: id('round'),
    currency: 'EUR',
  });
  return { player, sessionId, round };
}

const bet = (round: Round, amount = '2.00', provider = 'netstar') =>
  walletCall(t, provider, 'bet', { ...round, transactionId: id('bet'), amount });
const win = (round: Round, amount: string, transactionId = id('win'), provider = 'netstar') =>
  walletCall(t, provider, 'win', { ...round, transactionId, amount });
const rollback = (round: Round, referenceTransactionId: string, provider = 'netstar') =>
  walletCall(t, provider, 'rollback', {
    sessionId: round.sessionId,
    playerId: round.playerId,
    gameId: round.gameId,
    roundId: round.roundId,
    transactionId: id('rollback'),
    referenceTransactionId,
  });

async function ledgerTransfers(kind?: 'casino_win' | 'casino_rollback' | 'casino_bet') {
  const [row] = await t.db
    .select({ value: count() })
    .from(schema.ledgerTransfers)
    .where(kind ? eq(schema.ledgerTransfers.kind, kind) : undefined);
  return row!.value;
}

describe('seamless wallet: a win needs an accepted bet of the same round and session', () => {
  it('refuses a win in a round without a bet, and moves nothing', async () => {
    const { player, round } = await seated();
    const wins = await ledgerTransfers('casino_win');
    const answer = await win(round(), '500.00');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'error', code: 'bet_not_found', balance: '100.00' });
    expect(await balances(t, player.id)).toEqual({ main: 10_000n, bonus: 0n });
    expect(await ledgerTransfers('casino_win')).toBe(wins);
  });

  it("refuses a win for another round than the bet's", async () => {
    const { player, round } = await seated();
    await bet(round(), '2.00');
    expect((await win(round(), '3.00')).json()).toMatchObject({ status: 'error', code: 'bet_not_found' });
    expect(await balances(t, player.id)).toEqual({ main: 9_800n, bonus: 0n });
  });

  it("refuses a win on another player's round, through that player's own session", async () => {
    const staker = await seated();
    const thief = await seated();
    const staked = staker.round();
    expect((await bet(staked, '2.00')).json()).toMatchObject({ status: 'ok' });
    const theft = await win({ ...thief.round(), roundId: staked.roundId }, '4.00');
    expect(theft.json()).toMatchObject({ status: 'error', code: 'bet_not_found' });
    expect(await balances(t, thief.player.id)).toEqual({ main: 10_000n, bonus: 0n });
    // The round still belongs to its player's session: a bet in it from another session is refused too.
    const intrusion = await bet({ ...thief.round(), roundId: staked.roundId }, '1.00');
    expect(intrusion.json()).toMatchObject({ status: 'error', code: 'round_mismatch' });
    expect(await balances(t, thief.player.id)).toEqual({ main: 10_000n, bonus: 0n });
  });

  it('refuses a win naming another game session of the same player', async () => {
    const { player, round } = await seated();
    const other = await openGameSession(t, 'netstar', player, 'book-of-gold');
    const staked = round();
    await bet(staked, '2.00');
    expect((await win({ ...staked, sessionId: other }, '3.00')).json()).toMatchObject({
      status: 'error',
      code: 'bet_not_found',
    });
    expect(await balances(t, player.id)).toEqual({ main: 9_800n, bonus: 0n });
    expect((await win(staked, '3.00')).json()).toMatchObject({ status: 'ok', balance: '101.00' });
  });

  it('refuses a win whose bets were all rolled back', async () => {
    const { player, round } = await seated();
    const staked = round();
    const placed = { ...staked, transactionId: id('bet'), amount: '2.00' };
    await walletCall(t, 'netstar', 'bet', placed);
    await rollback(staked, placed.transactionId);
    expect((await win(staked, '3.00')).json()).toMatchObject({ status: 'error', code: 'bet_not_found' });
    expect(await balances(t, player.id)).toEqual({ main: 10_000n, bonus: 0n });
  });

  it('refuses a win that arrives before its bet, and pays it once when sent again after the bet', async () => {
    const { player, round } = await seated();
    const staked = round();
    const early = id('win');
    expect((await win(staked, '6.00', early)).json()).toMatchObject({ status: 'error', code: 'bet_not_found' });
    await bet(staked, '2.00');
    expect((await win(staked, '6.00', early)).json()).toMatchObject({ status: 'ok', balance: '104.00' });
    expect((await win(staked, '6.00', early)).json()).toMatchObject({ status: 'ok', balance: '104.00' });
    expect(await balances(t, player.id)).toEqual({ main: 10_400n, bonus: 0n });
  });
});

describe('seamless wallet: a won round is closed', () => {
  it('refuses a rollback after a win: the win is paid once and the stake stays lost', async () => {
    const { player, round } = await seated();
    const staked = round();
    const placed = { ...staked, transactionId: id('bet'), amount: '2.00' };
    await walletCall(t, 'netstar', 'bet', placed);
    expect((await win(staked, '5.00')).json()).toMatchObject({ status: 'ok', balance: '103.00' });
    const refund = await rollback(staked, placed.transactionId);
    expect(refund.json()).toMatchObject({ status: 'error', code: 'round_closed', balance: '103.00' });
    expect(await balances(t, player.id)).toEqual({ main: 10_300n, bonus: 0n });
    // A lost round (closed with 0.00) is settled too.
    const lost = round();
    const lostBet = { ...lost, transactionId: id('bet'), amount: '1.00' };
    await walletCall(t, 'netstar', 'bet', lostBet);
    await win(lost, '0.00');
    expect((await rollback(lost, lostBet.transactionId)).json()).toMatchObject({ code: 'round_closed' });
    expect(await balances(t, player.id)).toEqual({ main: 10_200n, bonus: 0n });
  });

  it('refuses a bet in a round that already has its win', async () => {
    const { player, round } = await seated();
    const staked = round();
    await bet(staked, '2.00');
    await win(staked, '0.00');
    expect((await bet(staked, '2.00')).json()).toMatchObject({ status: 'error', code: 'round_closed' });
    expect(await balances(t, player.id)).toEqual({ main: 9_800n, bonus: 0n });
  });

  it('lets a win and a rollback of the same round race: exactly one of them applies', async () => {
    const { player, round } = await seated(100_000n);
    let wins = 0;
    let rollbacks = 0;
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const staked = round();
      const placed = { ...staked, transactionId: id('bet'), amount: '1.00' };
      await walletCall(t, 'netstar', 'bet', placed);
      const [paid, refunded] = await Promise.all([win(staked, '3.00'), rollback(staked, placed.transactionId)]);
      const outcomes = [paid.json<{ status: string }>().status, refunded.json<{ status: string }>().status];
      expect(outcomes.filter((status) => status === 'ok')).toHaveLength(1);
      if (outcomes[0] === 'ok') wins += 1;
      else rollbacks += 1;
    }
    // Each round either won 3.00 on a 1.00 stake or was given back: never both.
    expect(await balances(t, player.id)).toEqual({ main: 100_000n + BigInt(wins) * 200n, bonus: 0n });
    expect(wins + rollbacks).toBe(12);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });
});

describe('seamless wallet: wins are capped per game', () => {
  it("refuses the wins of a round beyond the game's multiple of the stake", async () => {
    // Dice pays at most 49.5 × the stake; the Originals host aggregates every game, so it may bet on it.
    const { player, round } = await seated(10_000n, 'dice', 'originals');
    const staked = round();
    await bet(staked, '1.00', 'originals');
    const multiplier = ENGINE_MAX_MULTIPLIER.dice;
    expect(multiplier).toBe(49.5);
    const tooMuch = await win(staked, '50.01', id('win'), 'originals');
    expect(tooMuch.json()).toMatchObject({ status: 'error', code: 'win_limit_exceeded', balance: '99.00' });
    // Split over several wins of the round, the total is what counts.
    expect((await win(staked, '30.00', id('win'), 'originals')).json()).toMatchObject({ status: 'ok' });
    expect((await win(staked, '20.01', id('win'), 'originals')).json()).toMatchObject({
      code: 'win_limit_exceeded',
    });
    expect((await win(staked, '20.00', id('win'), 'originals')).json()).toMatchObject({
      status: 'ok',
      balance: '149.00',
    });
    expect(await balances(t, player.id)).toEqual({ main: 14_900n, bonus: 0n });
  });

  it('keeps a flood of concurrent wins, repeated and fresh, within the cap and pays each id once', async () => {
    const { player, round } = await seated(10_000n, 'plinko', 'originals');
    const staked = round();
    await bet(staked, '1.00', 'originals');
    // Plinko pays at most 16 × the stake: of these 40 wins of 1.00 (eight ids, five copies each), 16 can pass.
    const ids = Array.from({ length: 40 }, () => id('win'));
    const calls = [...ids, ...ids.slice(0, 8), ...ids.slice(0, 8)].map((transactionId) =>
      win(staked, '1.00', transactionId, 'originals'),
    );
    const answers = (await Promise.all(calls)).map((answer) => answer.json<{ status: string; code?: string }>());
    expect(answers.every((answer) => answer.status === 'ok' || answer.code === 'win_limit_exceeded')).toBe(true);
    expect(await balances(t, player.id)).toEqual({ main: 10_000n - 100n + 1_600n, bonus: 0n });
    const paid = await t.db
      .select({ value: count() })
      .from(schema.providerTransactions)
      .where(and(eq(schema.providerTransactions.roundId, staked.roundId), eq(schema.providerTransactions.type, 'win')));
    expect(paid[0]!.value).toBe(16);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('refuses the wins of a round beyond the ceiling of its currency', async () => {
    const { player, round } = await seated(500_000n);
    const staked = round();
    await bet(staked, '20.00');
    // 1000 × 20.00 would be 20,000.00; the EUR ceiling of this api is 1,000.00.
    expect((await win(staked, '1000.01')).json()).toMatchObject({ status: 'error', code: 'win_limit_exceeded' });
    expect((await win(staked, EUR_CEILING)).json()).toMatchObject({ status: 'ok', balance: '5980.00' });
    expect(await balances(t, player.id)).toEqual({ main: 598_000n, bonus: 0n });
  });

  it("keeps every seeded game able to pay its engine's largest win", async () => {
    const games = await t.db
      .select({
        slug: schema.games.slug,
        engine: schema.games.engine,
        config: schema.games.engineConfig,
        cap: schema.games.maxWinMultiplier,
      })
      .from(schema.games);
    const largest = (engine: string, config: string | null): number => {
      if (engine === 'slot' && isSlotConfig(config)) return SLOT_CONFIG_MAX_MULTIPLIER[config];
      if (isTableGame(config)) return TABLE_MAX_MULTIPLIER[config];
      if (engine === 'slot' || engine === 'dice' || engine === 'plinko') return ENGINE_MAX_MULTIPLIER[engine];
      return 0;
    };
    for (const game of games) {
      expect(largest(game.engine, game.config), game.slug).toBeGreaterThan(0);
      expect(game.cap, game.slug).toBeGreaterThanOrEqual(largest(game.engine, game.config));
    }
  });
});

describe('seamless wallet: a call names its game session', () => {
  it('refuses an unknown session, and sessions of another provider, game or player', async () => {
    const { player, round } = await seated();
    const stranger = await seated();
    const originalsSession = await openGameSession(t, 'originals', player, 'book-of-gold');
    const cases: [string, Partial<Round>][] = [
      ['unknown', { sessionId: 'x'.repeat(43) }],
      ["another provider's", { sessionId: originalsSession }],
      ["another player's", { sessionId: stranger.sessionId }],
      ['another game', { gameId: 'wild-west-gold' }],
    ];
    for (const [what, change] of cases) {
      const answer = await bet({ ...round(), ...change }, '1.00');
      expect(answer.json(), what).toMatchObject({ status: 'error' });
      expect(['session_invalid', 'game_not_found'], what).toContain(answer.json<{ code: string }>().code);
      expect(
        (
          await walletCall(t, 'netstar', 'balance', {
            sessionId: change.sessionId ?? round().sessionId,
            playerId: String(player.id),
            currency: 'EUR',
          })
        ).json(),
        what,
      ).toMatchObject(change.gameId ? { status: 'ok' } : { status: 'error', code: 'session_invalid' });
    }
    expect(await balances(t, player.id)).toEqual({ main: 10_000n, bonus: 0n });
  });

  it('refuses a win in another currency than the session', async () => {
    const { player, round } = await seated();
    const staked = round();
    await bet(staked, '2.00');
    const answer = await walletCall(t, 'netstar', 'win', {
      ...staked,
      currency: 'USD',
      transactionId: id('win'),
      amount: '3.00',
    });
    expect(answer.json()).toMatchObject({ status: 'error', code: 'currency_mismatch' });
    expect(await balances(t, player.id)).toEqual({ main: 9_800n, bonus: 0n });
  });
});

describe('seamless wallet: signatures carry their time', () => {
  it('refuses a call signed too long ago, one from the future, and one without a timestamp', async () => {
    const { player, round } = await seated();
    const payload = { ...round(), transactionId: id('bet'), amount: '1.00' };
    const stale = await walletCall(t, 'netstar', 'bet', payload, PROVIDER_SECRETS.netstar, unixNow() - 330);
    expectErrorEnvelope(stale, 401, 'signature_expired');
    const ahead = await walletCall(t, 'netstar', 'bet', payload, PROVIDER_SECRETS.netstar, unixNow() + 330);
    expectErrorEnvelope(ahead, 401, 'signature_expired');
    const body = JSON.stringify(payload);
    const untimed = await t.app.inject({
      method: 'POST',
      url: '/spa/providers/netstar/bet',
      headers: {
        'content-type': 'application/json',
        'x-provider-signature': signBody(PROVIDER_SECRETS.netstar, body, String(unixNow())),
      },
      payload: body,
    });
    expectErrorEnvelope(untimed, 401, 'invalid_signature');
    // A fresh timestamp on a signature made for another one: the time is part of what is signed.
    const timestamp = unixNow();
    const moved = await t.app.inject({
      method: 'POST',
      url: '/spa/providers/netstar/bet',
      headers: {
        'content-type': 'application/json',
        'x-provider-timestamp': String(timestamp),
        'x-provider-signature': signBody(PROVIDER_SECRETS.netstar, body, String(timestamp - 400)),
      },
      payload: body,
    });
    expectErrorEnvelope(moved, 401, 'invalid_signature');
    expect(await balances(t, player.id)).toEqual({ main: 10_000n, bonus: 0n });
    // Within the window the same call goes through once.
    const fresh = await walletCall(t, 'netstar', 'bet', payload, PROVIDER_SECRETS.netstar, unixNow() - 60);
    expect(fresh.json()).toMatchObject({ status: 'ok', balance: '99.00' });
  });
});

describe('game sessions end with the player session', () => {
  const hasher = createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
  const PASSWORD = 'Old-password-1234';

  /** A player who signed in with a password, with money, an open game session and an accepted bet. */
  async function playing() {
    const player = await signedInPlayer(t);
    await t.db
      .update(schema.users)
      .set({ passwordHash: await hasher.hashPassword(PASSWORD) })
      .where(eq(schema.users.id, player.id));
    await fund(t, player.id, 10_000n);
    const sessionId = await openGameSession(t, 'netstar', player, 'book-of-gold');
    const open: Round = {
      sessionId,
      playerId: String(player.id),
      gameId: 'book-of-gold',
      roundId: id('round'),
      currency: 'EUR',
    };
    expect((await bet(open, '2.00')).json()).toMatchObject({ status: 'ok' });
    return { player, sessionId, open, next: (): Round => ({ ...open, roundId: id('round') }) };
  }

  /** After the player session ended: no bet, no balance; the win of the round already staked is still paid. */
  async function expectEnded(state: Awaited<ReturnType<typeof playing>>) {
    expect((await bet(state.next(), '1.00')).json()).toMatchObject({ status: 'error', code: 'session_invalid' });
    expect(
      (
        await walletCall(t, 'netstar', 'balance', {
          sessionId: state.sessionId,
          playerId: state.open.playerId,
          currency: 'EUR',
        })
      ).json(),
    ).toMatchObject({ status: 'error', code: 'session_invalid' });
    expect((await win(state.open, '4.00')).json()).toMatchObject({ status: 'ok', balance: '102.00' });
    expect(await balances(t, state.player.id)).toEqual({ main: 10_200n, bonus: 0n });
  }

  it('ends them at logout', async () => {
    const state = await playing();
    const out = await t.app.inject({ method: 'POST', url: '/spa/auth/logout', headers: state.player.headers });
    expect(out.statusCode).toBeLessThan(300);
    await expectEnded(state);
  });

  it('ends them when the password changes', async () => {
    const state = await playing();
    const changed = await t.app.inject({
      method: 'POST',
      url: '/spa/users/password',
      headers: state.player.headers,
      payload: { currentPassword: PASSWORD, newPassword: 'New-password-5678' },
    });
    expect(changed.statusCode).toBe(200);
    await expectEnded(state);
  });

  it('ends them when the password is reset', async () => {
    const state = await playing();
    const token = randomBytes(32).toString('base64url');
    await t.db.insert(schema.passwordResetTokens).values({
      userId: state.player.id,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(Date.now() + 600_000),
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/spa/users/password/reset',
      headers: { origin: SITE_ORIGIN },
      payload: { token, password: 'New-password-5678' },
    });
    expect(reset.statusCode).toBe(200);
    await expectEnded(state);
  });

  it("ends them when the player's sessions are ended", async () => {
    const state = await playing();
    await t.app.services.sessions.destroyAllForUser(t.db, state.player.id);
    await expectEnded(state);
  });

  it('ends them when the player session expires', async () => {
    const state = await playing();
    await t.db
      .update(schema.sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.sessions.userId, state.player.id));
    await expectEnded(state);
  });

  it('does not open a game from a launch made by a session that has ended', async () => {
    const player: Player = await signedInPlayer(t);
    const token = await launchToken(t, player, 'book-of-gold');
    await t.app.inject({ method: 'POST', url: '/spa/auth/logout', headers: player.headers });
    expect((await walletCall(t, 'netstar', 'authenticate', { token })).json()).toMatchObject({
      status: 'error',
      code: 'token_invalid',
    });
  });

  it('ends the Originals host session with it', async () => {
    const player = await signedInPlayer(t);
    await fund(t, player.id, 5_000n);
    const opened = await t.app.inject({
      method: 'POST',
      url: '/spa/games/originals/sessions',
      headers: { origin: SITE_ORIGIN },
      payload: { launchToken: await launchToken(t, player, 'dice') },
    });
    const gameSession = opened.json<{ session: { token: string } }>().session.token;
    const headers = { origin: SITE_ORIGIN, 'x-game-session': gameSession };
    expect((await t.app.inject({ method: 'GET', url: '/spa/games/originals/session', headers })).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/spa/auth/logout', headers: player.headers });
    for (const request of [
      { method: 'GET' as const, url: '/spa/games/originals/session' },
      { method: 'GET' as const, url: '/spa/games/originals/rounds' },
      {
        method: 'POST' as const,
        url: '/spa/games/originals/rounds',
        payload: { bet: '1.00', params: { target: 5000, direction: 'under' } },
      },
      { method: 'POST' as const, url: '/spa/games/originals/seeds/rotate', payload: {} },
    ]) {
      expectErrorEnvelope(await t.app.inject({ ...request, headers }), 401, 'game_session_invalid');
    }
    expect(await balances(t, player.id)).toEqual({ main: 5_000n, bonus: 0n });
    const [stored] = await t.db
      .select({ value: count() })
      .from(schema.providerTransactions)
      .where(and(eq(schema.providerTransactions.userId, player.id)));
    expect(stored!.value).toBe(0);
  });
});
