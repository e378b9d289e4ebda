import { randomInt, randomUUID } from 'node:crypto';
import type { Db, DbOrTx, Tx } from '@playhouse/db';
import {
  CURRENCIES,
  formatMinor,
  isCurrency,
  type ActiveBonus,
  type BonusHistoryQuery,
  type BonusHistoryResponse,
  type BonusOffer,
  type BonusesResponse,
  type Currency,
  type StaffBonusCampaign,
} from '@playhouse/shared';
import { campaignTermsView } from './campaign-view';
import { campaignLimitsFor, smaller } from './campaign-limits';
import { NotFoundError, RateLimitError, ValidationError } from '../../lib/errors';
import { hitCounter, secondsUntil } from '../rate-counters/rate-counters';
import type { Clock } from '../../lib/clock';
import type { WalletService } from '../wallet/wallet-service';
import { casinoNetLosses } from '../wallet/play-queries';
import {
  activateOffer,
  activeBonusesDue,
  allCampaigns,
  bonusAmount,
  bonusHistoryPage,
  campaignKindIs,
  campaignTriggerIn,
  campaignsById,
  countRedemption,
  creditedDepositsSince,
  expireOffers,
  findAccountByLogin,
  findApprovedPromoCode,
  findCampaign,
  findCampaignBySlug,
  findOfferId,
  findPromoCode,
  findUserBonus,
  firstCreditedDeposit,
  freeSpinGameRows,
  hasActiveBonus,
  insertUserBonus,
  liveCampaigns,
  lockAcceptances,
  openBonusesOf,
  playersAmong,
  registrationCode,
  rejectOffer,
  setPickedAmount,
} from './bonus-queries';
import { cashbackAmount, onCampaignDay, previousWeek, weekOf } from './campaign-calendar';
import {
  asOffered,
  campaignInCurrency,
  cashOutAllowed,
  finishBonus,
  grantTransferKey,
  lockActiveBonus,
  lockBonus,
  termsSnapshot,
  type BonusCampaignRow,
  type UserBonusRow,
} from './bonus-engine';
import {
  BonusActiveExistsError,
  BonusDepositWithdrawnError,
  BonusNotActiveError,
  BonusNotCoinsError,
  BonusNotFoundError,
  BonusNotOfferedError,
  CampaignNotLiveError,
  PromoCodeExhaustedError,
  PromoCodeExpiredError,
  PromoCodeUnknownError,
  PromoCodeUsedError,
  WithdrawalForfeitsBonusError,
} from './bonus-errors';

const DAY_MS = 86_400_000;
/** Advisory lock namespace of a player's bonus acceptances (the wallet's provider locks use 727_100_040). */
const ACCEPT_LOCK_NAMESPACE = 727_400_001;
/** Promo code attempts a player may make per window (right or wrong): codes cannot be guessed by trying many. */
export const PROMO_CODE_LIMIT = { max: 10, windowMs: 15 * 60_000 };

/** Message keys of a campaign's texts in the "bonuses" namespace. */
export const campaignNameKey = (slug: string) => `campaigns.${slug}.name`;
export const campaignNoticeKey = (slug: string) => `campaigns.${slug}.notice`;

function currencyOf(code: string): Currency {
  return isCurrency(code) ? code : 'EUR';
}

export type BonusService = ReturnType<typeof createBonusService>;

/**
 * Offers, acceptance, rejection, coin picks, forfeits and expiry of bonuses. Every money step is one ledger transfer
 * keyed by the bonus id (bonus:grant|conversion|forfeit:<id>) and runs under the bonus row's lock with a status
 * change that only happens once, so retries and racing requests never grant, convert or forfeit twice.
 */
/** The player a bonus call is for, as the session knows them; role and sign-up time steer the triggered offers. */
export interface OfferTarget {
  id: number;
  currency: string;
  role?: string;
  createdAt?: Date;
}

/** The largest wagering multiple the player's jurisdiction allows (null: no cap). */
export type MaxWagering = (executor: DbOrTx, userId: number) => Promise<number | null>;

/** Whether the player asked for a withdrawal (not rejected) at or after `since`: the cashbox's answer. */
export type WithdrawalRequestedSince = (executor: DbOrTx, userId: number, since: Date) => Promise<boolean>;

