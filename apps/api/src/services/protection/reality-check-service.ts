import type { Db, DbOrTx } from '@playhouse/db';
import { formatMinor, isCurrency, type JurisdictionProfile, type RealityCheck } from '@playhouse/shared';
import { playTotalsSince } from '../wallet/play-queries';
import { RealityCheckDueError } from './protection-errors';
import type { ProtectionClock } from './protection-clock';
import {
  realityCheckMinutesOf,
  recordRealityCheckAnswer,
  saveRealityCheckMinutes,
  sessionWithLastCheck,
} from './reality-check-queries';

const MINUTE_MS = 60_000;

export type RealityCheckService = ReturnType<typeof createRealityCheckService>;

/** Minutes between checks from the player's own setting (undefined or null: none) and the profile; null: off. */
export function realityCheckInterval(own: number | null | undefined, profile: JurisdictionProfile): number | null {
  const minutes = own ?? profile.realityCheckDefaultMinutes;
  return minutes === null || minutes === 0 ? null : minutes;
}

/** When a session's next check is due (null: checks are off). */
export function realityCheckDueAt(
  session: { startedAt: Date; acknowledgedAt: Date | null },
  interval: number | null,
): Date | null {
  if (interval === null) return null;
  const last = session.acknowledgedAt ?? session.startedAt;
  return new Date(last.getTime() + interval * MINUTE_MS);
}

/**
 * Reality checks: every `interval` minutes of a signed-in session (the player's choice, else the jurisdiction's
 * default) the site shows how long the session has run and its net result, and play pauses until the player answers.
 * The api enforces the pause: a stake while a check is due is refused with 409 reality_check_due.
 */
export function createRealityCheckService({ db, clock }: { db: Db; clock: ProtectionClock }) {
  /** Minutes between checks; null: off. A player's 0 turns the profile's default off. */
  async function intervalOf(executor: DbOrTx, userId: number, profile: JurisdictionProfile): Promise<number | null> {
    return realityCheckInterval(await realityCheckMinutesOf(executor, userId), profile);
  }

  async function sessionOf(executor: DbOrTx, userId: number, sessionId: number | null) {
    return (await sessionWithLastCheck(executor, userId, sessionId, clock.now(userId))) ?? null;
  }

  const dueAtOf = realityCheckDueAt;

  return {
    intervalOf,

    async setInterval(userId: number, minutes: number | null): Promise<void> {
      const now = clock.now(userId);
      // null from the player means "off": stored as 0, so the profile's default does not come back.
      const stored = minutes ?? 0;
      await saveRealityCheckMinutes(db, userId, stored, now);
    },

    /** The session's check: when it is due and what the session has staked and won so far. */
    async state(
      user: { id: number; currency: string },
      sessionId: number,
      profile: JurisdictionProfile,
    ): Promise<RealityCheck> {
      const now = clock.now(user.id);
      const session = await sessionOf(db, user.id, sessionId);
      const startedAt = session?.startedAt ?? now;
      const interval = await intervalOf(db, user.id, profile);
      const dueAt = session ? dueAtOf(session, interval) : null;
      const totals = await playTotalsSince(db, user.id, startedAt);
      const currency = isCurrency(user.currency) ? user.currency : 'EUR';
      return {
        intervalMinutes: interval,
        sessionStartedAt: startedAt.toISOString(),
        lastCheckAt: (session?.acknowledgedAt ?? startedAt).toISOString(),
        dueAt: dueAt?.toISOString() ?? null,
        due: dueAt !== null && dueAt.getTime() <= now.getTime(),
        net: formatMinor(totals.won - totals.staked, currency),
        staked: formatMinor(totals.staked, currency),
        currency,
        serverNow: now.toISOString(),
      };
    },

    /** "Continue": the next check is one interval from now. */
    async acknowledge(userId: number, sessionId: number): Promise<void> {
      const now = clock.now(userId);
      await recordRealityCheckAnswer(db, sessionId, now);
    },

    /**
     * Refuses a stake while the session's check is due. Calls without a session (a game provider's wallet call) look
     * at the player's most recently used live session.
     */
    async assertNotDue(
      executor: DbOrTx,
      userId: number,
      sessionId: number | null,
      profile: JurisdictionProfile,
    ): Promise<void> {
      const interval = await intervalOf(executor, userId, profile);
      if (interval === null) return;
      const session = await sessionOf(executor, userId, sessionId);
      if (!session) return;
      const dueAt = dueAtOf(session, interval);
      if (dueAt && dueAt.getTime() <= clock.now(userId).getTime()) throw new RealityCheckDueError();
    },
  };
}
