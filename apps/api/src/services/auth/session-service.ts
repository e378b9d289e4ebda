import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import { schema, type Db, type DbOrTx } from '@playhouse/db';

const { sessions, users } = schema;

export const SESSION_COOKIE = 'ph_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's expiry slides forward at most this often, so a busy page does not write on every request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
/** Staff sessions end after this long without a request (STAFF_IDLE_TIMEOUT_MS). */
export const STAFF_IDLE_TIMEOUT_MS = 15 * 60 * 1000;
/** A staff session's expiry slides at most this often: the idle timeout holds to the minute. */
const STAFF_TOUCH_INTERVAL_MS = 60 * 1000;
/** How often a new session also clears every account's expired sessions (players who never come back leave rows). */
export const SESSION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** The signed-in user as the api works with it: the row without its password hash. */
export type SessionUser = Omit<typeof users.$inferSelect, 'passwordHash'>;

export interface ResolvedSession {
  sessionId: number;
  user: SessionUser;
  /** Set when the expiry slid forward: the cookie should be sent again with a fresh Max-Age. */
  refreshed: boolean;
  expiresAt: Date;
}

export interface NewSession {
  sessionId: number;
  token: string;
  expiresAt: Date;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 32 random bytes, base64url: the opaque value of a session cookie or an e-mailed link. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

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
  locale: users.locale,
  timezone: users.timezone,
  timezoneSource: users.timezoneSource,
  timezoneCheckedAt: users.timezoneCheckedAt,
  oddType: users.oddType,
  promoCode: users.promoCode,
  termsAcceptedAt: users.termsAcceptedAt,
  passwordChangedAt: users.passwordChangedAt,
  createdAt: users.createdAt,
};

export type SessionService = ReturnType<typeof createSessionService>;

export function createSessionService({
  db,
  ttlMs = SESSION_TTL_MS,
  staffIdleMs = STAFF_IDLE_TIMEOUT_MS,
  recheckMs = 25_000,
  now = () => new Date(),
}: {
  db: Db;
  ttlMs?: number;
  /** A staff session's lifetime without a request. */
  staffIdleMs?: number;
  /** How often a long-lived connection should ask `isLive` again. */
  recheckMs?: number;
  now?: () => Date;
}) {
  let lastSweep = Number.NEGATIVE_INFINITY;

  /**
   * Starts a session; only the token's hash is stored, the token itself goes to the cookie. `staff`: the second factor
   * was just checked, and the session lives only as long as its holder keeps working (the idle timeout).
   */
  async function create(
    executor: DbOrTx,
    userId: number,
    client: { ip: string | null; userAgent: string | null },
    options: { staff?: boolean } = {},
  ): Promise<NewSession> {
    const token = newOpaqueToken();
    const current = now();
    const expiresAt = new Date(current.getTime() + (options.staff ? staffIdleMs : ttlMs));
    // Dead sessions go when a new one starts (the user's own every time, everyone's at most hourly per instance), so
    // the table holds live sessions without a separate job.
    const sweepAll = current.getTime() - lastSweep >= SESSION_SWEEP_INTERVAL_MS;
    if (sweepAll) lastSweep = current.getTime();
    await executor
      .delete(sessions)
      .where(
        sweepAll ? lt(sessions.expiresAt, current) : and(eq(sessions.userId, userId), lt(sessions.expiresAt, current)),
      );
    const rows = await executor
      .insert(sessions)
      .values({
        tokenHash: hashToken(token),
        userId,
        createdAt: current,
        lastSeenAt: current,
        expiresAt,
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 512) ?? null,
        secondFactorAt: options.staff ? current : null,
      })
      .returning({ id: sessions.id });
    return { sessionId: rows[0]!.id, token, expiresAt };
  }

  /**
   * The live session a cookie token names, sliding its expiry; null when unknown, expired, the user is blocked, or a
   * staff account's session never passed the second factor.
   */
  async function resolve(token: string): Promise<ResolvedSession | null> {
    const current = now();
    const rows = await db
      .select({
        sessionId: sessions.id,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        secondFactorAt: sessions.secondFactorAt,
        user: userColumns,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, current)))
      .limit(1);
    const row = rows[0];
    if (!row || row.user.status !== 'active') return null;
    const staff = row.user.role === 'staff';
    if (staff && row.secondFactorAt === null) return null;
    if (current.getTime() - row.lastSeenAt.getTime() < (staff ? STAFF_TOUCH_INTERVAL_MS : TOUCH_INTERVAL_MS)) {
      return { sessionId: row.sessionId, user: row.user, refreshed: false, expiresAt: row.expiresAt };
    }
    const expiresAt = new Date(current.getTime() + (staff ? staffIdleMs : ttlMs));
    await db.update(sessions).set({ lastSeenAt: current, expiresAt }).where(eq(sessions.id, row.sessionId));
    return { sessionId: row.sessionId, user: row.user, refreshed: true, expiresAt };
  }

  /** Whether a session resolved earlier still lives: not ended, not expired, its user not blocked. Writes nothing. */
  async function isLive(sessionId: number, executor: DbOrTx = db): Promise<boolean> {
    const rows = await executor
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now()), eq(users.status, 'active')))
      .limit(1);
    return rows.length > 0;
  }

  async function destroy(sessionId: number, executor: DbOrTx = db): Promise<void> {
    await executor.delete(sessions).where(eq(sessions.id, sessionId));
  }

  /** Ends every session of a user, or every one but `keepSessionId`. */
  async function destroyAllForUser(executor: DbOrTx, userId: number, keepSessionId?: number): Promise<void> {
    await executor
      .delete(sessions)
      .where(
        keepSessionId === undefined
          ? eq(sessions.userId, userId)
          : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)),
      );
  }

  return { create, resolve, isLive, destroy, destroyAllForUser, recheckMs };
}
