import { and, desc, eq, gt, gte, isNull } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';
import type { HarmRule } from '@playhouse/shared';

const { harmFlags, payments, users, sessionRealityChecks, sessions } = schema;

/** The markers-of-harm rules' SQL: their flags, and what the rules read of deposits, time zones and sessions. */

export type HarmFlagRow = typeof harmFlags.$inferSelect;

/** Raises a flag once per (player, rule, window); answers whether this call raised it. */
export async function insertHarmFlag(
  executor: DbOrTx,
  values: { userId: number; rule: HarmRule; windowKey: string; details: Record<string, unknown>; flaggedAt: Date },
): Promise<boolean> {
  const inserted = await executor
    .insert(harmFlags)
    .values(values)
    .onConflictDoNothing({ target: [harmFlags.userId, harmFlags.rule, harmFlags.windowKey] })
    .returning({ id: harmFlags.id });
  return inserted.length > 0;
}

/** A player's deposits (every status) created after `since`. */
export function depositsSince(executor: DbOrTx, userId: number, since: Date) {
  return executor
    .select({ at: payments.createdAt, amount: payments.amount, status: payments.status })
    .from(payments)
    .where(and(eq(payments.userId, userId), gt(payments.createdAt, since)));
}

/** The players who started a deposit after `since`. */
export function depositorsSince(executor: DbOrTx, since: Date) {
  return executor.selectDistinct({ userId: payments.userId }).from(payments).where(gt(payments.createdAt, since));
}

/** A player's sessions that answered at least `answered` reality checks. */
export function sessionsWithRealityChecks(executor: DbOrTx, userId: number, answered: number) {
  return executor
    .select({ sessionId: sessionRealityChecks.sessionId, answered: sessionRealityChecks.answered })
    .from(sessionRealityChecks)
    .innerJoin(sessions, eq(sessions.id, sessionRealityChecks.sessionId))
    .where(and(eq(sessions.userId, userId), gte(sessionRealityChecks.answered, answered)));
}

/** Flags with their players' logins, the newest first: one player's, or only those not reviewed yet. */
export function harmFlagPage(executor: DbOrTx, query: { userId?: number; open?: boolean }, limit: number) {
  return executor
    .select({ flag: harmFlags, login: users.email })
    .from(harmFlags)
    .innerJoin(users, eq(users.id, harmFlags.userId))
    .where(
      and(
        query.userId === undefined ? undefined : eq(harmFlags.userId, query.userId),
        query.open ? isNull(harmFlags.reviewedAt) : undefined,
      ),
    )
    .orderBy(desc(harmFlags.flaggedAt), desc(harmFlags.id))
    .limit(limit);
}

export async function lockHarmFlag(executor: DbOrTx, id: number): Promise<HarmFlagRow | undefined> {
  const [flag] = await executor.select().from(harmFlags).where(eq(harmFlags.id, id)).for('update');
  return flag;
}

export async function markHarmFlagReviewed(executor: DbOrTx, id: number, at: Date, by: number): Promise<void> {
  await executor.update(harmFlags).set({ reviewedAt: at, reviewedBy: by }).where(eq(harmFlags.id, id));
}
