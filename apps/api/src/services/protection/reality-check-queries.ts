import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';

const { sessions, sessionRealityChecks, playerProtection } = schema;

/** The reality checks' SQL: the player's interval, a session's last answer, and the answers' count. */

/** The player's own interval in minutes (0: off), or undefined when they never chose one. */
export async function realityCheckMinutesOf(executor: DbOrTx, userId: number): Promise<number | null | undefined> {
  const [row] = await executor
    .select({ minutes: playerProtection.realityCheckMinutes })
    .from(playerProtection)
    .where(eq(playerProtection.userId, userId));
  return row?.minutes;
}

export async function saveRealityCheckMinutes(executor: DbOrTx, userId: number, minutes: number, at: Date) {
  await executor
    .insert(playerProtection)
    .values({ userId, realityCheckMinutes: minutes, updatedAt: at })
    .onConflictDoUpdate({ target: playerProtection.userId, set: { realityCheckMinutes: minutes, updatedAt: at } });
}

/**
 * A player's session with when its check was last answered: the one named, or (`sessionId` null) the most recently
 * used of those not expired at `now`.
 */
export async function sessionWithLastCheck(executor: DbOrTx, userId: number, sessionId: number | null, now: Date) {
  const [row] = await executor
    .select({ id: sessions.id, startedAt: sessions.createdAt, acknowledgedAt: sessionRealityChecks.acknowledgedAt })
    .from(sessions)
    .leftJoin(sessionRealityChecks, eq(sessionRealityChecks.sessionId, sessions.id))
    .where(
      and(eq(sessions.userId, userId), sessionId === null ? gt(sessions.expiresAt, now) : eq(sessions.id, sessionId)),
    )
    .orderBy(desc(sessions.lastSeenAt))
    .limit(1);
  return row;
}

/** Records an answer to a session's check at `at`, counting the answers. */
export async function recordRealityCheckAnswer(executor: DbOrTx, sessionId: number, at: Date): Promise<void> {
  await executor
    .insert(sessionRealityChecks)
    .values({ sessionId, acknowledgedAt: at, answered: 1 })
    .onConflictDoUpdate({
      target: sessionRealityChecks.sessionId,
      set: { acknowledgedAt: at, answered: sql`${sessionRealityChecks.answered} + 1` },
    });
}
