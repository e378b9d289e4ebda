import { randomBytes } from 'node:crypto';
import { hashToken } from '../../lib/token-hash';
import type { Db, DbOrTx } from '@playhouse/db';
import { createPlayerCache, type PlayerCacheOptions } from '../../lib/player-cache';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  insertSession,
  liveSessionRow,
  sessionByTokenHashLookup,
  updateSession,
  type SessionUserRow,
} from './session-queries';

export const SESSION_COOKIE = 'ph_session';
/** The channel on which the database names the players whose sessions, account or session limit changed (migration 0042). */
export const SESSION_CHANNEL = 'session_changed';
/** A session unused for this long ends (the expiry slides forward with use). */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** However busy, a session ends this long after sign-in: a stolen cookie does not live forever. */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's expiry slides forward at most this often, so a busy page does not write on every request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
/** Staff sessions end after this long without a request (STAFF_IDLE_TIMEOUT_MS). */
export const STAFF_IDLE_TIMEOUT_MS = 15 * 60 * 1000;
/** However busy, a staff session ends this long after its sign-in: a working day, not a month. */
export const STAFF_MAX_AGE_MS = 12 * 60 * 60 * 1000;
/** A staff session's expiry slides at most this often: the idle timeout holds to the minute. */
const STAFF_TOUCH_INTERVAL_MS = 60 * 1000;
/** How often a new session also clears every account's expired sessions (players who never come back leave rows). */
export const SESSION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** The signed-in user as the api works with it: the row without its password hash and its matching keys. */
export type SessionUser = SessionUserRow;

export interface ResolvedSession {
  sessionId: number;
  user: SessionUser;
  /** Set when the expiry slid forward: the cookie should be sent again with a fresh Max-Age. */
  refreshed: boolean;
  expiresAt: Date;
  /** When a TOTP code was last verified for this session (its sign-in, or a code entered again); null for players. */
  secondFactorAt: Date | null;
}

export interface NewSession {
  sessionId: number;
  token: string;
  expiresAt: Date;
}

