import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { DEMO_CONTRIBUTIONS, seedBonuses } from '@playhouse/db/seed/bonuses';
import { createBonusService, type BonusService } from '../../src/services/bonuses/bonus-service';
import { weekOf } from '../../src/services/bonuses/campaign-calendar';
import { withdrawalRequestedSince } from '../../src/services/cashbox/withdrawal-service';
import type { WalletService } from '../../src/services/wallet/wallet-service';
import { balances, buildCasinoApp, signedInPlayer, type CasinoTestApp } from '../helpers/games-fixtures';
import { ledgerViolations, NO_VIOLATIONS } from '../helpers/ledger-invariants';

/*
 * Issue 20: the weekend reload, the Friday free spins and the weekly cashback are campaigns the engine runs. Days and
 * weeks are the operator's (Europe/Malta for the demo): December 2026 is UTC+1 there.
 */

let t: CasinoTestApp;
beforeAll(async () => {
  t = await buildCasinoApp();
  await seedBonuses(t.db);
});
afterAll(async () => t.close());

function serviceAt(now: Date, wallet: WalletService = t.app.services.wallet): BonusService {
  return createBonusService({ db: t.db, clock: { now: () => now }, wallet, withdrawalRequestedSince });
}

async function player() {
  const { id } = await signedInPlayer(t);
  return { id, currency: 'EUR', role: 'player' as const, createdAt: new Date() };
}

/** A deposit the cashbox credited at `at`. */
async function depositAt(userId: number, amount: bigint, at: string) {
  const [method] = await t.db.select({ code: schema.paymentMethods.code }).from(schema.paymentMethods).limit(1);
  await t.db.insert(schema.payments).values({
    userId,
    methodCode: method!.code,
    provider: 'sandbox',
    amount,
    currency: 'EUR',
    status: 'succeeded',
    idempotencyKey: `deposit-${randomUUID()}`,
    requestHash: 'fixture',
    createdAt: new Date(at),
    settledAt: new Date(at),
  });
}

const slugsOf = async (service: BonusService, user: Awaited<ReturnType<typeof player>>) =>
  (await service.overview(user, 'en')).offers.map((offer) => offer.bonus.slug).sort();

