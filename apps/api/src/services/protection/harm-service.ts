import type { Db } from '@playhouse/db';
import type { HarmRule } from '@playhouse/shared';
import { NotFoundError } from '../../lib/errors';
import { OwnAccountError } from '../auth/auth-errors';
import { nightsWithStakes, playersWithEntriesSince } from '../wallet/play-queries';
import type { ProtectionClock } from './protection-clock';
import { recordAudit } from '../audit/audit-log';
import { limitRaisesSince, usersWithEventSince } from '../audit/audit-queries';
import {
  depositorsSince,
  depositsSince,
  harmFlagPage,
  insertHarmFlag,
  lockHarmFlag,
  markHarmFlagReviewed,
  sessionsWithRealityChecks,
} from './harm-queries';
import { timezoneOf } from './player-queries';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The rules that flag a player for a review by staff. Each is a marker of harm the UK Gambling Commission and the
 * MGA name: money in rising sharply, payments failing, play through the night, limits raised again and again, and
 * sessions that run on through many reality checks.
 */
export const HARM_THRESHOLDS = {
  /** Deposits in the last 24 h: at least this many, and above `spikeFactor` times the previous 30 days' daily mean. */
  spikeMinDeposits: 3,
  spikeFactor: 3,
  /** With no deposits in the 30 days before, this many in 24 h count as a spike. */
  spikeMinDepositsWithoutHistory: 5,
  declinedDeposits: 3,
  /** Stakes between 00:00 and 06:00 (the player's time zone, else UTC) on this many nights of the last 7. */
  nightPlayNights: 3,
  limitRaises: 3,
  /** One session that answered this many reality checks. */
  realityChecksAnswered: 6,
} as const;

export type HarmService = ReturnType<typeof createHarmService>;

export function createHarmService({ db, clock }: { db: Db; clock: ProtectionClock }) {
  async function flag(userId: number, rule: HarmRule, windowKey: string, details: Record<string, unknown>, now: Date) {
    return insertHarmFlag(db, { userId, rule, windowKey, details, flaggedAt: now });
  }

  /** Runs every rule for one player; returns the rules that raised a new flag. */
  async function evaluate(userId: number): Promise<HarmRule[]> {
    const now = clock.now(userId);
    const day = new Date(now.getTime() - DAY_MS);
    const month = new Date(now.getTime() - 31 * DAY_MS);
    const dayKey = now.toISOString().slice(0, 10);
    const raised: HarmRule[] = [];

    const deposits = await depositsSince(db, userId, month);
    const recent = deposits.filter((row) => row.at > day && row.status !== 'declined');
    const before = deposits.filter((row) => row.at <= day && row.status !== 'declined');
    const recentSum = recent.reduce((sum, row) => sum + row.amount, 0n);
    const beforeSum = before.reduce((sum, row) => sum + row.amount, 0n);
    const spike =
      before.length === 0
        ? recent.length >= HARM_THRESHOLDS.spikeMinDepositsWithoutHistory
        : recent.length >= HARM_THRESHOLDS.spikeMinDeposits &&
          recentSum * 30n > BigInt(HARM_THRESHOLDS.spikeFactor) * beforeSum;
    if (
      spike &&
      (await flag(
        userId,
        'deposit_spike',
        dayKey,
        { deposits24h: recent.length, amount24h: recentSum.toString(), amount30d: beforeSum.toString() },
        now,
      ))
    ) {
      raised.push('deposit_spike');
    }

    const declined = deposits.filter((row) => row.at > day && row.status === 'declined').length;
    if (
      declined >= HARM_THRESHOLDS.declinedDeposits &&
      (await flag(userId, 'declined_deposits', dayKey, { declined24h: declined }, now))
    ) {
      raised.push('declined_deposits');
    }

    const zone = (await timezoneOf(db, userId)) ?? 'UTC';
    const week = new Date(now.getTime() - 7 * DAY_MS);
    const nights = await nightsWithStakes(db, userId, week, zone);
    if (
      nights.length >= HARM_THRESHOLDS.nightPlayNights &&
      (await flag(
        userId,
        'night_play',
        `week:${Math.floor(now.getTime() / (7 * DAY_MS))}`,
        { nights: nights.sort() },
        now,
      ))
    ) {
      raised.push('night_play');
    }

    const raises = await limitRaisesSince(db, userId, new Date(now.getTime() - 30 * DAY_MS));
    if (
      raises.length >= HARM_THRESHOLDS.limitRaises &&
      (await flag(userId, 'limit_raises', now.toISOString().slice(0, 7), { raises30d: raises.length }, now))
    ) {
      raised.push('limit_raises');
    }

    const longSessions = await sessionsWithRealityChecks(db, userId, HARM_THRESHOLDS.realityChecksAnswered);
    for (const session of longSessions) {
      if (
        await flag(userId, 'reality_check_overrun', `session:${session.sessionId}`, { answered: session.answered }, now)
      ) {
        raised.push('reality_check_overrun');
      }
    }
    return raised;
  }

  return {
    evaluate,

    /** Every player with deposits, play or limit changes in the last day: what the periodic job looks at. */
    async evaluateRecent(): Promise<number> {
      const since = new Date(clock.now().getTime() - DAY_MS);
      const [depositors, limitChangers, players] = await Promise.all([
        depositorsSince(db, since),
        usersWithEventSince(db, 'limit_change', since),
        playersWithEntriesSince(db, since),
      ]);
      const ids = new Set<number>();
      for (const row of [...depositors, ...limitChangers]) if (row.userId !== null) ids.add(row.userId);
      for (const id of players) ids.add(id);
      let flagged = 0;
      for (const id of ids) flagged += (await evaluate(id)).length;
      return flagged;
    },

    async list(query: { userId?: number; open?: boolean } = {}) {
      const rows = await harmFlagPage(db, query, 200);
      return rows.map(({ flag: row, login }) => ({
        id: row.id,
        userId: row.userId,
        login,
        rule: row.rule as HarmRule,
        details: row.details,
        flaggedAt: row.flaggedAt.toISOString(),
        reviewedAt: row.reviewedAt?.toISOString() ?? null,
      }));
    },

    /** A staff member looked at a flag: marked reviewed, with the audit row in the same transaction. */
    async markReviewed(id: number, actor: { id: number; ip: string | null }): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const flag = await lockHarmFlag(tx, id);
        if (!flag) throw new NotFoundError('There is no such flag.');
        // Nobody acts on their own account.
        if (flag.userId === actor.id) throw new OwnAccountError();
        await markHarmFlagReviewed(tx, id, now, actor.id);
        await recordAudit(tx, {
          userId: flag.userId,
          actorId: actor.id,
          event: 'staff_harm_flag_review',
          ip: actor.ip,
          metadata: { flagId: id, rule: flag.rule },
          before: { reviewedAt: flag.reviewedAt?.toISOString() ?? null, reviewedBy: flag.reviewedBy },
          after: { reviewedAt: now.toISOString(), reviewedBy: actor.id },
          at: now,
        });
      });
    },
  };
}
