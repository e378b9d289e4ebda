import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { launchResponseSchema, providersResponseSchema } from '@playhouse/shared';
import { signBody } from '../../src/services/providers/provider-signature';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import {
  balances,
  buildCasinoApp,
  fund,
  grantBonus,
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
import { onPostgres } from '../helpers/test-db';

let t: CasinoTestApp;

beforeAll(async () => {
  t = await buildCasinoApp();
});
afterAll(async () => {
  await t.close();
});

const txId = () => `tx-${randomUUID()}`;

/** A signed-in player for whom NetStar opened Book of Gold: the game session its calls name. */
type Seated = Player & { sessionId: string };

async function seatedPlayer(): Promise<Seated> {
  const player = await signedInPlayer(t);
  return { ...player, sessionId: await openGameSession(t, 'netstar', player, 'book-of-gold') };
}

function betBody(player: Seated, overrides: Record<string, unknown> = {}) {
  return {
    sessionId: player.sessionId,
    transactionId: txId(),
    roundId: `round-${randomUUID()}`,
    playerId: String(player.id),
    gameId: 'book-of-gold',
    amount: '2.50',
    currency: 'EUR',
    ...overrides,
  };
}

async function providerRows() {
  const [row] = await t.db.select({ value: count() }).from(schema.providerTransactions);
  return row!.value;
}

async function ledgerTransfers() {
  const [row] = await t.db.select({ value: count() }).from(schema.ledgerTransfers);
  return row!.value;
}

describe('GET /spa/providers', () => {
  it('lists the providers in order, logo dimensions only where there is a logo', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/spa/providers' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const { providers } = providersResponseSchema.parse(response.json());
    expect(providers).toHaveLength(8);
    // The answer as sent, not as parsed: the provider's other columns (active, position, ...) never leave.
    expect(response.json().providers[0]).toEqual({
      id: expect.any(Number),
      slug: 'originals',
      title: 'Playhouse Originals',
      imagePath: '/media/providers/originals.svg',
      secondaryImagePath: null,
      imageWidth: 160,
      imageHeight: 48,
    });
    const lynx = providers.find((provider) => provider.slug === 'lucky-lynx');
    expect(lynx).toMatchObject({ imagePath: null, imageWidth: null, imageHeight: null });
  });

  it('answers one provider, and 404 for an unknown one', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/spa/providers/netstar' });
    expect(response.json()).toMatchObject({ provider: { slug: 'netstar', title: 'NetStar Gaming' } });
    expectErrorEnvelope(await t.app.inject({ method: 'GET', url: '/spa/providers/nobody' }), 404, 'not_found');
  });
});

describe('seamless wallet: signatures', () => {
  it('rejects a wrong or missing signature with 401 and changes nothing', async () => {
    const player = await seatedPlayer();
    await fund(t, player.id, 10_000n);
    const before = {
      rows: await providerRows(),
      transfers: await ledgerTransfers(),
      money: await balances(t, player.id),
    };

    const forged = await walletCall(t, 'netstar', 'bet', betBody(player), 'not-the-secret-of-netstar-at-all-000');
    expectErrorEnvelope(forged, 401, 'invalid_signature');
    const body = JSON.stringify(betBody(player));
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/spa/providers/netstar/bet',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expectErrorEnvelope(unsigned, 401, 'invalid_signature');
    // Signed for one body, sent with another: the signature covers the exact bytes.
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/spa/providers/netstar/bet',
      headers: {
        'content-type': 'application/json',
        'x-provider-timestamp': String(unixNow()),
        'x-provider-signature': signBody(
          PROVIDER_SECRETS.netstar,
          JSON.stringify(betBody(player, { amount: '0.01' })),
          String(unixNow()),
        ),
      },
      payload: body,
    });
    expectErrorEnvelope(tampered, 401, 'invalid_signature');
    // An invalid body with a wrong signature learns nothing about the schema.
    expectErrorEnvelope(
      await walletCall(t, 'netstar', 'bet', { nonsense: true }, 'not-the-secret-of-netstar-at-all-000'),
      401,
      'invalid_signature',
    );

    expect(await providerRows()).toBe(before.rows);
    expect(await ledgerTransfers()).toBe(before.transfers);
    expect(await balances(t, player.id)).toEqual(before.money);
  });

  it('answers 404 for a provider it does not know or has no secret for', async () => {
    const player = await seatedPlayer();
    expectErrorEnvelope(await walletCall(t, 'nobody', 'bet', betBody(player), 'x'.repeat(40)), 404, 'not_found');
    expectErrorEnvelope(await walletCall(t, 'red-fox', 'bet', betBody(player), 'x'.repeat(40)), 404, 'not_found');
  });

  it('answers 400 to a malformed body, and to a well-signed body that breaks the schema', async () => {
    const malformed = '{"transactionId": ';
    const response = await t.app.inject({
      method: 'POST',
      url: '/spa/providers/netstar/bet',
      headers: {
        'content-type': 'application/json',
        'x-provider-timestamp': String(unixNow()),
        'x-provider-signature': signBody(PROVIDER_SECRETS.netstar, malformed, String(unixNow())),
      },
      payload: malformed,
    });
    expectErrorEnvelope(response, 400, 'bad_request');
    const player = await seatedPlayer();
    const invalid = await walletCall(t, 'netstar', 'bet', betBody(player, { amount: '-1' }));
    expectErrorEnvelope(invalid, 400, 'validation_failed');
    const tooPrecise = await walletCall(t, 'netstar', 'bet', betBody(player, { amount: '1.005' }));
    expectErrorEnvelope(tooPrecise, 400, 'validation_failed');
  });
});

