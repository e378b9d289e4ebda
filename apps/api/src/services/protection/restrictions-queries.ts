import { and, desc, eq, isNull } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';

const { playerRestrictions } = schema;

/** The breaks' SQL: a player's time-outs, self-exclusions and closures, and their returns. */

export type RestrictionRow = typeof playerRestrictions.$inferSelect;

/** A player's restrictions, the latest first; `lock` takes them `FOR UPDATE` (one player's steps take turns). */
export function restrictionsOf(executor: DbOrTx, userId: number, lock = false): Promise<RestrictionRow[]> {
  const query = executor
    .select()
    .from(playerRestrictions)
    .where(eq(playerRestrictions.userId, userId))
    .orderBy(desc(playerRestrictions.startsAt), desc(playerRestrictions.id));
  return lock ? query.for('update') : query;
}

export async function insertRestriction(executor: DbOrTx, values: typeof playerRestrictions.$inferInsert) {
  await executor.insert(playerRestrictions).values(values);
}

/** Records a request to come back on every restriction that has none yet. */
export async function requestReturnFrom(executor: DbOrTx, userId: number, at: Date, returnsAt: Date): Promise<void> {
  await executor
    .update(playerRestrictions)
    .set({ returnRequestedAt: at, returnsAt })
    .where(and(eq(playerRestrictions.userId, userId), isNull(playerRestrictions.returnRequestedAt)));
}
