import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@playhouse/db';
import { bonusCampaigns, bonusContributions, userBonuses } from '@playhouse/db/schema';
import type { BonusGameType } from '@playhouse/shared';

/** The bonus engine's SQL: a player's bonus row with its campaign (locked or read), wagering and cash-out counters. */

export type UserBonusRow = typeof userBonuses.$inferSelect;
export type BonusCampaignRow = typeof bonusCampaigns.$inferSelect;
export interface BonusWithCampaign {
  bonus: UserBonusRow;
  /** The campaign's current row (the engine lays the bonus's own terms over it). */
  campaign: BonusCampaignRow;
}

const activeOf = (userId: number) => and(eq(userBonuses.userId, userId), eq(userBonuses.status, 'active'));

/** A bonus row and its campaign; `lock` takes the bonus row `FOR UPDATE` (the campaign is read without a lock). */
async function bonusWithCampaign(
  executor: DbOrTx,
  where: SQL | undefined,
  lock: boolean,
): Promise<BonusWithCampaign | undefined> {
  const query = executor.select().from(userBonuses).where(where);
  const [bonus] = lock ? await query.for('update') : await query;
  if (!bonus) return undefined;
  const [campaign] = await executor.select().from(bonusCampaigns).where(eq(bonusCampaigns.id, bonus.campaignId));
  return campaign && { bonus, campaign };
}

/** The player's active bonus and its campaign, locked (`lock`) or read. */
export const activeBonusRow = (executor: DbOrTx, userId: number, lock: boolean) =>
  bonusWithCampaign(executor, activeOf(userId), lock);

/** A bonus by id and its campaign, the bonus row locked. */
export const lockedBonusRow = (executor: DbOrTx, bonusId: string) =>
  bonusWithCampaign(executor, eq(userBonuses.id, bonusId), true);

/** The id of the player's active bonus, read without a lock. */
export async function activeBonusIdOf(executor: DbOrTx, userId: number): Promise<string | undefined> {
  const [row] = await executor.select({ id: userBonuses.id }).from(userBonuses).where(activeOf(userId));
  return row?.id;
}

/** A bonus row by id, read without a lock. */
export async function bonusRow(executor: DbOrTx, bonusId: string): Promise<UserBonusRow | undefined> {
  const [row] = await executor.select().from(userBonuses).where(eq(userBonuses.id, bonusId));
  return row;
}

/** Ends an active bonus (from active only, so once); answers what it had cashed out, or undefined when it was not active. */
export async function markBonusFinished(
  executor: DbOrTx,
  bonusId: string,
  status: 'completed' | 'expired' | 'forfeited',
  now: Date,
): Promise<{ cashedOut: bigint } | undefined> {
  const [row] = await executor
    .update(userBonuses)
    .set({ status, finishedAt: now })
    .where(and(eq(userBonuses.id, bonusId), eq(userBonuses.status, 'active')))
    .returning({ cashedOut: userBonuses.cashedOut });
  return row;
}

/** A bonus's currency and cashed-out total, the row locked. */
export async function lockBonusCashedOut(executor: DbOrTx, bonusId: string) {
  const [row] = await executor
    .select({ id: userBonuses.id, currency: userBonuses.currency, cashedOut: userBonuses.cashedOut })
    .from(userBonuses)
    .where(eq(userBonuses.id, bonusId))
    .for('update');
  return row;
}

export async function addCashedOut(executor: DbOrTx, bonusId: string, amount: bigint): Promise<void> {
  await executor
    .update(userBonuses)
    .set({ cashedOut: sql`${userBonuses.cashedOut} + ${amount}` })
    .where(eq(userBonuses.id, bonusId));
}

/** Adds to (or, negative, takes from) what a bonus has wagered. */
export async function addWagered(executor: DbOrTx, bonusId: string, amount: bigint): Promise<void> {
  await executor
    .update(userBonuses)
    .set({ wagered: sql`${userBonuses.wagered} + ${amount}` })
    .where(eq(userBonuses.id, bonusId));
}

/** Records a stake's contribution once per source key; answers whether this call recorded it. */
export async function insertContribution(
  executor: DbOrTx,
  values: { userBonusId: string; sourceKey: string; gameType: BonusGameType; stake: bigint; contribution: bigint },
): Promise<boolean> {
  const inserted = await executor
    .insert(bonusContributions)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: bonusContributions.id });
  return inserted.length > 0;
}

/** Marks a stake's contribution to a bonus reversed (once); answers the contribution, or undefined when none was left. */
export async function reverseContribution(
  executor: DbOrTx,
  bonusId: string,
  sourceKey: string,
): Promise<bigint | undefined> {
  const [row] = await executor
    .update(bonusContributions)
    .set({ reversed: true })
    .where(
      and(
        eq(bonusContributions.userBonusId, bonusId),
        eq(bonusContributions.sourceKey, sourceKey),
        eq(bonusContributions.reversed, false),
      ),
    )
    .returning({ contribution: bonusContributions.contribution });
  return row?.contribution;
}

export async function bonusStatusRows(executor: DbOrTx, ids: string[]) {
  return executor
    .select({ id: userBonuses.id, status: userBonuses.status })
    .from(userBonuses)
    .where(inArray(userBonuses.id, ids));
}

/** Bonus money won on free spins: the amount grows by it and the requirement by it times the wager. */
export async function addBonusWinnings(executor: DbOrTx, bonusId: string, winnings: bigint, wager: number) {
  await executor
    .update(userBonuses)
    .set({
      amount: sql`coalesce(${userBonuses.amount}, 0) + ${winnings}`,
      wagerRequired: sql`${userBonuses.wagerRequired} + ${winnings * BigInt(wager)}`,
    })
    .where(eq(userBonuses.id, bonusId));
}

export async function setFreeSpinsLeft(executor: DbOrTx, bonusId: string, delta: number): Promise<void> {
  await executor
    .update(userBonuses)
    .set({ freeSpinsLeft: sql`greatest(0, coalesce(${userBonuses.freeSpinsLeft}, 0) + ${delta})` })
    .where(eq(userBonuses.id, bonusId));
}
