import type { DbOrTx, Tx } from '@playhouse/db';
import type { BonusTermsSnapshot } from '@playhouse/db/schema';
import type { BonusGameType } from '@playhouse/shared';
import { playerAccounts, type TransferLeg, type WalletService } from '../wallet/wallet-service';
import {
  activeBonusRow,
  addBonusWinnings,
  addCashedOut,
  addWagered,
  bonusRow,
  bonusStatusRows,
  insertContribution,
  lockBonusCashedOut,
  lockedBonusRow,
  markBonusFinished,
  reverseContribution,
  type BonusCampaignRow,
  type BonusWithCampaign,
  type UserBonusRow,
} from './bonus-engine-queries';
import { campaignLimitsFor } from './campaign-limits';

export type { BonusCampaignRow, UserBonusRow } from './bonus-engine-queries';
// The id of the player's bonus being wagered, read without a lock (undefined: none); a free spin used or given back.
export { activeBonusIdOf as activeBonusId, setFreeSpinsLeft } from './bonus-engine-queries';
export interface LockedBonus {
  bonus: UserBonusRow;
  campaign: BonusCampaignRow;
}

const minorOrNull = (value: string | null | undefined) =>
  value === null || value === undefined ? null : BigInt(value);

/** The campaign's terms in one currency: that currency's amounts where the campaign sets them, its own otherwise. */
export function campaignInCurrency(campaign: BonusCampaignRow, currency: string): BonusCampaignRow {
  const line = campaign.currencyAmounts[currency];
  if (!line) return campaign;
  return {
    ...campaign,
    amount: line.amount === undefined ? campaign.amount : BigInt(line.amount),
    minDeposit: line.minDeposit === undefined ? campaign.minDeposit : BigInt(line.minDeposit),
    maxBet: line.maxBet === undefined ? campaign.maxBet : BigInt(line.maxBet),
    freeSpinStake: line.freeSpinStake === undefined ? campaign.freeSpinStake : BigInt(line.freeSpinStake),
    items: line.items ?? campaign.items,
  };
}

/** What an offer keeps of its campaign (already in the player's currency): the terms it is wagered under. */
export function termsSnapshot(campaign: BonusCampaignRow): BonusTermsSnapshot {
  const text = (value: bigint | null) => (value === null ? null : value.toString());
  return {
    kind: campaign.kind,
    template: campaign.template,
    amount: text(campaign.amount),
    matchPercent: campaign.matchPercent,
    minDeposit: text(campaign.minDeposit),
    items: [...campaign.items],
    freeSpins: campaign.freeSpins,
    freeSpinStake: text(campaign.freeSpinStake),
    gameSlug: campaign.gameSlug,
    wager: campaign.wager,
    maxBet: text(campaign.maxBet),
    validDays: campaign.validDays,
    offerDays: campaign.offerDays,
    contributions: { ...campaign.contributions },
    sportsMinOddThousandths: campaign.sportsMinOddThousandths,
  };
}

/**
 * The campaign as a bonus was offered: its current row (id, slug, status) with the terms the bonus keeps. Every reader
 * of a player's bonus goes through this, so a campaign edit never changes a bonus already offered or granted.
 */
export function asOffered(bonus: UserBonusRow, campaign: BonusCampaignRow): BonusCampaignRow {
  const terms = bonus.terms;
  if (!terms) return campaignInCurrency(campaign, bonus.currency);
  return {
    ...campaign,
    kind: terms.kind,
    template: terms.template,
    amount: minorOrNull(terms.amount),
    matchPercent: terms.matchPercent,
    minDeposit: minorOrNull(terms.minDeposit),
    items: terms.items,
    freeSpins: terms.freeSpins,
    freeSpinStake: minorOrNull(terms.freeSpinStake),
    gameSlug: terms.gameSlug,
    wager: terms.wager,
    maxBet: minorOrNull(terms.maxBet),
    validDays: terms.validDays,
    offerDays: terms.offerDays,
    contributions: terms.contributions,
    sportsMinOddThousandths: terms.sportsMinOddThousandths,
  };
}

export const grantTransferKey = (bonusId: string) => `bonus:grant:${bonusId}`;
export const conversionTransferKey = (bonusId: string) => `bonus:conversion:${bonusId}`;
export const forfeitTransferKey = (bonusId: string) => `bonus:forfeit:${bonusId}`;

