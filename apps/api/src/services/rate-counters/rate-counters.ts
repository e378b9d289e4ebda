import { eq, lt, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';

const { rateCounters } = schema;

export interface CounterState {
  count: number;
  resetAt: Date;
}

/**
 * Counts one more event for `key` in its fixed window, atomically across api instances, and returns the count so far
 * (this one included). A window that has run out starts again at 1.
 */
export async function hitCounter(db: DbOrTx, key: string, windowMs: number, now: Date): Promise<CounterState> {
  const resetAt = new Date(now.getTime() + windowMs);
  const rows = await db
    .insert(rateCounters)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        count: sql`case when ${rateCounters.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateCounters.count} + 1 end`,
        resetAt: sql`case when ${rateCounters.resetAt} <= ${now.toISOString()}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${rateCounters.resetAt} end`,
      },
    })
    .returning({ count: rateCounters.count, resetAt: rateCounters.resetAt });
  const row = rows[0]!;
  return { count: row.count, resetAt: row.resetAt };
}

export async function clearCounter(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateCounters).where(eq(rateCounters.key, key));
}

/** Drops windows that ended; called now and then so the table holds only live counters. */
export async function pruneCounters(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(rateCounters).where(lt(rateCounters.resetAt, now));
}

export function secondsUntil(resetAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
}

/** The count of `key`'s current window without counting anything (0 once the window has run out). */
export async function peekCounter(db: DbOrTx, key: string, now: Date): Promise<number> {
  const rows = await db
    .select({ count: rateCounters.count, resetAt: rateCounters.resetAt })
    .from(rateCounters)
    .where(eq(rateCounters.key, key))
    .limit(1);
  const row = rows[0];
  return row && row.resetAt > now ? row.count : 0;
}
