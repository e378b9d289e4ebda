import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '@playhouse/db';
import { stakes, type StakeStatus } from '@playhouse/db/schema';

export type StakeRow = typeof stakes.$inferSelect;

/** Records a stake once per source key; returns false when it was already recorded. */
export async function insertStake(db: DbOrTx, values: typeof stakes.$inferInsert): Promise<boolean> {
  const rows = await db.insert(stakes).values(values).onConflictDoNothing().returning({ key: stakes.sourceKey });
  return rows.length > 0;
}

/** The stakes recorded under these source keys (a page of bets' stakes). */
export async function stakesBySource(db: DbOrTx, sourceKeys: string[]): Promise<StakeRow[]> {
  if (sourceKeys.length === 0) return [];
  return db
    .select()
    .from(stakes)
    .where(inArray(stakes.sourceKey, [...new Set(sourceKeys)]));
}

export async function findStake(db: DbOrTx, sourceKey: string): Promise<StakeRow | undefined> {
  const [row] = await db.select().from(stakes).where(eq(stakes.sourceKey, sourceKey));
  return row;
}

/** Locks a player's stakes (in key order, the one order every caller takes) and reads them. */
export async function lockStakes(db: DbOrTx, userId: number, sourceKeys: string[]): Promise<StakeRow[]> {
  if (sourceKeys.length === 0) return [];
  return db
    .select()
    .from(stakes)
    .where(and(eq(stakes.userId, userId), inArray(stakes.sourceKey, [...new Set(sourceKeys)])))
    .orderBy(stakes.sourceKey)
    .for('update');
}

/** Moves stakes on from open (a refunded stake stays refunded). */
export async function markStakes(db: DbOrTx, sourceKeys: string[], status: StakeStatus, at: Date): Promise<void> {
  if (sourceKeys.length === 0) return;
  await db
    .update(stakes)
    .set({ status, settledAt: at })
    .where(and(inArray(stakes.sourceKey, sourceKeys), ne(stakes.status, 'refunded')));
}

/** The product a bonus was first staked on, or null when it has funded no stake yet. */
export async function firstStakeProduct(
  db: DbOrTx,
  userId: number,
  userBonusId: string,
): Promise<StakeRow['product'] | null> {
  const [row] = await db
    .select({ product: stakes.product })
    .from(stakes)
    .where(and(eq(stakes.userId, userId), eq(stakes.userBonusId, userBonusId)))
    .orderBy(asc(stakes.createdAt))
    .limit(1);
  return row?.product ?? null;
}

/** Puts a settled or refunded stake back to open (a trader re-settles its bet). */
export async function reopenStake(db: DbOrTx, sourceKey: string): Promise<void> {
  await db.update(stakes).set({ status: 'open', settledAt: null }).where(eq(stakes.sourceKey, sourceKey));
}

/** What is left of a stake once part of it was cashed out: its amount and each share lowered by what left. */
export async function shrinkStake(
  db: DbOrTx,
  sourceKey: string,
  taken: { main: bigint; bonus: bigint; freeSpin: bigint },
): Promise<void> {
  const amount = taken.main + taken.bonus + taken.freeSpin;
  await db
    .update(stakes)
    .set({
      amount: sql`${stakes.amount} - ${amount}`,
      main: sql`${stakes.main} - ${taken.main}`,
      bonus: sql`${stakes.bonus} - ${taken.bonus}`,
      freeSpin: sql`${stakes.freeSpin} - ${taken.freeSpin}`,
    })
    .where(eq(stakes.sourceKey, sourceKey));
}