describe('weekend reload (deposit match on Saturday and Sunday, operator time)', () => {
  const saturdayNoon = new Date('2026-12-05T11:00:00Z');

  it('offers 50% of a weekend deposit, capped, once a week; accepting grants it with its wagering', async () => {
    const user = await player();
    await depositAt(user.id, 4_000n, '2026-12-05T09:00:00Z');
    const service = serviceAt(saturdayNoon);
    const { offers } = await service.overview(user, 'en');
    const reload = offers.find((offer) => offer.bonus.slug === 'weekend-reload');
    expect(reload).toMatchObject({ kind: 'deposit_match', amount: '20.00', wager: 25, maxBet: '5.00', validDays: 7 });
    // A second weekend deposit the same week earns nothing more; the cap holds for a large one next weekend.
    await depositAt(user.id, 50_000n, '2026-12-06T10:00:00Z');
    const sunday = serviceAt(new Date('2026-12-06T11:00:00Z'));
    expect((await sunday.overview(user, 'en')).offers.filter((o) => o.bonus.slug === 'weekend-reload')).toHaveLength(1);
    await depositAt(user.id, 50_000n, '2026-12-12T10:00:00Z');
    const next = (await serviceAt(new Date('2026-12-12T11:00:00Z')).overview(user, 'en')).offers.filter(
      (offer) => offer.bonus.slug === 'weekend-reload',
    );
    // The next weekend's offer is capped at €100; the first weekend's offer waited its 3 days and is gone by then.
    expect(next.map((offer) => offer.amount)).toEqual(['100.00']);

    const { bonus } = await sunday.accept(user.id, reload!.id);
    expect(bonus).toMatchObject({ kind: 'deposit_match', amount: '20.00', wagerRequired: '500.00' });
    expect((await balances(t, user.id)).bonus).toBe(2_000n);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('counts the weekend from Saturday 00:00 to Sunday 24:00 in Malta, not UTC', async () => {
    const early = await player();
    // Friday 23:30 UTC is Saturday 00:30 in Malta.
    await depositAt(early.id, 4_000n, '2026-12-04T23:30:00Z');
    expect(await slugsOf(serviceAt(saturdayNoon), early)).toContain('weekend-reload');
    const late = await player();
    // Friday 22:30 UTC is still Friday 23:30 in Malta.
    await depositAt(late.id, 4_000n, '2026-12-04T22:30:00Z');
    expect(await slugsOf(serviceAt(saturdayNoon), late)).not.toContain('weekend-reload');
    const monday = await player();
    // Sunday 23:00 UTC is Monday 00:00 in Malta.
    await depositAt(monday.id, 4_000n, '2026-12-06T23:00:00Z');
    expect(await slugsOf(serviceAt(new Date('2026-12-07T08:00:00Z')), monday)).not.toContain('weekend-reload');
  });

  it('needs the minimum deposit, and a weekday deposit earns nothing', async () => {
    const small = await player();
    await depositAt(small.id, 1_999n, '2026-12-05T09:00:00Z');
    expect(await slugsOf(serviceAt(saturdayNoon), small)).not.toContain('weekend-reload');
    const wednesday = await player();
    await depositAt(wednesday.id, 4_000n, '2026-12-02T12:00:00Z');
    expect(await slugsOf(serviceAt(new Date('2026-12-02T13:00:00Z')), wednesday)).not.toContain('weekend-reload');
  });
});

describe('Friday free spins', () => {
  it('offers 20 spins on Lucky Reels for a Friday deposit in Malta time; the spins are played free', async () => {
    const user = await player();
    // Thursday 23:30 UTC is Friday 00:30 in Malta.
    await depositAt(user.id, 2_000n, '2026-12-03T23:30:00Z');
    const friday = serviceAt(new Date('2026-12-04T12:00:00Z'));
    const spins = (await friday.overview(user, 'en')).offers.find((offer) => offer.bonus.slug === 'friday-free-spins');
    expect(spins).toMatchObject({ kind: 'free_spins', quantity: 20, wager: 20 });
    expect(spins!.bonus.firstFreeSpinGame).toMatchObject({ slug: 'lucky-reels', title: 'Lucky Reels' });
    const { bonus } = await friday.accept(user.id, spins!.id);
    expect(bonus.freeSpinsLeft).toBe(20);

    const thursday = await player();
    await depositAt(thursday.id, 2_000n, '2026-12-03T22:30:00Z');
    expect(await slugsOf(serviceAt(new Date('2026-12-04T12:00:00Z')), thursday)).not.toContain('friday-free-spins');
  });
});

describe('weekly cashback', () => {
  /** A week after now: the week the test's play falls in is the one the job pays. */
  const payday = () => new Date(weekOf(new Date(), 'Europe/Malta').end.getTime() + 3_600_000);

  /** Casino play on the player's own money (stake from main to the house, win back). */
  async function play(userId: number, staked: bigint, won: bigint, account: 'main' | 'bonus' = 'main') {
    const wallet = t.app.services.wallet;
    await wallet.transfer({
      idempotencyKey: `test-bet:${randomUUID()}`,
      kind: 'casino_bet',
      currency: 'EUR',
      legs: [
        { account: { userId, kind: account }, amount: -staked },
        { account: { house: 'casino' }, amount: staked },
      ],
    });
    if (won > 0n) {
      await wallet.transfer({
        idempotencyKey: `test-win:${randomUUID()}`,
        kind: 'casino_win',
        currency: 'EUR',
        legs: [
          { account: { userId, kind: account }, amount: won },
          { account: { house: 'casino' }, amount: -won },
        ],
      });
    }
  }

  async function fundMain(userId: number, amount: bigint) {
    await t.app.services.wallet.transfer({
      idempotencyKey: `test-fund:${randomUUID()}`,
      kind: 'deposit',
      currency: 'EUR',
      legs: [
        { account: { userId, kind: 'main' }, amount },
        { account: { house: 'world' }, amount: -amount },
      ],
    });
  }

  async function cashbackRows(userId: number, slug = 'weekly-cashback') {
    const [campaign] = await t.db
      .select({ id: schema.bonusCampaigns.id })
      .from(schema.bonusCampaigns)
      .where(eq(schema.bonusCampaigns.slug, slug));
    return t.db
      .select()
      .from(schema.userBonuses)
      .where(and(eq(schema.userBonuses.userId, userId), eq(schema.userBonuses.campaignId, campaign!.id)));
  }

  it('offers 10% of the week’s net casino loss as a bonus with its wagering, once, however often the job runs', async () => {
    const loser = await player();
    await fundMain(loser.id, 20_000n);
    await play(loser.id, 10_000n, 3_000n);
    const service = serviceAt(payday());
    await service.payCashback();
    await service.payCashback();
    const rows = await cashbackRows(loser.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'offered', amount: 700n });
    expect(rows[0]!.triggerRef).toBe(`cashback:${weekOf(new Date(), 'Europe/Malta').key}`);
    const offer = (await service.overview(loser, 'en')).offers.find((o) => o.bonus.slug === 'weekly-cashback');
    expect(offer).toMatchObject({ kind: 'cashback', amount: '7.00', wager: 5 });
    const { bonus } = await service.accept(loser.id, offer!.id);
    expect(bonus).toMatchObject({ amount: '7.00', wagerRequired: '35.00' });
    expect((await balances(t, loser.id)).bonus).toBe(700n);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('pays nothing for a week that broke even or won, nor for losses of bonus money', async () => {
    const even = await player();
    await fundMain(even.id, 10_000n);
    await play(even.id, 5_000n, 5_000n);
    const winner = await player();
    await fundMain(winner.id, 10_000n);
    await play(winner.id, 5_000n, 8_000n);
    const bonusOnly = await player();
    await t.app.services.wallet.transfer({
      idempotencyKey: `test-bonus:${randomUUID()}`,
      kind: 'bonus_grant',
      currency: 'EUR',
      legs: [
        { account: { userId: bonusOnly.id, kind: 'bonus' }, amount: 5_000n },
        { account: { house: 'bonus_pool' }, amount: -5_000n },
      ],
    });
    await play(bonusOnly.id, 5_000n, 0n, 'bonus');
    await serviceAt(payday()).payCashback();
    for (const user of [even, winner, bonusOnly]) expect(await cashbackRows(user.id)).toEqual([]);
  });

  it('caps the cashback at the campaign’s €100', async () => {
    const whale = await player();
    await fundMain(whale.id, 500_000n);
    await play(whale.id, 500_000n, 0n);
    await serviceAt(payday()).payCashback();
    expect((await cashbackRows(whale.id))[0]).toMatchObject({ amount: 10_000n });
  });

  it('pays only for the last whole week: play in the running week waits for its end', async () => {
    const early = await player();
    await fundMain(early.id, 10_000n);
    await play(early.id, 10_000n, 0n);
    // Now, the running week is not over: the week the job pays is the one before, which holds none of this play.
    await serviceAt(new Date()).payCashback();
    expect(await cashbackRows(early.id)).toEqual([]);
    await serviceAt(payday()).payCashback();
    expect((await cashbackRows(early.id))[0]).toMatchObject({ amount: 1_000n });
  });

  it('pays as cash when the operator says so: into main money, once, even when the first run fails midway', async () => {
    const slug = `cash-back-${randomUUID().slice(0, 8)}`;
    await t.db.insert(schema.bonusCampaigns).values({
      slug,
      kind: 'cashback',
      template: 'standard',
      trigger: 'net_loss',
      matchPercent: 20,
      amount: 5_000n,
      payout: 'cash',
      timeZone: 'Europe/Malta',
      wager: 0,
      validDays: 7,
      offerDays: 7,
      contributions: DEMO_CONTRIBUTIONS,
      approvedAt: new Date(Date.now() - 1_000),
    });
    const user = await player();
    await fundMain(user.id, 10_000n);
    await play(user.id, 10_000n, 0n);
    const before = (await balances(t, user.id)).main;

    // The wallet fails on the cashback transfer: the run's transaction rolls back, nothing is recorded as paid.
    const failing: WalletService = {
      ...t.app.services.wallet,
      transfer: async (request, tx) => {
        if (request.kind === 'cashback') throw new Error('crash during the cashback transfer');
        return t.app.services.wallet.transfer(request, tx);
      },
    };
    await expect(serviceAt(payday(), failing).payCashback()).rejects.toThrow(/crash/);
    expect(await cashbackRows(user.id, slug)).toEqual([]);
    expect((await balances(t, user.id)).main).toBe(before);

    await serviceAt(payday()).payCashback();
    await serviceAt(payday()).payCashback();
    const rows = await cashbackRows(user.id, slug);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'completed', amount: 2_000n, cashedOut: 2_000n });
    expect((await balances(t, user.id)).main).toBe(before + 2_000n);
    const paid = await t.db
      .select()
      .from(schema.ledgerTransfers)
      .where(
        and(eq(schema.ledgerTransfers.kind, 'cashback'), like(schema.ledgerTransfers.idempotencyKey, 'cashback:%')),
      );
    expect(paid.filter((transfer) => transfer.idempotencyKey === `cashback:${rows[0]!.id}`)).toHaveLength(1);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  // Runs after the cash campaign above is made: both campaigns pay these players.
  it('two job runs at once pay each player once', async () => {
    const users = await Promise.all([player(), player(), player()]);
    for (const user of users) {
      await fundMain(user.id, 10_000n);
      await play(user.id, 10_000n, 0n);
    }
    const at = payday();
    await Promise.all([serviceAt(at).payCashback(), serviceAt(at).payCashback(), serviceAt(at).payCashback()]);
    for (const user of users) {
      const rows = await cashbackRows(user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.amount).toBe(1_000n);
      // The cash campaign of the test before is live too: its money moved once per player, whatever the race.
      const cash = await t.db
        .select({ amount: schema.ledgerEntries.amount })
        .from(schema.ledgerEntries)
        .innerJoin(schema.ledgerAccounts, eq(schema.ledgerAccounts.id, schema.ledgerEntries.accountId))
        .innerJoin(schema.ledgerTransfers, eq(schema.ledgerTransfers.id, schema.ledgerEntries.transferId))
        .where(and(eq(schema.ledgerAccounts.userId, user.id), eq(schema.ledgerTransfers.kind, 'cashback')));
      expect(cash).toEqual([{ amount: 2_000n }]);
    }
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('pays nobody for a week before the campaign went live', async () => {
    const user = await player();
    await fundMain(user.id, 10_000n);
    await play(user.id, 10_000n, 0n);
    await t.db
      .update(schema.bonusCampaigns)
      .set({ approvedAt: payday() })
      .where(eq(schema.bonusCampaigns.slug, 'weekly-cashback'));
    try {
      await serviceAt(payday()).payCashback();
      expect(await cashbackRows(user.id)).toEqual([]);
    } finally {
      await t.db
        .update(schema.bonusCampaigns)
        .set({ approvedAt: new Date(Date.now() - 3_600_000) })
        .where(eq(schema.bonusCampaigns.slug, 'weekly-cashback'));
    }
  });
});