/** Whether the player may receive a bonus now (not during a break from play): protection's answer. */
export type BonusesAllowed = (executor: DbOrTx, userId: number) => Promise<boolean>;

/** The trigger ref of a weekday-deposit offer: one per campaign and player per local week. */
export const depositWeekRef = (weekKey: string) => `deposit:${weekKey}`;
/** The trigger ref of a cashback: one per campaign and player per local week paid for. */
export const cashbackWeekRef = (weekKey: string) => `cashback:${weekKey}`;
export const cashbackTransferKey = (bonusId: string) => `cashback:${bonusId}`;

export function createBonusService({
  db,
  clock,
  wallet,
  withdrawalRequestedSince,
  maxWagering = async () => null,
  bonusesAllowed = async () => true,
  randomIndex = (count) => randomInt(count),
}: {
  db: Db;
  clock: Clock;
  /** The one wallet, built by its plugin. */
  wallet: WalletService;
  withdrawalRequestedSince: WithdrawalRequestedSince;
  maxWagering?: MaxWagering;
  /** The cashback job pays nobody who may not receive a bonus now. */
  bonusesAllowed?: BonusesAllowed;
  /** Where a coins offer's pick comes from (0 <= index < count): crypto's; the simulation passes a seeded one. */
  randomIndex?: (count: number) => number;
}) {
  async function freeSpinGames(slugs: string[], locale: string) {
    if (slugs.length === 0) return new Map<string, NonNullable<BonusOffer['bonus']['firstFreeSpinGame']>>();
    const rows = await freeSpinGameRows(db, slugs);
    return new Map(
      rows.map((row) => {
        const titles = row.title as Record<string, string>;
        return [
          row.slug,
          {
            id: row.id,
            slug: row.slug,
            title: titles[locale] ?? titles.en ?? row.slug,
            producer: { title: row.producer },
          },
        ];
      }),
    );
  }

  function offerView(
    row: UserBonusRow,
    campaign: BonusCampaignRow,
    game: BonusOffer['bonus']['firstFreeSpinGame'],
  ): BonusOffer {
    const currency = currencyOf(row.currency);
    const amount = campaign.kind === 'coins' ? row.pickedAmount : row.amount;
    return {
      id: row.id,
      template: campaign.template,
      kind: campaign.kind,
      amount: amount === null ? null : formatMinor(amount, currency),
      currency: CURRENCIES[currency].symbol,
      currencyCode: currency,
      wager: campaign.wager,
      quantity: campaign.kind === 'free_spins' ? campaign.freeSpins : null,
      items: campaign.kind === 'coins' ? campaign.items.map((item) => formatMinor(BigInt(item), currency)) : [],
      pickedAmount: row.pickedAmount === null ? null : formatMinor(row.pickedAmount, currency),
      expiresAt: row.offerExpiresAt?.toISOString() ?? null,
      bonus: {
        slug: campaign.slug,
        noticeTextKey: campaignNoticeKey(campaign.slug),
        nameKey: campaignNameKey(campaign.slug),
        names: campaign.names,
        firstFreeSpinGame: game,
      },
      maxBet: campaign.maxBet === null ? null : formatMinor(campaign.maxBet, currency),
      validDays: campaign.validDays,
    };
  }

  /** Which bonus it is and what it is called: the head of the active bonus and of a history row. */
  function bonusNaming(row: { id: string }, campaign: BonusCampaignRow) {
    return {
      id: row.id,
      kind: campaign.kind,
      slug: campaign.slug,
      nameKey: campaignNameKey(campaign.slug),
      names: campaign.names,
    };
  }

  function activeView(row: UserBonusRow, campaign: BonusCampaignRow): ActiveBonus {
    const currency = currencyOf(row.currency);
    const left = row.wagerRequired > row.wagered ? row.wagerRequired - row.wagered : 0n;
    return {
      ...bonusNaming(row, campaign),
      amount: formatMinor(row.amount ?? 0n, currency),
      currencyCode: currency,
      wagerRequired: formatMinor(row.wagerRequired, currency),
      wagered: formatMinor(row.wagered, currency),
      left: formatMinor(left, currency),
      maxBet: campaign.maxBet === null ? null : formatMinor(campaign.maxBet, currency),
      expiresAt: (row.expiresAt ?? clock.now()).toISOString(),
      freeSpinsLeft: campaign.kind === 'free_spins' ? (row.freeSpinsLeft ?? 0) : null,
    };
  }

  /** Inserts an offer once per (player, campaign, trigger); returns its id, or undefined when it already existed. */
  async function insertOffer(
    executor: DbOrTx,
    user: { id: number; currency: string },
    campaign: BonusCampaignRow,
    triggerRef: string,
    amount: bigint | null,
    /** A cashback paid as cash is written as a bonus already completed: it never waits for an answer. */
    paidAsCash = false,
  ): Promise<string | undefined> {
    const now = clock.now();
    // The currency's limits hold over what the campaign says: the amount under its ceiling, the wager over its floor.
    const limits = await campaignLimitsFor(executor, user.currency);
    const terms = termsSnapshot(campaignInCurrency(campaign, user.currency));
    return insertUserBonus(executor, {
      id: randomUUID(),
      userId: user.id,
      campaignId: campaign.id,
      triggerRef,
      currency: user.currency,
      amount: amount === null ? null : smaller(amount, limits.maxAmount),
      terms: { ...terms, wager: Math.max(terms.wager, limits.minWager) },
      offerExpiresAt: new Date(now.getTime() + campaign.offerDays * DAY_MS),
      createdAt: now,
      ...(paidAsCash ? { status: 'completed' as const, acceptedAt: now, finishedAt: now, wagerRequired: 0n } : {}),
    });
  }

  /** The amount an offer of `campaign` carries for a player of `currency`. */
  function campaignAmount(row: BonusCampaignRow, currency: string): bigint | null {
    const campaign = campaignInCurrency(row, currency);
    if (campaign.kind === 'free_money') return campaign.amount ?? 0n;
    if (campaign.kind === 'free_spins') return 0n;
    // Staff offering a deposit match outside its trigger offer the cap.
    if (campaign.kind === 'deposit_match') return campaign.amount ?? 0n;
    // A cashback's amount is the week's share its job computes; there is nothing to offer without a week.
    if (campaign.kind === 'cashback') throw new ValidationError({ campaign: 'a cashback is paid by its weekly job' });
    return null;
  }

  /**
   * Offers a promo code's campaign to the player, once per player and campaign (the offer's trigger is 'promo'; the
   * unique (player, campaign, trigger) key makes racing redemptions write one offer), and counts one more player on
   * the code, never past its cap: the count and the offer commit together or not at all. Answers the offer's id.
   */
  async function redeemCode(user: { id: number; currency: string }, code: string): Promise<string> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const found = await findPromoCode(tx, code.trim().toUpperCase());
      // A code or campaign no second marketing member approved does not exist for players.
      if (!found || found.code.approvedAt === null || found.campaign.approvedAt === null) {
        throw new PromoCodeUnknownError();
      }
      const { campaign } = found;
      const live = found.code.active && campaign.active && campaign.endedAt === null;
      if (!live || (found.code.expiresAt !== null && found.code.expiresAt <= now)) throw new PromoCodeExpiredError();
      const id = await insertOffer(tx, user, campaign, 'promo', campaignAmount(campaign, user.currency));
      if (!id) throw new PromoCodeUsedError();
      if (!(await countRedemption(tx, found.code.id))) throw new PromoCodeExhaustedError();
      return id;
    });
  }

  /**
   * The code a player typed when registering (users.promo_code: their affiliate code) redeems itself when it is a
   * live promo code of a promo-code campaign: once, like a redemption, and quietly (a used-up code offers nothing).
   */
  async function redeemRegistrationCode(user: OfferTarget, campaignIds: number[]): Promise<void> {
    const code = (await registrationCode(db, user.id))?.trim().toUpperCase();
    if (!code) return;
    const match = await findApprovedPromoCode(db, code, campaignIds);
    // Only codes that existed when the player signed up: a code made later was not what they typed it for.
    if (!match || (user.createdAt !== undefined && user.createdAt < match.createdAt)) return;
    try {
      await redeemCode(user, code);
    } catch (error) {
      if (error instanceof PromoCodeUsedError || error instanceof PromoCodeExhaustedError) return;
      if (error instanceof PromoCodeExpiredError || error instanceof PromoCodeUnknownError) return;
      throw error;
    }
  }

  /**
   * Materialises the offers the player's history triggers: registration campaigns once per player, and deposit
   * matches once per player on the first credited deposit that reaches the campaign's minimum. Staff and admin
   * accounts are not players: the triggers offer them nothing (an operator may still offer them a campaign by hand).
   * A registration campaign welcomes players who sign up after it starts; players who were there before get it only
   * when an operator offers it to them.
   */
  async function ensureOffers(user: OfferTarget): Promise<void> {
    if (user.role !== undefined && user.role !== 'player') return;
    const campaigns = await liveCampaigns(
      db,
      campaignTriggerIn(['registration', 'first_deposit', 'promo_code', 'deposit']),
    );
    if (campaigns.length === 0) return;
    const promo = campaigns.filter((row) => row.trigger === 'promo_code').map((row) => row.id);
    if (promo.length > 0) await redeemRegistrationCode(user, promo);
    for (const row of campaigns) {
      if (row.trigger === 'promo_code') continue;
      const campaign = campaignInCurrency(row, user.currency);
      if (campaign.trigger === 'registration') {
        if (user.createdAt !== undefined && user.createdAt < campaign.createdAt) continue;
        await insertOffer(db, user, row, 'registration', campaignAmount(row, user.currency));
        continue;
      }
      if (campaign.trigger === 'deposit') {
        // Only deposits recent enough that their offer would still be open: an old weekend earns nothing today.
        const since = new Date(clock.now().getTime() - campaign.offerDays * DAY_MS);
        for (const [weekKey, deposit] of await weekdayDeposits(db, user, campaign, since)) {
          await insertOffer(
            db,
            user,
            row,
            depositWeekRef(weekKey),
            depositOfferAmount(campaign, user.currency, deposit.amount),
          );
        }
        continue;
      }
      if (campaign.kind !== 'deposit_match') continue;
      const deposit = await matchedDeposit(db, user, campaign);
      if (!deposit) continue;
      await insertOffer(db, user, row, 'first_deposit', depositOfferAmount(campaign, user.currency, deposit.amount));
    }
  }

  /** What a deposit earns from a campaign (in the player's currency): a match's percent of it, capped, else its own. */
  function depositOfferAmount(campaign: BonusCampaignRow, currency: string, deposit: bigint): bigint | null {
    if (campaign.kind !== 'deposit_match') return campaignAmount(campaign, currency);
    const matched = (deposit * BigInt(campaign.matchPercent ?? 100)) / 100n;
    const cap = campaign.amount ?? matched;
    return matched < cap ? matched : cap;
  }

  /**
   * The deposits that earn a weekday campaign's offer: credited on one of its weekdays (in its time zone), at or
   * above its minimum, after it went live and after `since`; the first of each local week (the offer's week key).
   */
  async function weekdayDeposits(
    executor: DbOrTx,
    user: { id: number; currency: string },
    campaign: BonusCampaignRow,
    since: Date,
  ): Promise<Map<string, { amount: bigint; at: Date }>> {
    const live = campaign.approvedAt ?? campaign.createdAt;
    const from = live > since ? live : since;
    const rows = await creditedDepositsSince(executor, user, campaign.minDeposit ?? 0n, from);
    const byWeek = new Map<string, { amount: bigint; at: Date }>();
    for (const row of rows) {
      const at = row.settledAt ?? row.createdAt;
      if (!onCampaignDay(at, campaign.weekdays, campaign.timeZone)) continue;
      const { key } = weekOf(at, campaign.timeZone);
      if (!byWeek.has(key)) byWeek.set(key, { amount: row.amount, at });
    }
    return byWeek;
  }

  /** The first credited deposit that reaches a deposit match's minimum: the one it matches (later ones never do). */
  function matchedDeposit(executor: DbOrTx, user: { id: number; currency: string }, campaign: BonusCampaignRow) {
    return firstCreditedDeposit(executor, user, campaign.minDeposit ?? 0n);
  }

  /**
   * A deposit match stands on the deposit it matches: once a withdrawal was requested after that deposit (or, for an
   * offer staff made by hand, after the offer), accepting it would let the player play the bonus with none of their
   * own money at risk.
   */
  async function assertDepositStillIn(tx: Tx, row: UserBonusRow, campaign: BonusCampaignRow) {
    if (campaign.kind !== 'deposit_match') return;
    let since = row.createdAt;
    if (row.triggerRef === 'first_deposit') {
      const deposit = await matchedDeposit(tx, { id: row.userId, currency: row.currency }, campaign);
      since = deposit?.settledAt ?? deposit?.createdAt ?? row.createdAt;
    }
    if (row.triggerRef.startsWith('deposit:')) {
      const deposits = await weekdayDeposits(tx, { id: row.userId, currency: row.currency }, campaign, new Date(0));
      since = deposits.get(row.triggerRef.slice('deposit:'.length))?.at ?? row.createdAt;
    }
    if (await withdrawalRequestedSince(tx, row.userId, since)) throw new BonusDepositWithdrawnError();
  }

  async function ownBonus(tx: DbOrTx, userId: number, bonusId: string) {
    const locked = await lockBonus(tx, bonusId);
    if (!locked || locked.bonus.userId !== userId) throw new BonusNotFoundError();
    return locked;
  }

  function offerOpen(row: UserBonusRow, now: Date): boolean {
    return row.status === 'offered' && (row.offerExpiresAt === null || row.offerExpiresAt > now);
  }

  function pickFrom(campaign: BonusCampaignRow): bigint {
    const items = campaign.items;
    if (items.length === 0) throw new BonusNotCoinsError();
    return BigInt(items[randomIndex(items.length)]!);
  }

  /** Fixes a coins offer's amount at random among its items (once: a repeat answers the amount picked first). */
  async function pickIn(tx: DbOrTx, locked: { bonus: UserBonusRow; campaign: BonusCampaignRow }): Promise<bigint> {
    if (locked.bonus.pickedAmount !== null) return locked.bonus.pickedAmount;
    const { maxAmount } = await campaignLimitsFor(tx, locked.bonus.currency, true);
    const picked = smaller(pickFrom(locked.campaign), maxAmount);
    await setPickedAmount(tx, locked.bonus.id, picked);
    return picked;
  }

  /** Ends every bonus whose time ran out: open offers expire, active bonuses expire and lose their bonus money. */
  async function expireDue(): Promise<{ offers: number; bonuses: number }> {
    const now = clock.now();
    const offers = await expireOffers(db, now);
    let bonuses = 0;
    for (const id of await activeBonusesDue(db, now)) {
      const done = await db.transaction(async (tx) => {
        const locked = await lockBonus(tx, id);
        if (!locked || locked.bonus.status !== 'active' || !locked.bonus.expiresAt || locked.bonus.expiresAt > now) {
          return false;
        }
        await finishBonus(tx, wallet, locked.bonus, 'expired', now);
        return true;
      });
      if (done) bonuses++;
    }
    return { offers, bonuses };
  }

  /**
   * Pays one player's cashback for one week of one campaign, exactly once: the (player, campaign, 'cashback:<week>')
   * row is the payment's key, written in the transaction that pays. Paid as bonus: the row is an offer the player
   * accepts like any other (the grant and its wagering happen then). Paid as cash: the row is a completed bonus and the
   * `cashback` transfer (house bonus pool -> main) commits with it. A racing run waits on the row and writes nothing.
   */
  async function payCashbackTo(
    campaign: BonusCampaignRow,
    user: { id: number; currency: string },
    weekKey: string,
    amount: bigint,
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const cash = campaign.payout === 'cash';
      const id = await insertOffer(tx, user, campaign, cashbackWeekRef(weekKey), amount, cash);
      if (!id) return false;
      if (!cash) return true;
      // Cash is cash-out like a conversion: the currency's max cash-out holds it (what is above stays with the house).
      const paid = await cashOutAllowed(tx, { id, currency: user.currency }, 0n, (await bonusAmount(tx, id)) ?? 0n);
      if (paid <= 0n) return true;
      await wallet.transfer(
        {
          idempotencyKey: cashbackTransferKey(id),
          kind: 'cashback',
          currency: user.currency,
          legs: [
            { account: { house: 'bonus_pool' }, amount: -paid },
            { account: { userId: user.id, kind: 'main' }, amount: paid },
          ],
          metadata: { bonusId: id, campaign: campaign.slug, week: weekKey },
        },
        tx,
      );
      return true;
    });
  }

  /**
   * The cashback job: for each live cashback campaign, the last whole week (Monday to Monday in its time zone) since
   * it went live; each player who lost money at the casino that week (the wallet's figure) and may receive a bonus
   * now is paid the campaign's share, capped, once. Safe to run again, late, or on two instances at once.
   */
  async function payCashback(): Promise<{ paid: number }> {
    const now = clock.now();
    const campaigns = await liveCampaigns(db, campaignKindIs('cashback'));
    let paid = 0;
    for (const campaign of campaigns) {
      const week = previousWeek(now, campaign.timeZone);
      const live = campaign.approvedAt!;
      // Losses before the campaign went live were not played under its promise.
      if (week.end <= live) continue;
      const from = live > week.start ? live : week.start;
      const losses = await casinoNetLosses(db, from, week.end);
      if (losses.length === 0) continue;
      const players = await playersAmong(
        db,
        losses.map((loss) => loss.userId),
      );
      const playerCurrency = new Map(players.map((player) => [player.id, player.currency]));
      for (const loss of losses) {
        // The player's own currency only: a cashback is paid where its losses were, in the money the offer names.
        if (playerCurrency.get(loss.userId) !== loss.currency) continue;
        const terms = campaignInCurrency(campaign, loss.currency);
        const amount = cashbackAmount(loss.netLoss, terms.matchPercent ?? 0, terms.amount);
        if (amount <= 0n) continue;
        if (!(await bonusesAllowed(db, loss.userId))) continue;
        if (await payCashbackTo(campaign, { id: loss.userId, currency: loss.currency }, week.key, amount)) paid++;
      }
    }
    return { paid };
  }

  return {
    ensureOffers,
    expireDue,
    payCashback,

    /**
     * A player redeems a promo code: its campaign is offered to them, once per player and campaign (the offer's
     * trigger is 'promo'; the unique (player, campaign, trigger) key makes racing redemptions write one offer), and
     * the code counts one more player, never past its cap (the count and the offer commit together or not at all).
     */
    async redeemPromoCode(user: OfferTarget, code: string, locale: string): Promise<{ offer: BonusOffer }> {
      const now = clock.now();
      const counter = await hitCounter(db, `promo:${user.id}`, PROMO_CODE_LIMIT.windowMs, now);
      if (counter.count > PROMO_CODE_LIMIT.max) throw new RateLimitError(secondsUntil(counter.resetAt, now));
      const bonusId = await redeemCode(user, code);
      const row = await findUserBonus(db, bonusId);
      const current = await findCampaign(db, row!.campaignId);
      const campaign = asOffered(row!, current!);
      const gamesBySlug = await freeSpinGames(campaign.gameSlug ? [campaign.gameSlug] : [], locale);
      return {
        offer: offerView(row!, campaign, campaign.gameSlug ? (gamesBySlug.get(campaign.gameSlug) ?? null) : null),
      };
    },

    /** The player's open offers and the bonus being wagered. */
    async overview(user: OfferTarget, locale: string): Promise<BonusesResponse> {
      await ensureOffers(user);
      const now = clock.now();
      const rows = await openBonusesOf(db, user.id, now);
      const campaigns = await campaignsById(db, [...new Set(rows.map((row) => row.campaignId))]);
      const gameSlugs = rows.flatMap((row) => {
        const slug = asOffered(row, campaigns.get(row.campaignId)!).gameSlug;
        return slug ? [slug] : [];
      });
      const gamesBySlug = await freeSpinGames(gameSlugs, locale);
      const activeRow = rows.find((row) => row.status === 'active');
      return {
        offers: rows
          .filter((row) => row.status === 'offered')
          .map((row) => {
            const campaign = asOffered(row, campaigns.get(row.campaignId)!);
            return offerView(row, campaign, campaign.gameSlug ? (gamesBySlug.get(campaign.gameSlug) ?? null) : null);
          }),
        active: activeRow ? activeView(activeRow, asOffered(activeRow, campaigns.get(activeRow.campaignId)!)) : null,
      };
    },

    async pick(userId: number, bonusId: string): Promise<{ pickedAmount: string; items: string[] }> {
      return db.transaction(async (tx) => {
        const locked = await ownBonus(tx, userId, bonusId);
        if (locked.campaign.kind !== 'coins') throw new BonusNotCoinsError();
        const currency = currencyOf(locked.bonus.currency);
        const items = locked.campaign.items.map((item) => formatMinor(BigInt(item), currency));
        if (locked.bonus.pickedAmount !== null) {
          return { pickedAmount: formatMinor(locked.bonus.pickedAmount, currency), items };
        }
        if (!offerOpen(locked.bonus, clock.now())) throw new BonusNotOfferedError();
        return { pickedAmount: formatMinor(await pickIn(tx, locked), currency), items };
      });
    },

    /**
     * Accepts an offer: grants its amount to the bonus balance (house bonus_pool -> player bonus, key
     * bonus:grant:<id>) and starts the wagering clock. Accepting the bonus already being wagered answers it again.
     */
    async accept(userId: number, bonusId: string): Promise<{ bonus: ActiveBonus }> {
      return db.transaction(async (tx) => {
        // Accepts of one player's different offers take turns, so two cannot both find no active bonus.
        await lockAcceptances(tx, ACCEPT_LOCK_NAMESPACE, userId);
        const locked = await ownBonus(tx, userId, bonusId);
        const { campaign } = locked;
        if (locked.bonus.status === 'active') return { bonus: activeView(locked.bonus, campaign) };
        const now = clock.now();
        if (!offerOpen(locked.bonus, now)) throw new BonusNotOfferedError();
        if (await hasActiveBonus(tx, userId)) throw new BonusActiveExistsError();
        await assertDepositStillIn(tx, locked.bonus, campaign);
        // The currency's limits as they stand now, whatever they were when the offer was made: no grant above the
        // ceiling, no wagering below the floor (a jurisdiction's cap, UK-like 10x, still wins over the floor).
        const limits = await campaignLimitsFor(tx, locked.bonus.currency, true);
        const offered = campaign.kind === 'coins' ? await pickIn(tx, locked) : (locked.bonus.amount ?? 0n);
        const amount = smaller(offered, limits.maxAmount);
        const floor = Math.max(campaign.wager, limits.minWager);
        const cap = await maxWagering(tx, userId);
        const multiple = cap === null ? floor : Math.min(floor, cap);
        const updated = await activateOffer(tx, bonusId, {
          amount,
          acceptedAt: now,
          expiresAt: new Date(now.getTime() + campaign.validDays * DAY_MS),
          wagerRequired: amount * BigInt(multiple),
          freeSpinsLeft: campaign.kind === 'free_spins' ? (campaign.freeSpins ?? 0) : null,
          // Free-spin winnings carry the multiple this grant holds (the floor included) from now on.
          ...(locked.bonus.terms ? { terms: { ...locked.bonus.terms, wager: multiple } } : {}),
        });
        if (!updated) throw new BonusNotOfferedError();
        if (amount > 0n) {
          await wallet.transfer(
            {
              idempotencyKey: grantTransferKey(bonusId),
              kind: 'bonus_grant',
              currency: locked.bonus.currency,
              legs: [
                { account: { house: 'bonus_pool' }, amount: -amount },
                { account: { userId, kind: 'bonus' }, amount },
              ],
              metadata: { bonusId, campaign: campaign.slug },
            },
            tx,
          );
        }
        return { bonus: activeView(updated, campaign) };
      });
    },

    /** Declines an offer; declining it again answers the same. */
    async reject(userId: number, bonusId: string): Promise<{ id: string; status: 'rejected' }> {
      return db.transaction(async (tx) => {
        const locked = await ownBonus(tx, userId, bonusId);
        if (locked.bonus.status === 'rejected') return { id: bonusId, status: 'rejected' as const };
        if (!offerOpen(locked.bonus, clock.now())) throw new BonusNotOfferedError();
        await rejectOffer(tx, bonusId, clock.now());
        return { id: bonusId, status: 'rejected' as const };
      });
    },

    /** Gives up the bonus being wagered: what is left of its bonus money goes back to the house (bonus_forfeit). */
    async forfeit(userId: number, bonusId: string): Promise<{ id: string; status: 'forfeited' }> {
      return db.transaction(async (tx) => {
        const locked = await ownBonus(tx, userId, bonusId);
        if (locked.bonus.status === 'forfeited') return { id: bonusId, status: 'forfeited' as const };
        if (locked.bonus.status !== 'active') throw new BonusNotActiveError();
        await finishBonus(tx, wallet, locked.bonus, 'forfeited', clock.now());
        return { id: bonusId, status: 'forfeited' as const };
      });
    },

    /**
     * The cashbox's withdrawal guard: a withdrawal while a bonus is being wagered would take out the money the bonus
     * stands on, so it is refused (409 withdrawal_forfeits_bonus) until the player confirms giving the bonus up; then
     * the bonus is forfeited in the withdrawal's own transaction (a refused withdrawal forfeits nothing).
     */
    async withdrawalGuard(tx: Tx, withdrawal: { userId: number; forfeitBonus: boolean }): Promise<void> {
      const locked = await lockActiveBonus(tx, withdrawal.userId);
      if (!locked) return;
      if (!withdrawal.forfeitBonus) throw new WithdrawalForfeitsBonusError();
      await finishBonus(tx, wallet, locked.bonus, 'forfeited', clock.now());
    },

    async history(userId: number, query: BonusHistoryQuery): Promise<BonusHistoryResponse> {
      const { rows, total } = await bonusHistoryPage(db, userId, query);
      const campaigns = await campaignsById(db, [...new Set(rows.map((row) => row.campaignId))]);
      return {
        items: rows.map((row) => {
          const campaign = asOffered(row, campaigns.get(row.campaignId)!);
          const currency = currencyOf(row.currency);
          return {
            ...bonusNaming(row, campaign),
            status: row.status,
            amount: row.amount === null ? null : formatMinor(row.amount, currency),
            currencyCode: currency,
            wagerRequired: formatMinor(row.wagerRequired, currency),
            wagered: formatMinor(row.wagered, currency),
            createdAt: row.createdAt.toISOString(),
            acceptedAt: row.acceptedAt?.toISOString() ?? null,
            finishedAt: row.finishedAt?.toISOString() ?? null,
            expiresAt: (row.status === 'offered' ? row.offerExpiresAt : row.expiresAt)?.toISOString() ?? null,
          };
        }),
        total,
      };
    },

    // Staff (the ops command line)

    async campaigns(): Promise<StaffBonusCampaign[]> {
      const rows = await allCampaigns(db);
      return rows.map((row) => ({ ...campaignTermsView(row), active: row.active }));
    },

    /** Offers a campaign to a player by login; the same key offers once. `executor`: a staff approval's transaction. */
    async offer(
      login: string,
      slug: string,
      key: string,
      executor: DbOrTx = db,
    ): Promise<{ id: string; created: boolean }> {
      const user = await findAccountByLogin(executor, login);
      if (!user) throw new NotFoundError(`No player "${login}".`);
      const campaign = await findCampaignBySlug(executor, slug);
      if (!campaign) throw new NotFoundError(`No bonus campaign "${slug}".`);
      const triggerRef = `ops:${key}`;
      if (!campaign.active || campaign.endedAt !== null || campaign.approvedAt === null) {
        const existing = await findOfferId(executor, { userId: user.id, campaignId: campaign.id, triggerRef });
        if (existing) return { id: existing, created: false };
        throw new CampaignNotLiveError();
      }
      const id = await insertOffer(executor, user, campaign, triggerRef, campaignAmount(campaign, user.currency));
      if (id) return { id, created: true };
      const existing = await findOfferId(executor, { userId: user.id, campaignId: campaign.id, triggerRef });
      return { id: existing!, created: false };
    },

    async userBonuses(login: string) {
      const user = await findAccountByLogin(db, login);
      if (!user) throw new NotFoundError(`No player "${login}".`);
      return this.history(user.id, { page: 1, perPage: 100 });
    },
  };
}
