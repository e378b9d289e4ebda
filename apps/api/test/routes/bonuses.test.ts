import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { DEMO_CONTRIBUTIONS, seedBonuses } from '@playhouse/db/seed/bonuses';
import {
  bonusAcceptResponseSchema,
  bonusesResponseSchema,
  bonusHistoryResponseSchema,
  bonusPickResponseSchema,
  type BonusOffer,
  type FeedIngestInput,
} from '@playhouse/shared';
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
import { ledgerViolations, NO_VIOLATIONS } from '../helpers/ledger-invariants';
import { englishBook, footballMatch } from '../helpers/sports-fixtures';

let t: CasinoTestApp;
const FEED_TOKEN = 'bonus-route-test-feed-token-0123456789';

beforeAll(async () => {
  t = await buildCasinoApp({ FEED_TOKEN });
  await seedBonuses(t.db);
  // A quick campaign only staff offer: 10.00 with a wager of 2, so a test can finish its wagering in a few bets.
  await t.db.insert(schema.bonusCampaigns).values({
    slug: 'route-test-quick',
    kind: 'free_money',
    template: 'standard',
    trigger: 'manual',
    amount: 1000n,
    wager: 2,
    maxBet: 500n,
    validDays: 7,
    offerDays: 7,
    contributions: DEMO_CONTRIBUTIONS,
    approvedAt: new Date(),
  });
});
afterAll(async () => {
  await t.close();
});

const key = () => `bonus-${randomUUID()}`;