describe('seamless wallet: authenticate and balance', () => {
  async function launch(slug: string, mode: 'real' | 'demo', headers: Record<string, string>) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/spa/games/${slug}/launch`,
      headers,
      payload: { mode },
    });
    return launchResponseSchema.parse(response.json()).launch.token;
  }

  it('exchanges a launch token for the player once; a second use is refused', async () => {
    const player = await signedInPlayer(t);
    await fund(t, player.id, 1234n);
    const token = await launch('book-of-gold', 'real', player.headers);
    const first = await walletCall(t, 'netstar', 'authenticate', { token });
    expect(first.json()).toEqual({
      status: 'ok',
      mode: 'real',
      playerId: String(player.id),
      sessionId: expect.stringMatching(/^[\w-]{43}$/),
      currency: 'EUR',
      balance: '12.34',
      gameId: 'book-of-gold',
      locale: 'en',
    });
    expect((await walletCall(t, 'netstar', 'authenticate', { token })).json()).toMatchObject({
      status: 'error',
      code: 'token_invalid',
    });
  });

  it('names a demo launch as such, without a player or balance', async () => {
    const token = await launch('plinko', 'demo', { origin: SITE_ORIGIN });
    expect((await walletCall(t, 'originals', 'authenticate', { token })).json()).toMatchObject({
      status: 'ok',
      mode: 'demo',
      playerId: null,
      sessionId: null,
      balance: null,
    });
  });

  it("refuses another provider's game", async () => {
    const player = await signedInPlayer(t);
    const token = await launch('dice', 'real', player.headers);
    expect((await walletCall(t, 'netstar', 'authenticate', { token })).json()).toMatchObject({
      code: 'game_not_found',
    });
  });

  it('reads main plus bonus, and refuses an unknown player or another currency', async () => {
    const player = await seatedPlayer();
    await fund(t, player.id, 1000n);
    await grantBonus(t, player.id, 500n);
    expect(
      (
        await walletCall(t, 'netstar', 'balance', {
          sessionId: player.sessionId,
          playerId: String(player.id),
          currency: 'EUR',
        })
      ).json(),
    ).toEqual({
      status: 'ok',
      balance: '15.00',
      currency: 'EUR',
    });
    expect(
      (
        await walletCall(t, 'netstar', 'balance', { sessionId: player.sessionId, playerId: '999999', currency: 'EUR' })
      ).json(),
    ).toMatchObject({
      status: 'error',
      code: 'player_not_found',
    });
    expect(
      (
        await walletCall(t, 'netstar', 'balance', {
          sessionId: player.sessionId,
          playerId: String(player.id),
          currency: 'USD',
        })
      ).json(),
    ).toMatchObject({
      status: 'error',
      code: 'currency_mismatch',
    });
  });
});

describe('seamless wallet: a balance read takes no lock', () => {
  it(`answers while another transaction holds the player's ledger accounts (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, async () => {
    // A balance only reports: had it locked the accounts, it would wait here, and could close a deadlock with a stake
    // that locks its rows in the stake order (the money simulation met one as a 503 on the Originals host's balance).
    const player = await seatedPlayer();
    await fund(t, player.id, 1000n);
    let release = () => undefined as void;
    let holding: Promise<void> = Promise.resolve();
    if (onPostgres) {
      // PGlite has one connection: a transaction there holds everything, so only PostgreSQL can show the difference.
      const gate = new Promise<void>((resolve) => (release = resolve));
      let locked = () => undefined as void;
      const held = new Promise<void>((resolve) => (locked = resolve));
      holding = t.db.transaction(async (tx) => {
        await tx.execute(sql`select id from ledger_accounts where user_id = ${player.id} order by id for update`);
        locked();
        await gate;
      });
      await held;
    }
    const body = { sessionId: player.sessionId, playerId: String(player.id), currency: 'EUR' };
    const answer = walletCall(t, 'netstar', 'balance', body);
    const first = await Promise.race([
      answer.then(() => 'answered'),
      new Promise((resolve) => setTimeout(resolve, 5_000, 'still waiting for the lock')),
    ]);
    release();
    await holding;
    expect(first).toBe('answered');
    expect((await answer).json()).toEqual({ status: 'ok', balance: '10.00', currency: 'EUR' });
  });
});