/** The contribution table's game type of a catalogue game. */
export function gameTypeOf(game: { kind: string; engine: string }): BonusGameType {
  if (game.kind === 'slot') return 'slots';
  if (game.kind === 'table') return 'table';
  if (game.kind === 'live') return 'live';
  if (game.kind === 'originals') {
    if (game.engine === 'slot') return 'slots';
    if (game.engine === 'dice') return 'dice';
    if (game.engine === 'plinko') return 'plinko';
  }
  return 'other';
}

/** Minor units of a stake that count towards wagering: floor(stake x percent / 100). */
export function contributionOf(
  campaign: Pick<BonusCampaignRow, 'contributions' | 'sportsMinOddThousandths'>,
  gameType: BonusGameType,
  stake: bigint,
  oddThousandths?: number,
): bigint {
  if (gameType === 'sports' && (oddThousandths ?? 0) < campaign.sportsMinOddThousandths) return 0n;
  const percent = BigInt(Math.max(0, Math.min(100, Math.trunc(campaign.contributions[gameType] ?? 0))));
  return (stake * percent) / 100n;
}

/** The player's bonus balance in a currency (0 when the account does not exist yet). */
export async function bonusBalance(tx: DbOrTx, userId: number, currency: string): Promise<bigint> {
  const accounts = await playerAccounts(tx, userId);
  return accounts.find((account) => account.kind === 'bonus' && account.currency === currency)?.balance ?? 0n;
}

/**
 * Locks the player's active bonus row (and reads its campaign). Every step that reads or moves bonus money takes
 * this lock first and the ledger's account locks after it, so conversion, forfeit and bets never interleave.
 */
export async function lockActiveBonus(tx: DbOrTx, userId: number): Promise<LockedBonus | undefined> {
  return offered(await activeBonusRow(tx, userId, true));
}

/** The player's bonus being wagered and its campaign, read without a lock (the stake guards' view). */
export async function readActiveBonus(tx: DbOrTx, userId: number): Promise<LockedBonus | undefined> {
  return offered(await activeBonusRow(tx, userId, false));
}

export async function lockBonus(tx: DbOrTx, bonusId: string): Promise<LockedBonus | undefined> {
  return offered(await lockedBonusRow(tx, bonusId));
}

/** A bonus row with the campaign as the bonus was offered. */
const offered = (row: BonusWithCampaign | undefined): LockedBonus | undefined =>
  row && { bonus: row.bonus, campaign: asOffered(row.bonus, row.campaign) };

/**
 * Ends a locked active bonus: 'completed' converts what is left on the bonus balance to main money, 'expired' and
 * 'forfeited' return it to the house bonus pool. The status changes only from active, so it happens once.
 */
export async function finishBonus(
  tx: Tx,
  wallet: WalletService,
  bonus: UserBonusRow,
  status: 'completed' | 'expired' | 'forfeited',
  now: Date,
): Promise<void> {
  const finished = await markBonusFinished(tx, bonus.id, status, now);
  if (!finished) return;
  const remaining = await bonusBalance(tx, bonus.userId, bonus.currency);
  if (remaining <= 0n) return;
  if (status !== 'completed') {
    await wallet.transfer(
      {
        idempotencyKey: forfeitTransferKey(bonus.id),
        kind: 'bonus_forfeit',
        currency: bonus.currency,
        legs: [
          { account: { userId: bonus.userId, kind: 'bonus' }, amount: -remaining },
          { account: { house: 'bonus_pool' }, amount: remaining },
        ],
        metadata: { bonusId: bonus.id, status },
      },
      tx,
    );
    return;
  }
  // The currency's max cash-out holds whatever the campaign said: the rest goes back to the house.
  const converted = await cashOutAllowed(tx, bonus, finished.cashedOut, remaining);
  const legs: TransferLeg[] = [{ account: { userId: bonus.userId, kind: 'bonus' }, amount: -remaining }];
  if (converted > 0n) legs.push({ account: { userId: bonus.userId, kind: 'main' }, amount: converted });
  if (remaining > converted) legs.push({ account: { house: 'bonus_pool' }, amount: remaining - converted });
  await wallet.transfer(
    {
      idempotencyKey: conversionTransferKey(bonus.id),
      kind: 'bonus_conversion',
      currency: bonus.currency,
      legs,
      metadata: {
        bonusId: bonus.id,
        status,
        ...(remaining > converted ? { overMaxCashout: String(remaining - converted) } : {}),
      },
    },
    tx,
  );
}