/** 32 random bytes, base64url: the opaque value of a session cookie or an e-mailed link. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

function sessionLimitReached(row: { createdAt: Date; sessionLimitMinutes: bigint | null }, current: Date): boolean {
  if (row.sessionLimitMinutes === null) return false;
  return current.getTime() - row.createdAt.getTime() >= Number(row.sessionLimitMinutes) * 60_000;
}

export type SessionService = ReturnType<typeof createSessionService>;

export function createSessionService({
  db,
  ttlMs = SESSION_TTL_MS,
  staffIdleMs = STAFF_IDLE_TIMEOUT_MS,
  staffMaxAgeMs = STAFF_MAX_AGE_MS,
  maxAgeMs = SESSION_MAX_AGE_MS,
  recheckMs = 25_000,
  keep,
  now = () => new Date(),
}: {
  db: Db;
  /** Idle lifetime: the expiry slides this far ahead of the last use. */
  ttlMs?: number;
  /** A staff session's lifetime without a request. */
  staffIdleMs?: number;
  /** A staff session's absolute lifetime from sign-in. */
  staffMaxAgeMs?: number;
  /** Absolute lifetime from sign-in; the sliding expiry never passes it. */
  maxAgeMs?: number;
  /** How often a long-lived connection should ask `isLive` again. */
  recheckMs?: number;
  /**
   * Keep resolved sessions in this process's memory (PLAYER_CACHE). Only where the caller drops them on every change
   * the database announces (`changed`, fed from the 'session_changed' channel): the api's accounts plugin.
   */
  keep?: PlayerCacheOptions;
  now?: () => Date;
}) {
  let lastSweep = Number.NEGATIVE_INFINITY;
  const sessionByTokenHash = sessionByTokenHashLookup(db);
  type SessionRow = NonNullable<Awaited<ReturnType<typeof sessionByTokenHash>>>;
  const kept = keep
    ? createPlayerCache<SessionRow>({ ...keep, playerOf: (row) => row.user.id, idOf: (row) => row.sessionId })
    : null;

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
    const lifetime = options.staff ? Math.min(staffIdleMs, staffMaxAgeMs) : ttlMs;
    const expiresAt = new Date(current.getTime() + Math.min(lifetime, maxAgeMs));
    // Dead sessions go when a new one starts (the user's own every time, everyone's at most hourly per instance), so
    // the table holds live sessions without a separate job.
    const sweepAll = current.getTime() - lastSweep >= SESSION_SWEEP_INTERVAL_MS;
    if (sweepAll) lastSweep = current.getTime();
    await deleteExpiredSessions(executor, sweepAll ? null : userId, current);
    const sessionId = await insertSession(executor, {
      tokenHash: hashToken(token),
      userId,
      createdAt: current,
      lastSeenAt: current,
      expiresAt,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 512) ?? null,
      secondFactorAt: options.staff ? current : null,
    });
    return { sessionId, token, expiresAt };
  }

  /**
   * The live session a cookie token names, sliding its expiry; null when unknown, expired, the user is blocked, or a
   * staff account's session never passed the second factor.
   */
  async function resolve(token: string): Promise<ResolvedSession | null> {
    const current = now();
    const tokenHash = hashToken(token);
    const createdAfter = new Date(current.getTime() - maxAgeMs);
    const read = () => sessionByTokenHash(tokenHash, current, createdAfter);
    const row = kept ? await kept.load(tokenHash, read, (found) => found.user.status === 'active') : await read();
    if (!row || row.user.status !== 'active') return null;
    // A kept row was read earlier: its expiry and age are checked again now, as the read checked them then.
    if (row.expiresAt <= current || row.createdAt <= createdAfter) {
      kept?.forget(row.sessionId);
      return null;
    }
    const staff = row.user.role === 'staff';
    if (staff && row.secondFactorAt === null) return null;
    if (staff && current.getTime() - row.createdAt.getTime() >= Math.min(staffMaxAgeMs, maxAgeMs)) return null;
    // The player's session time limit (player protection) ends the session when it is reached.
    if (sessionLimitReached(row, current)) {
      await deleteSession(db, row.sessionId);
      kept?.forget(row.sessionId);
      return null;
    }
    const { secondFactorAt } = row;
    if (current.getTime() - row.lastSeenAt.getTime() < (staff ? STAFF_TOUCH_INTERVAL_MS : TOUCH_INTERVAL_MS)) {
      return { sessionId: row.sessionId, user: row.user, refreshed: false, expiresAt: row.expiresAt, secondFactorAt };
    }
    const expiresAt = new Date(
      Math.min(
        current.getTime() + (staff ? staffIdleMs : ttlMs),
        row.createdAt.getTime() + (staff ? Math.min(staffMaxAgeMs, maxAgeMs) : maxAgeMs),
      ),
    );
    await updateSession(db, row.sessionId, { lastSeenAt: current, expiresAt });
    // The next request reads the slid expiry (the database announces the change to the other instances).
    kept?.forget(row.sessionId);
    return { sessionId: row.sessionId, user: row.user, refreshed: true, expiresAt, secondFactorAt };
  }

  /** Whether a session resolved earlier still lives: not ended, not expired, its user not blocked. Writes nothing. */
  async function isLive(sessionId: number, executor: DbOrTx = db): Promise<boolean> {
    const current = now();
    const row = await liveSessionRow(executor, sessionId, current);
    return row !== undefined && !sessionLimitReached(row, current);
  }

  /** Records a TOTP code verified just now for a session (a staff member entered one again). */
  async function markSecondFactor(executor: DbOrTx, sessionId: number, at: Date): Promise<void> {
    await updateSession(executor, sessionId, { secondFactorAt: at });
    kept?.forget(sessionId);
  }

  async function destroy(sessionId: number, executor: DbOrTx = db): Promise<void> {
    await deleteSession(executor, sessionId);
    kept?.forget(sessionId);
  }

  /** Ends every session of a user, or every one but `keepSessionId`. */
  async function destroyAllForUser(executor: DbOrTx, userId: number, keepSessionId?: number): Promise<void> {
    await deleteUserSessions(executor, userId, keepSessionId);
    kept?.changed([userId]);
  }

  return {
    create,
    resolve,
    isLive,
    markSecondFactor,
    destroy,
    destroyAllForUser,
    /**
     * The database announced a change of these players' sessions, user rows or session limits (null: of anyone's, or
     * announcements may have been missed): their kept sessions are read again.
     */
    changed: (userIds: readonly number[] | null) => kept?.changed(userIds),
    recheckMs,
    staffIdleMs,
    now,
  };
}