describe('seamless wallet: bet, win, rollback', () => {
  it('debits a bet once however often it is repeated, and answers every repeat the same', async () => {
    const player = await seatedPlayer();
    await fund(t, player.id, 10_000n);
    const body = betBody(player);
    const first = await walletCall(t, 'netstar', 'bet', body);
    expect(first.json()).toEqual({
      status: 'ok',
      balance: '97.50',
      currency: 'EUR',
      transactionId: body.transactionId,
    });
    for (let repeat = 0; repeat < 3; repeat += 1) {
      expect((await walletCall(t, 'netstar', 'bet', body)).json()).toEqual(first.json());
    }
    expect(await balances(t, player.id)).toEqual({ main: 9750n, bonus: 0n });
    const conflicting = await walletCall(t, 'netstar', 'bet', { ...body, amount: '5.00' });
    expect(conflicting.json()).toMatchObject({ status: 'error', code: 'transaction_conflict' });
    expect(await balances(t, player.id)).toEqual({ main: 9750n, bonus: 0n });
  });

  it('takes main money first, then bonus, and gives a rollback back to where it came from', async () => {
    const player = await seatedPlayer();
    await fund(t, player.id, 300n);
    await grantBonus(t, player.id, 500n);
    const bet = betBody(player, { amount: '5.00' });
    expect((await walletCall(t, 'netstar', 'bet', bet)).json()).toMatchObject({ status: 'ok', balance: '3.00' });
    expect(await balances(t, player.id)).toEqual({ main: 0n, bonus: 300n });
    const rollback = {
      sessionId: bet.sessionId,
      transactionId: txId(),
      referenceTransactionId: bet.transactionId,
      roundId: bet.roundId,
      playerId: bet.playerId,
      gameId: bet.gameId,
    };
    expect((await walletCall(t, 'netstar', 'rollback', rollback)).json()).toMatchObject({
      status: 'ok',
      balance: '8.00',
    });
    expect(await balances(t, player.id)).toEqual({ main: 300n, bonus: 500n });
    // The same rollback again, and another rollback of the same bet, return nothing more.
    expect((await walletCall(t, 'netstar', 'rollback', rollback)).json()).toMatchObject({
      status: 'ok',
      balance: '8.00',
    });
    expect((await walletCall(t, 'netstar', 'rollback', { ...rollback, transactionId: txId() })).json()).toMatchObject({
      status: 'ok',
      balance: '8.00',
    });
    expect(await balances(t, player.id)).toEqual({ main: 300n, bonus: 500n });
  });

  it('answers insufficient funds with the current balance and moves nothing', async () => {
    const player = await seatedPlayer();
    await fund(t, player.id, 100n);
    const response = await walletCall(t, 'netstar', 'bet', betBody(player, { amount: '1.01' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'error',
      code: 'insufficient_funds',
      message: expect.any(String),
      balance: '1.00',
      currency: 'EUR',
    });
    expect(await balances(t, player.id)).toEqual({ main: 100n, bonus: 0n });
  });

  it('refuses a bet whose rollback arrived first, and keeps refusing it', async () => {
    const player = await seatedPlayer();
    await fund(t, player.id, 1000n);
    const bet = betBody(player);
    const early = await walletCall(t, 'netstar', 'rollback', {
      sessionId: bet.sessionId,
      transactionId: txId(),
      referenceTransactionId: bet.transactionId,
      roundId: bet.roundId,
      playerId: bet.playerId,
      gameId: bet.gameId,
    });
    expect(early.json()).toMatchObject({ status: 'ok', balance: '10.00' });
    const late = await walletCall(t, 'netstar', 'bet', bet);
    expect(late.json()).toMatchObject({ status: 'error', code: 'transaction_rolled_back', balance: '10.00' });
    expect((await walletCall(t, 'netstar', 'bet', bet)).json()).toEqual(late.json());
    expect(await balances(t, player.id)).toEqual({ main: 1000n, bonus: 0n });
  });

  it('credits a win once, and closes a lost round with 0.00 without moving money', async () => {
    const player = await seatedPlayer();
    await fund(t, player.id, 1000n);
    const bet = betBody(player);
    await walletCall(t, 'netstar', 'bet', bet);
    const win = { ...bet, transactionId: txId(), amount: '7.25' };
    expect((await walletCall(t, 'netstar', 'win', win)).json()).toMatchObject({ status: 'ok', balance: '14.75' });
    expect((await walletCall(t, 'netstar', 'win', win)).json()).toMatchObject({ status: 'ok', balance: '14.75' });
    const transfers = await ledgerTransfers();
    expect(
      (await walletCall(t, 'netstar', 'win', { ...win, transactionId: txId(), amount: '0.00' })).json(),
    ).toMatchObject({
      status: 'ok',
      balance: '14.75',
    });
    expect(await ledgerTransfers()).toBe(transfers);
    expect(await balances(t, player.id)).toEqual({ main: 1475n, bonus: 0n });
  });

  it("refuses another provider's game, an unknown player and another currency", async () => {
    const player = await seatedPlayer();
    await fund(t, player.id, 1000n);
    expect((await walletCall(t, 'netstar', 'bet', betBody(player, { gameId: 'dice' }))).json()).toMatchObject({
      code: 'game_not_found',
    });
    expect((await walletCall(t, 'netstar', 'bet', betBody(player, { playerId: '0' }))).json()).toMatchObject({
      code: 'player_not_found',
    });
    expect((await walletCall(t, 'netstar', 'bet', betBody(player, { currency: 'GBP' }))).json()).toMatchObject({
      code: 'currency_mismatch',
    });
    expect(await balances(t, player.id)).toEqual({ main: 1000n, bonus: 0n });
  });

  it('never lets concurrent bets overdraw, with duplicates among them', async () => {
    const player = await seatedPlayer();
    await fund(t, player.id, 1000n);
    const bets = Array.from({ length: 16 }, () => betBody(player, { amount: '1.00' }));
    const calls = [...bets, ...bets.slice(0, 6)].map((bet) => walletCall(t, 'netstar', 'bet', bet));
    const answers = (await Promise.all(calls)).map((response) => response.json<{ status: string; code?: string }>());
    expect(answers.every((answer) => answer.status === 'ok' || answer.code === 'insufficient_funds')).toBe(true);
    expect(await balances(t, player.id)).toEqual({ main: 0n, bonus: 0n });
    const debited = await t.db
      .select({ value: count() })
      .from(schema.providerTransactions)
      .where(eq(schema.providerTransactions.userId, player.id));
    expect(debited[0]!.value).toBe(16);
    const accepted = await t.db
      .select()
      .from(schema.providerTransactions)
      .where(eq(schema.providerTransactions.userId, player.id));
    expect(accepted.filter((row) => row.status === 'ok')).toHaveLength(10);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });
});