/**
 * Caps what bonus-funded shares of stakes pay into main money after their bonus completed (`late`, per bonus id):
 * that is cash-out too, so each bonus's max cash-out holds it; the excess moves from `credited.main` to the pool.
 * Locks each bonus row (ids in order) after the stake rows: completed bonuses are final, only this path writes them.
 */
export async function capLateShares(
  tx: DbOrTx,
  credited: { main: bigint; bonusPool: bigint },
  late: Map<string, bigint>,
): Promise<void> {
  for (const bonusId of [...late.keys()].sort()) {
    const share = late.get(bonusId)!;
    if (share <= 0n) continue;
    const row = await lockBonusCashedOut(tx, bonusId);
    if (!row) continue;
    const excess = share - (await cashOutAllowed(tx, row, row.cashedOut, share));
    credited.main -= excess;
    credited.bonusPool += excess;
  }
}

/**
 * How much of `amount` a bonus may still turn into main money under its currency's max cash-out, given what it
 * already has (`cashedOut`); records that much more as cashed out on the bonus row (which the caller has locked or
 * just finished).
 */
export async function cashOutAllowed(
  tx: DbOrTx,
  bonus: Pick<UserBonusRow, 'id' | 'currency'>,
  cashedOut: bigint,
  amount: bigint,
): Promise<bigint> {
  if (amount <= 0n) return 0n;
  const { maxCashout } = await campaignLimitsFor(tx, bonus.currency, true);
  const left = maxCashout > cashedOut ? maxCashout - cashedOut : 0n;
  const allowed = amount < left ? amount : left;
  if (allowed > 0n) await addCashedOut(tx, bonus.id, allowed);
  return allowed;
}

/** Wagering is done once the requirement is met and no free spin is left to play. */
function wageringDone(bonus: UserBonusRow): boolean {
  return (bonus.freeSpinsLeft ?? 0) === 0 && bonus.wagered >= bonus.wagerRequired;
}

/** Completes the bonus when its wagering is done (after a stake counted, or a free spin's result came in). */
export async function completeIfDone(tx: Tx, wallet: WalletService, bonusId: string, now: Date): Promise<void> {
  const bonus = await bonusRow(tx, bonusId);
  if (bonus && bonus.status === 'active' && wageringDone(bonus)) await finishBonus(tx, wallet, bonus, 'completed', now);
}

/**
 * Counts a stake towards the locked active bonus, once per source key. Returns the contribution counted now (0 for
 * a repeat or a stake that does not qualify).
 */
export async function countStake(
  tx: DbOrTx,
  locked: LockedBonus,
  sourceKey: string,
  gameType: BonusGameType,
  stake: bigint,
  oddThousandths?: number,
): Promise<bigint> {
  const contribution = contributionOf(locked.campaign, gameType, stake, oddThousandths);
  const inserted = await insertContribution(tx, {
    userBonusId: locked.bonus.id,
    sourceKey,
    gameType,
    stake,
    contribution,
  });
  if (!inserted || contribution === 0n) return 0n;
  await addWagered(tx, locked.bonus.id, contribution);
  return contribution;
}

/**
 * Takes back a rolled-back or voided stake's contribution from the player's active bonus. A bonus that has already
 * ended keeps its outcome: completion and forfeit are final.
 */
export async function uncountStake(tx: DbOrTx, userId: number, sourceKey: string): Promise<void> {
  const locked = await lockActiveBonus(tx, userId);
  if (!locked) return;
  const contribution = await reverseContribution(tx, locked.bonus.id, sourceKey);
  if (contribution === undefined || contribution === 0n) return;
  await addWagered(tx, locked.bonus.id, -contribution);
}

/**
 * The statuses of some bonuses (of stakes being paid or returned). A status other than 'active' is final, so it can be
 * read without a lock; the active one is locked by whoever pays or returns money for it (`lockActiveBonus`).
 */
export async function bonusStatuses(tx: DbOrTx, ids: string[]): Promise<Map<string, UserBonusRow['status']>> {
  if (ids.length === 0) return new Map();
  const rows = await bonusStatusRows(tx, ids);
  return new Map(rows.map((row) => [row.id, row.status]));
}

/** A free-spin win is bonus money that carries the campaign's wager: the requirement grows with it. */
export async function addFreeSpinWinnings(tx: DbOrTx, locked: LockedBonus, winnings: bigint): Promise<void> {
  if (winnings <= 0n) return;
  await addBonusWinnings(tx, locked.bonus.id, winnings, locked.campaign.wager);
}