function post(player: Player | null, path: string, idempotencyKey: string | null = key()) {
  return t.app.inject({
    method: 'POST',
    url: `/spa/users/bonuses/${path}`,
    headers: {
      ...(player ? player.headers : { origin: 'http://localhost:3000' }),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
  });
}

async function overview(player: Player) {
  const response = await t.app.inject({ url: '/spa/users/bonuses', headers: player.headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return bonusesResponseSchema.parse(response.json());
}

async function offerOf(player: Player, slug: string): Promise<BonusOffer> {
  const offer = (await overview(player)).offers.find((candidate) => candidate.bonus.slug === slug);
  expect(offer, `an offer of ${slug}`).toBeDefined();
  return offer!;
}

async function staffOffer(player: Player, slug = 'route-test-quick') {
  const [user] = await t.db
    .select({ username: schema.users.username })
    .from(schema.users)
    .where(eq(schema.users.id, player.id));
  return (await t.app.services.bonuses.offer(user!.username, slug, randomUUID())).id;
}

const TRANSFER_KEYS = { bonus_grant: 'grant', bonus_conversion: 'conversion', bonus_forfeit: 'forfeit' } as const;

/** The ledger transfers of one kind that a bonus made (its deterministic key). */
async function transfers(kind: keyof typeof TRANSFER_KEYS, bonusId: string) {
  return t.db
    .select()
    .from(schema.ledgerTransfers)
    .where(
      and(
        eq(schema.ledgerTransfers.kind, kind),
        eq(schema.ledgerTransfers.idempotencyKey, `bonus:${TRANSFER_KEYS[kind]}:${bonusId}`),
      ),
    );
}

/** The Originals host's game sessions, by player and game: every wallet call names one. */
const gameSessions = new Map<string, string>();

async function seat(player: Player, ...games: string[]) {
  for (const game of games) {
    gameSessions.set(`${player.id}:${game}`, await openGameSession(t, 'originals', player, game));
  }
}

function bet(player: Player, amount: string, gameId = 'lucky-reels', roundId = `round-${randomUUID()}`) {
  return {
    sessionId: gameSessions.get(`${player.id}:${gameId}`)!,
    transactionId: `tx-${randomUUID()}`,
    roundId,
    playerId: String(player.id),
    gameId,
    amount,
    currency: 'EUR',
  };
}

describe('the session and bad input', () => {
  it('answers 401 to every bonus call without a session, and changes nothing', async () => {
    const id = randomUUID();
    for (const url of ['/spa/users/bonuses', '/spa/users/bonuses/history']) {
      expectErrorEnvelope(await t.app.inject({ url }), 401, 'unauthorized');
    }
    for (const path of [`pick/${id}`, `get/${id}`, `reject/${id}`, `forfeit/${id}`]) {
      expectErrorEnvelope(await post(null, path), 401, 'unauthorized');
    }
  });

  it('answers 400 to a malformed id, a missing Idempotency-Key and a bad page', async () => {
    const player = await signedInPlayer(t);
    const { offers } = await overview(player);
    expectErrorEnvelope(await post(player, 'get/not-a-uuid'), 400, 'validation_failed');
    expectErrorEnvelope(await post(player, `get/${offers[0]!.id}`, null), 400, 'validation_failed');
    const badPage = await t.app.inject({ url: '/spa/users/bonuses/history?perPage=0', headers: player.headers });
    expectErrorEnvelope(badPage, 400, 'validation_failed');
    expect((await overview(player)).offers.map((offer) => offer.id)).toEqual(offers.map((offer) => offer.id));
    expect(await balances(t, player.id)).toEqual({ main: 0n, bonus: 0n });
  });

  it("answers 404 for an unknown bonus and for another player's bonus", async () => {
    const player = await signedInPlayer(t);
    const other = await signedInPlayer(t);
    const theirs = (await offerOf(other, 'welcome-free-money')).id;
    for (const path of ['pick', 'get', 'reject', 'forfeit']) {
      expectErrorEnvelope(await post(player, `${path}/${randomUUID()}`), 404, 'bonus_not_found');
      expectErrorEnvelope(await post(player, `${path}/${theirs}`), 404, 'bonus_not_found');
    }
    expect((await offerOf(other, 'welcome-free-money')).id).toBe(theirs);
  });
});

describe('GET /spa/users/bonuses', () => {
  it('offers a new player the registration campaigns, and the deposit match after the first deposit', async () => {
    const player = await signedInPlayer(t);
    const first = await overview(player);
    expect(first.active).toBeNull();
    expect(first.offers.map((offer) => offer.bonus.slug).sort()).toEqual([
      'lucky-reels-spins',
      'welcome-coins',
      'welcome-free-money',
    ]);
    const coins = first.offers.find((offer) => offer.kind === 'coins')!;
    expect(coins).toMatchObject({
      template: 'coins',
      amount: null,
      items: ['5.00', '10.00', '20.00', '50.00'],
      pickedAmount: null,
      currency: '€',
      currencyCode: 'EUR',
      wager: 20,
      maxBet: '5.00',
      validDays: 7,
      bonus: { nameKey: 'campaigns.welcome-coins.name', noticeTextKey: 'campaigns.welcome-coins.notice' },
    });
    const spins = first.offers.find((offer) => offer.kind === 'free_spins')!;
    expect(spins).toMatchObject({
      template: 'standard',
      quantity: 20,
      items: [],
      bonus: {
        firstFreeSpinGame: { slug: 'lucky-reels', title: 'Lucky Reels', producer: { title: 'Playhouse Originals' } },
      },
    });
    // Reading again offers nothing twice.
    expect((await overview(player)).offers).toHaveLength(3);

    // A deposit under the campaign's 10.00 minimum does not qualify; the first one that reaches it does.
    const [method] = await t.db.select({ code: schema.paymentMethods.code }).from(schema.paymentMethods).limit(1);
    await t.db.insert(schema.payments).values({
      userId: player.id,
      methodCode: method!.code,
      provider: 'sandbox',
      amount: 500n,
      currency: 'EUR',
      status: 'succeeded',
      idempotencyKey: `deposit-${randomUUID()}`,
      requestHash: 'fixture',
    });
    expect((await overview(player)).offers).toHaveLength(3);
    await recordSucceededDeposit(t.db, player.id);
    const match = await offerOf(player, 'first-deposit-match');
    expect(match).toMatchObject({ kind: 'deposit_match', amount: '10.00', wager: 35, maxBet: '10.00' });
    expect((await overview(player)).offers).toHaveLength(4);
  });

  it('welcomes with a registration campaign only the players who sign up after it starts', async () => {
    const earlier = await signedInPlayer(t);
    expect(await overview(earlier)).toBeDefined();
    await t.db.insert(schema.bonusCampaigns).values({
      slug: 'route-test-late-welcome',
      kind: 'free_money',
      template: 'standard',
      trigger: 'registration',
      amount: 500n,
      wager: 5,
      maxBet: 500n,
      validDays: 7,
      offerDays: 7,
      contributions: DEMO_CONTRIBUTIONS,
      approvedAt: new Date(),
      createdAt: new Date(Date.now() + 1000),
    });
    try {
      expect((await overview(earlier)).offers.map((offer) => offer.bonus.slug)).not.toContain(
        'route-test-late-welcome',
      );
      const later = await signedInPlayer(t);
      await t.db
        .update(schema.users)
        .set({ createdAt: new Date(Date.now() + 2000) })
        .where(eq(schema.users.id, later.id));
      expect((await overview(later)).offers.map((offer) => offer.bonus.slug)).toContain('route-test-late-welcome');
    } finally {
      await t.db
        .update(schema.bonusCampaigns)
        .set({ active: false })
        .where(eq(schema.bonusCampaigns.slug, 'route-test-late-welcome'));
    }
  });

  it('offers staff accounts nothing by itself; an operator can still offer them a campaign', async () => {
    const staff = await signedInPlayer(t);
    await t.db.update(schema.users).set({ role: 'staff' }).where(eq(schema.users.id, staff.id));
    await t.db.insert(schema.staffMembers).values({ userId: staff.id, roles: ['support'] });
    // A staff session is one that passed the second factor.
    await t.db.update(schema.sessions).set({ secondFactorAt: new Date() }).where(eq(schema.sessions.userId, staff.id));
    expect((await overview(staff)).offers).toEqual([]);
    await staffOffer(staff);
    expect((await overview(staff)).offers.map((offer) => offer.bonus.slug)).toEqual(['route-test-quick']);
  });
});

describe('accept, reject, pick, forfeit', () => {
  it('grants the amount to the bonus balance once, through the ledger; a repeat answers the same', async () => {
    const player = await signedInPlayer(t);
    const offer = await offerOf(player, 'welcome-free-money');
    const sameKey = key();
    const first = await post(player, `get/${offer.id}`, sameKey);
    expect(first.statusCode).toBe(200);
    const { bonus } = bonusAcceptResponseSchema.parse(first.json());
    expect(bonus).toMatchObject({
      id: offer.id,
      kind: 'free_money',
      amount: '10.00',
      wagerRequired: '300.00',
      wagered: '0.00',
      left: '300.00',
      maxBet: '5.00',
      freeSpinsLeft: null,
    });
    for (const retry of [sameKey, key()]) {
      const again = await post(player, `get/${offer.id}`, retry);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
    }
    expect(await balances(t, player.id)).toEqual({ main: 0n, bonus: 1000n });
    expect(await transfers('bonus_grant', offer.id)).toHaveLength(1);

    const state = await overview(player);
    expect(state.active).toEqual(bonus);
    expect(state.offers.map((candidate) => candidate.id)).not.toContain(offer.id);

    // One bonus at a time; an active bonus is no offer to decline.
    const coins = await offerOf(player, 'welcome-coins');
    expectErrorEnvelope(await post(player, `get/${coins.id}`), 409, 'bonus_active_exists');
    expectErrorEnvelope(await post(player, `reject/${offer.id}`), 409, 'bonus_not_offered');
    expect(await balances(t, player.id)).toEqual({ main: 0n, bonus: 1000n });
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('rejects an offer once; a rejected offer cannot be accepted', async () => {
    const player = await signedInPlayer(t);
    const offer = await offerOf(player, 'welcome-free-money');
    const first = await post(player, `reject/${offer.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ id: offer.id, status: 'rejected' });
    expect((await post(player, `reject/${offer.id}`)).json()).toEqual(first.json());
    expectErrorEnvelope(await post(player, `get/${offer.id}`), 409, 'bonus_not_offered');
    expectErrorEnvelope(await post(player, `forfeit/${offer.id}`), 409, 'bonus_not_active');
    expect(await balances(t, player.id)).toEqual({ main: 0n, bonus: 0n });
    const history = bonusHistoryResponseSchema.parse(
      (await t.app.inject({ url: '/spa/users/bonuses/history', headers: player.headers })).json(),
    );
    expect(history.items.find((item) => item.id === offer.id)).toMatchObject({ status: 'rejected', amount: '10.00' });
  });

  it('picks a coin on the server once, and accepting grants the picked amount', async () => {
    const player = await signedInPlayer(t);
    const offer = await offerOf(player, 'welcome-coins');
    const picked = bonusPickResponseSchema.parse((await post(player, `pick/${offer.id}`)).json());
    expect(offer.items).toContain(picked.pickedAmount);
    expect(picked.items).toEqual(offer.items);
    for (let repeat = 0; repeat < 3; repeat += 1) {
      expect((await post(player, `pick/${offer.id}`)).json()).toEqual(picked);
    }
    expect((await offerOf(player, 'welcome-coins')).pickedAmount).toBe(picked.pickedAmount);
    const free = await offerOf(player, 'welcome-free-money');
    expectErrorEnvelope(await post(player, `pick/${free.id}`), 409, 'bonus_not_coins');

    const accepted = bonusAcceptResponseSchema.parse((await post(player, `get/${offer.id}`)).json());
    expect(accepted.bonus.amount).toBe(picked.pickedAmount);
    const minor = BigInt(picked.pickedAmount.replace('.', ''));
    expect(await balances(t, player.id)).toEqual({ main: 0n, bonus: minor });
  });

  it('accepting a coins offer without a pick picks then', async () => {
    const player = await signedInPlayer(t);
    const offer = await offerOf(player, 'welcome-coins');
    const accepted = bonusAcceptResponseSchema.parse((await post(player, `get/${offer.id}`)).json());
    expect(offer.items).toContain(accepted.bonus.amount);
  });

  it('forfeits the active bonus: its bonus money is removed once', async () => {
    const player = await signedInPlayer(t);
    await fund(t, player.id, 500n);
    const offer = await offerOf(player, 'welcome-free-money');
    await post(player, `get/${offer.id}`);
    const first = await post(player, `forfeit/${offer.id}`);
    expect(first.json()).toEqual({ id: offer.id, status: 'forfeited' });
    expect((await post(player, `forfeit/${offer.id}`)).json()).toEqual(first.json());
    expect(await balances(t, player.id)).toEqual({ main: 500n, bonus: 0n });
    expect(await transfers('bonus_forfeit', offer.id)).toHaveLength(1);
    expect((await overview(player)).active).toBeNull();
    expectErrorEnvelope(await post(player, `get/${offer.id}`), 409, 'bonus_not_offered');
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('answers racing accepts of one offer with one grant', async () => {
    const player = await signedInPlayer(t);
    const offer = await offerOf(player, 'welcome-free-money');
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(player, `get/${offer.id}`)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await transfers('bonus_grant', offer.id)).toHaveLength(1);
    expect(await balances(t, player.id)).toEqual({ main: 0n, bonus: 1000n });
  });

  it('answers racing accepts of two offers with one active bonus and one 409', async () => {
    const player = await signedInPlayer(t);
    const { offers } = await overview(player);
    const answers = await Promise.all(offers.slice(0, 2).map((offer) => post(player, `get/${offer.id}`)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expectErrorEnvelope(
      answers.find((answer) => answer.statusCode === 409)!,
      409,
      'bonus_active_exists',
    );
    const active = await t.db
      .select()
      .from(schema.userBonuses)
      .where(and(eq(schema.userBonuses.userId, player.id), eq(schema.userBonuses.status, 'active')));
    expect(active).toHaveLength(1);
  });
});

describe('expiry', () => {
  it('expires open offers and active bonuses past their time once, removing the bonus money', async () => {
    const player = await signedInPlayer(t);
    const { offers } = await overview(player);
    const money = offers.find((offer) => offer.kind === 'free_money')!;
    await post(player, `get/${money.id}`);
    expect(await balances(t, player.id)).toEqual({ main: 0n, bonus: 1000n });
    const past = new Date(Date.now() - 60_000);
    await t.db.update(schema.userBonuses).set({ expiresAt: past }).where(eq(schema.userBonuses.id, money.id));
    const coins = offers.find((offer) => offer.kind === 'coins')!;
    await t.db.update(schema.userBonuses).set({ offerExpiresAt: past }).where(eq(schema.userBonuses.id, coins.id));

    const [first, second] = await Promise.all([t.app.services.bonuses.expireDue(), t.app.services.bonuses.expireDue()]);
    expect(first!.bonuses + second!.bonuses).toBeGreaterThanOrEqual(1);
    expect(await balances(t, player.id)).toEqual({ main: 0n, bonus: 0n });
    expect(await transfers('bonus_forfeit', money.id)).toHaveLength(1);
    const state = await overview(player);
    expect(state.active).toBeNull();
    expect(state.offers.map((offer) => offer.id)).not.toContain(coins.id);
    expectErrorEnvelope(await post(player, `get/${coins.id}`), 409, 'bonus_not_offered');
    expectErrorEnvelope(await post(player, `pick/${coins.id}`), 409, 'bonus_not_offered');
    expectErrorEnvelope(await post(player, `forfeit/${money.id}`), 409, 'bonus_not_active');
    const history = bonusHistoryResponseSchema.parse(
      (await t.app.inject({ url: '/spa/users/bonuses/history?perPage=2&page=1', headers: player.headers })).json(),
    );
    expect(history.total).toBe(3);
    expect(history.items).toHaveLength(2);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });
});

describe('wagering through the casino', () => {
  it('counts stakes by game type, refuses bets above the max bet, and converts the rest once wagered', async () => {
    const player = await signedInPlayer(t);
    await seat(player, 'lucky-reels', 'dice');
    await fund(t, player.id, 800n);
    const id = await staffOffer(player);
    expect((await post(player, `get/${id}`)).statusCode).toBe(200);
    expect(await balances(t, player.id)).toEqual({ main: 800n, bonus: 1000n });

    const tooBig = await walletCall(t, 'originals', 'bet', bet(player, '5.01'));
    expect(tooBig.json()).toMatchObject({ status: 'error', code: 'bonus_max_bet_exceeded' });

    // Main money first: 5.00 of main, then 3.00 main + 2.00 bonus.
    const first = bet(player, '5.00');
    expect((await walletCall(t, 'originals', 'bet', first)).json()).toMatchObject({ status: 'ok', balance: '13.00' });
    const second = bet(player, '5.00');
    expect((await walletCall(t, 'originals', 'bet', second)).json()).toMatchObject({ status: 'ok', balance: '8.00' });
    expect(await balances(t, player.id)).toEqual({ main: 0n, bonus: 800n });
    // A repeat counts once; dice counts 20%.
    await walletCall(t, 'originals', 'bet', second);
    await walletCall(t, 'originals', 'bet', bet(player, '5.00', 'dice'));
    expect((await overview(player)).active).toMatchObject({ wagered: '11.00', left: '9.00' });

    // The win on a round staked 3.00 main + 2.00 bonus: 40% of it is bonus money.
    const win = { ...second, transactionId: `tx-${randomUUID()}`, amount: '10.00' };
    expect((await walletCall(t, 'originals', 'win', win)).json()).toMatchObject({ status: 'ok' });
    expect(await balances(t, player.id)).toEqual({ main: 600n, bonus: 700n });

    // A rollback takes its contribution back.
    const rolled = bet(player, '5.00');
    await walletCall(t, 'originals', 'bet', rolled);
    expect((await overview(player)).active).toMatchObject({ wagered: '16.00' });
    await walletCall(t, 'originals', 'rollback', {
      sessionId: rolled.sessionId,
      transactionId: `tx-${randomUUID()}`,
      referenceTransactionId: rolled.transactionId,
      roundId: rolled.roundId,
      playerId: rolled.playerId,
      gameId: rolled.gameId,
    });
    expect((await overview(player)).active).toMatchObject({ wagered: '11.00' });
    expect(await balances(t, player.id)).toEqual({ main: 600n, bonus: 700n });

    // 5.00 main, then 1.00 main + 3.00 bonus reach 20.00: the remaining 4.00 bonus money converts to main.
    await walletCall(t, 'originals', 'bet', bet(player, '5.00'));
    await walletCall(t, 'originals', 'bet', bet(player, '4.00'));
    expect((await overview(player)).active).toBeNull();
    expect(await balances(t, player.id)).toEqual({ main: 400n, bonus: 0n });
    expect(await transfers('bonus_conversion', id)).toHaveLength(1);
    const history = bonusHistoryResponseSchema.parse(
      (await t.app.inject({ url: '/spa/users/bonuses/history', headers: player.headers })).json(),
    );
    expect(history.items.find((item) => item.id === id)).toMatchObject({
      status: 'completed',
      wagered: '20.00',
      wagerRequired: '20.00',
    });
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('holds a granted bonus to the terms it was granted under when its campaign is edited afterwards', async () => {
    const slug = `route-test-edited-${randomUUID().slice(0, 6)}`;
    const [campaign] = await t.db
      .insert(schema.bonusCampaigns)
      .values({
        slug,
        kind: 'free_money',
        template: 'standard',
        trigger: 'manual',
        amount: 1000n,
        wager: 2,
        maxBet: 500n,
        validDays: 7,
        offerDays: 7,
        contributions: { slots: 100, dice: 0 },
        approvedAt: new Date(),
      })
      .returning();
    const player = await signedInPlayer(t);
    await seat(player, 'lucky-reels', 'dice');
    const id = await staffOffer(player, slug);
    expect((await post(player, `get/${id}`)).statusCode).toBe(200);
    // Marketing tightens the campaign: a 1.00 max bet, nothing counted from slots, 50x wagering, all of dice. The
    // campaign is live, so the edit is a request a second member approves.
    const [asker, approver] = [await signedInPlayer(t), await signedInPlayer(t)];
    const edit = await t.app.services.marketing.campaigns.update({ id: asker.id, ip: null }, campaign!.id, {
      kind: 'free_money',
      trigger: 'manual',
      names: { en: 'Edited' },
      amount: '50.00',
      matchPercent: null,
      minDeposit: null,
      items: [],
      freeSpins: null,
      freeSpinStake: null,
      gameSlug: null,
      wager: 50,
      maxBet: '1.00',
      validDays: 1,
      offerDays: 1,
      contributions: { slots: 0, dice: 100 },
      sportsMinOdd: '1.50',
      currencyAmounts: {},
      weekdays: [],
      timeZone: 'UTC',
      payout: 'bonus',
    });
    expect(edit).toMatchObject({ requestId: expect.any(String) });
    if ('requestId' in edit) {
      await t.app.services.staff.requests.approve('campaign_edit', edit.requestId, {
        id: approver.id,
        roles: ['marketing'],
        ip: null,
      });
    }
    // The granted bonus keeps its 5.00 max bet, its 2x requirement and its contribution table.
    expect((await walletCall(t, 'originals', 'bet', bet(player, '5.01'))).json()).toMatchObject({
      code: 'bonus_max_bet_exceeded',
    });
    expect((await walletCall(t, 'originals', 'bet', bet(player, '5.00'))).json()).toMatchObject({ status: 'ok' });
    await walletCall(t, 'originals', 'bet', bet(player, '5.00', 'dice'));
    expect((await overview(player)).active).toMatchObject({ wagered: '5.00', wagerRequired: '20.00', maxBet: '5.00' });
    // A new offer is made under the new terms.
    const fresh = await signedInPlayer(t);
    const newId = await staffOffer(fresh, slug);
    expect((await overview(fresh)).offers.find((offer) => offer.id === newId)).toMatchObject({
      amount: '50.00',
      wager: 50,
      maxBet: '1.00',
    });
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('plays free spins from the bonus pool; their winnings are bonus money that carries the wager', async () => {
    const player = await signedInPlayer(t);
    await seat(player, 'lucky-reels');
    const offer = await offerOf(player, 'lucky-reels-spins');
    const accepted = bonusAcceptResponseSchema.parse((await post(player, `get/${offer.id}`)).json());
    expect(accepted.bonus).toMatchObject({ amount: '0.00', freeSpinsLeft: 20, wagerRequired: '0.00' });
    const spin = bet(player, '0.20');
    expect((await walletCall(t, 'originals', 'bet', spin)).json()).toMatchObject({ status: 'ok', balance: '0.00' });
    await walletCall(t, 'originals', 'win', { ...spin, transactionId: `tx-${randomUUID()}`, amount: '1.00' });
    expect(await balances(t, player.id)).toEqual({ main: 0n, bonus: 100n });
    expect((await overview(player)).active).toMatchObject({
      amount: '1.00',
      wagerRequired: '25.00',
      freeSpinsLeft: 19,
    });
    // Another stake is not a spin without money.
    const paid = await walletCall(t, 'originals', 'bet', bet(player, '0.30'));
    expect(paid.json()).toMatchObject({ status: 'ok', balance: '0.70' });
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });
});

describe('wagering through sports bets', () => {
  async function feed(body: FeedIngestInput) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/spa/staff/sports/feed',
      headers: { 'x-feed-token': FEED_TOKEN },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
  }

  it('refuses a stake above the max bet, takes bonus money after main, and pays the bonus share back as bonus', async () => {
    const now = Date.now();
    await feed(englishBook(now));
    const matchId = 9_600_001;
    const startsAt = now + 2 * 3_600_000;
    await feed({ matches: [footballMatch(matchId, startsAt)] });
    const outcomes = await t.db
      .select({ id: schema.outcomes.id, label: schema.outcomes.label })
      .from(schema.outcomes)
      .innerJoin(schema.markets, eq(schema.markets.id, schema.outcomes.marketId))
      .where(eq(schema.markets.matchId, matchId));
    const home = outcomes.find((outcome) => outcome.label === '1')!;
    const homeOrDraw = outcomes.find((outcome) => outcome.label === '1X')!;

    const player = await signedInPlayer(t);
    await fund(t, player.id, 300n);
    const id = await staffOffer(player, 'welcome-free-money');
    await post(player, `get/${id}`);
    const place = (outcomeId: number, odd: number, stake: string) =>
      t.app.inject({
        method: 'POST',
        url: '/spa/sports/bets',
        headers: { ...player.headers, 'idempotency-key': key() },
        payload: { kind: 'single', stake, oddsChangePolicy: 'any', selections: [{ outcomeId, odd }] },
      });

    const tooBig = await place(home.id, 2.1, '5.01');
    expectErrorEnvelope(tooBig, 409, 'bonus_max_bet_exceeded');
    expect(await balances(t, player.id)).toEqual({ main: 300n, bonus: 1000n });

    expect((await place(home.id, 2.1, '5.00')).statusCode).toBe(201);
    expect(await balances(t, player.id)).toEqual({ main: 0n, bonus: 800n });
    // Odds under 1.50 do not count.
    expect((await place(homeOrDraw.id, 1.3, '1.00')).statusCode).toBe(201);
    // Sports stakes count when they settle (a void bet never counts).
    expect((await overview(player)).active).toMatchObject({ wagered: '0.00' });

    const delivery = footballMatch(matchId, startsAt);
    await feed({
      matches: [
        {
          ...delivery,
          matchStatus: 'ended',
          matchResult: { score1: 2, score2: 1 },
          matchBets: delivery.matchBets.map((market) => ({
            ...market,
            matchBetStatus: 'settled' as const,
            matchBetOutcomes: market.matchBetOutcomes.map((outcome) => ({
              ...outcome,
              matchBetOutcomeResult: ['1', '1X'].includes(outcome.providerBetOutcomeId)
                ? ('won' as const)
                : ('lost' as const),
            })),
          })),
        },
      ],
    });
    // 5.00 at 2.10 staked 3.00 main + 2.00 bonus: 10.50 pays 6.30 main and 4.20 bonus; the 1.00 bonus stake at 1.30 pays 1.30 bonus (7.00 + 4.20 + 1.30).
    expect(await balances(t, player.id)).toEqual({ main: 630n, bonus: 1250n });
    expect((await overview(player)).active).toMatchObject({ wagered: '5.00' });
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });
});
