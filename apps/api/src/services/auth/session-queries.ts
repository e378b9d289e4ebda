import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { schema, type Db, type DbOrTx } from '@playhouse/db';

const { sessions, users, playerLimits } = schema;

/** The auth domain's SQL: sessions, with their user and the player's session time limit. */

const userColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  role: users.role,
  status: users.status,
  phone: users.phone,
  country: users.country,
  currency: users.currency,
  dateOfBirth: users.dateOfBirth,
  fullName: users.fullName,
  locale: users.locale,
  timezone: users.timezone,
  timezoneSource: users.timezoneSource,
  timezoneCheckedAt: users.timezoneCheckedAt,
  oddType: users.oddType,
  hiddenProfileTabs: users.hiddenProfileTabs,
  promoCode: users.promoCode,
  termsAcceptedAt: users.termsAcceptedAt,
  passwordChangedAt: users.passwordChangedAt,
  createdAt: users.createdAt,
};

/** The join to the player's session time limit (minutes; player protection), if they set one. */
const sessionLimitJoin = and(eq(playerLimits.userId, sessions.userId), eq(playerLimits.kind, 'session'));

/** The user as a session carries it: the row without its password hash and its matching keys. */
export type SessionUserRow = Omit<typeof users.$inferSelect, 'passwordHash' | 'emailKey' | 'nameKey'>;

/** Deletes expired sessions: the user's own, or everyone's (`userId` null). */
export async function deleteExpiredSessions(executor: DbOrTx, userId: number | null, current: Date): Promise<void> {
  await executor
    .delete(sessions)
    .where(
      userId === null
        ? lt(sessions.expiresAt, current)
        : and(eq(sessions.userId, userId), lt(sessions.expiresAt, current)),
    );
}

export async function insertSession(executor: DbOrTx, values: typeof sessions.$inferInsert): Promise<number> {
  const rows = await executor.insert(sessions).values(values).returning({ id: sessions.id });
  return rows[0]!.id;
}

/**
 * The unexpired session a token hash names, created after `createdAfter`, with its user and session limit. Every
 * signed-in request asks it, so it is built once (when the session service is made) and runs as a named prepared
 * statement: neither drizzle (building the SQL) nor PostgreSQL (planning a three-table join, which took it longer
 * than running it) redo it per request.
 */
export function sessionByTokenHashLookup(db: Db) {
  const query = db
    .select({
      sessionId: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      secondFactorAt: sessions.secondFactorAt,
      sessionLimitMinutes: playerLimits.amount,
      user: userColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(playerLimits, sessionLimitJoin)
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('current')),
        gt(sessions.createdAt, sql.placeholder('createdAfter')),
      ),
    )
    .limit(1)
    .prepare('auth_session_by_token_hash');
  return async (tokenHash: string, current: Date, createdAfter: Date) => {
    // As drizzle sends a timestamp column's value (a placeholder's value is sent as it is given).
    const [row] = await query.execute({
      tokenHash,
      current: current.toISOString(),
      createdAfter: createdAfter.toISOString(),
    });
    return row;
  };
}

/** An unexpired session of an active user, with its session limit. */
export async function liveSessionRow(executor: DbOrTx, sessionId: number, current: Date) {
  const [row] = await executor
    .select({ id: sessions.id, createdAt: sessions.createdAt, sessionLimitMinutes: playerLimits.amount })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(playerLimits, sessionLimitJoin)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, current), eq(users.status, 'active')))
    .limit(1);
  return row;
}

export async function updateSession(
  executor: DbOrTx,
  sessionId: number,
  values: Partial<Pick<typeof sessions.$inferInsert, 'lastSeenAt' | 'expiresAt' | 'secondFactorAt'>>,
): Promise<void> {
  await executor.update(sessions).set(values).where(eq(sessions.id, sessionId));
}

export async function deleteSession(executor: DbOrTx, sessionId: number): Promise<void> {
  await executor.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Deletes every session of a user, or every one but `keepSessionId`. */
export async function deleteUserSessions(executor: DbOrTx, userId: number, keepSessionId?: number): Promise<void> {
  await executor
    .delete(sessions)
    .where(
      keepSessionId === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)),
    );
}
