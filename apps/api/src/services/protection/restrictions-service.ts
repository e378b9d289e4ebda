import type { Db, DbOrTx } from '@playhouse/db';
import type { RestrictBody, RestrictionDuration, RestrictionKind, RestrictionStatus } from '@playhouse/shared';
import { finishBonus, lockActiveBonus } from '../bonuses/bonus-engine';
import { rejectOpenOffers } from '../bonuses/bonus-queries';
import type { WalletService } from '../wallet/wallet-service';
import {
  InvalidPasswordError,
  PlayerRestrictedError,
  RestrictionActiveError,
  RestrictionNotEndedError,
} from './protection-errors';
import type { ProtectionClock } from './protection-clock';
import { recordAudit } from '../audit/audit-log';
import { insertRestriction, requestReturnFrom, restrictionsOf, type RestrictionRow } from './restrictions-queries';

const HOUR_MS = 60 * 60 * 1000;
/** After a break ends the player asks to come back, and plays again this long after asking. */
export const RETURN_DELAY_MS = 24 * HOUR_MS;

/** When a break of `duration` that starts at `start` ends; null: never (permanent). */
export function restrictionEnd(start: Date, duration: RestrictionDuration): Date | null {
  const plusHours = (hours: number) => new Date(start.getTime() + hours * HOUR_MS);
  const plusMonths = (months: number) => {
    const end = new Date(start);
    end.setUTCMonth(end.getUTCMonth() + months);
    return end;
  };
  switch (duration) {
    case '24h':
      return plusHours(24);
    case '1w':
      return plusHours(7 * 24);
    case '1m':
      return plusMonths(1);
    case '6w':
      return plusHours(42 * 24);
    case '6m':
      return plusMonths(6);
    case '1y':
      return plusMonths(12);
    case '5y':
      return plusMonths(60);
    case 'permanent':
      return null;
  }
}

/** What a restriction's standing is decided from. */
export type RestrictionFacts = Pick<
  RestrictionRow,
  'kind' | 'duration' | 'startsAt' | 'endsAt' | 'returnRequestedAt' | 'returnsAt'
>;

/** A row still counts until the player's return has taken effect. */
function open(row: RestrictionFacts, now: Date): boolean {
  return row.returnsAt === null || row.returnsAt.getTime() > now.getTime();
}

function inForce(row: RestrictionFacts, now: Date): boolean {
  if (row.endsAt === null) return row.returnRequestedAt === null;
  return row.endsAt.getTime() > now.getTime();
}

/** Where the player stands, from their rows (newest first). */
export function restrictionStatus<Row extends RestrictionFacts>(
  rows: Row[],
  now: Date,
): RestrictionStatus & { row: Row | null } {
  const live = rows.filter((row) => open(row, now));
  const view = (state: RestrictionStatus['state'], row: Row | null) => ({
    state,
    kind: row?.kind ?? null,
    duration: row?.duration ?? null,
    startedAt: row?.startsAt.toISOString() ?? null,
    endsAt: row?.endsAt?.toISOString() ?? null,
    returnsAt: row?.returnsAt?.toISOString() ?? null,
    row,
  });
  if (live.length === 0) return view('active', null);
  const forcing = live.filter((row) => inForce(row, now));
  if (forcing.length > 0) {
    // The one that lasts longest speaks for all of them.
    const longest = forcing.reduce((best, row) =>
      best.endsAt === null ? best : row.endsAt === null || row.endsAt > best.endsAt ? row : best,
    );
    return view('restricted', longest);
  }
  const waiting = live.find((row) => row.returnRequestedAt === null);
  if (waiting) return view('ended', waiting);
  const last = live.reduce((best, row) => (row.returnsAt! > best.returnsAt! ? row : best));
  return view('returning', last);
}

export type RestrictionsService = ReturnType<typeof createRestrictionsService>;

/**
 * Time-outs, self-exclusions and account closure. Taking one ends the active bonus (forfeited) and open offers; while
 * one is in force the player can sign in, see their history and withdraw, and nothing else. Nobody can end it early:
 * there is no route or command that shortens one. After it ends the player asks to come back and waits 24 hours.
 */
export function createRestrictionsService({
  db,
  clock,
  wallet,
  confirmPassword,
}: {
  db: Db;
  clock: ProtectionClock;
  /** The one wallet, built by its plugin. */
  wallet: WalletService;
  confirmPassword: (userId: number, password: string) => Promise<boolean>;
}) {
  async function status(executor: DbOrTx, userId: number) {
    return restrictionStatus(await restrictionsOf(executor, userId), clock.now(userId));
  }

  async function checkPassword(userId: number, password: string) {
    if (!(await confirmPassword(userId, password))) throw new InvalidPasswordError();
  }

  return {
    status,

    /** The public view of the player's standing. */
    async view(userId: number): Promise<RestrictionStatus> {
      const { row: _row, ...rest } = await status(db, userId);
      return rest;
    },

    /** Throws 403 player_restricted unless the player is free to play and pay in. */
    async assertFree(executor: DbOrTx, userId: number): Promise<void> {
      const current = await status(executor, userId);
      if (current.state === 'active') return;
      const until =
        current.state === 'returning'
          ? current.row!.returnsAt
          : current.state === 'restricted'
            ? current.row!.endsAt
            : null;
      throw new PlayerRestrictedError(current.kind ?? 'timeout', until);
    },

    /** Takes a time-out, a self-exclusion or closes the account, confirmed with the password. */
    async take(userId: number, body: RestrictBody, context: { ip?: string | null } = {}): Promise<RestrictionStatus> {
      await checkPassword(userId, body.password);
      const now = clock.now(userId);
      const kind: RestrictionKind = body.kind;
      const duration = body.kind === 'closure' ? null : body.duration;
      const endsAt = duration === null ? null : restrictionEnd(now, duration);
      await db.transaction(async (tx) => {
        // One player's steps take turns: the bonus row lock is the first lock every money path takes.
        const current = restrictionStatus(await restrictionsOf(tx, userId, true), now);
        if (current.state === 'restricted') {
          const currentEnd = current.row!.endsAt;
          const longer = currentEnd !== null && (endsAt === null || endsAt > currentEnd);
          if (!longer) throw new RestrictionActiveError();
        }
        await insertRestriction(tx, {
          userId,
          kind,
          duration,
          reason: body.kind === 'closure' ? body.reason : null,
          note: body.kind === 'closure' ? (body.note ?? null) : null,
          startsAt: now,
          endsAt,
          createdAt: now,
        });
        // A break ends the bonus being wagered and every open offer: no bonus while on a break.
        const bonus = await lockActiveBonus(tx, userId);
        if (bonus) await finishBonus(tx, wallet, bonus.bonus, 'forfeited', now);
        await rejectOpenOffers(tx, userId, now);
        await recordAudit(tx, {
          userId,
          actorId: userId,
          event: `restriction_${kind}`,
          ip: context.ip ?? null,
          metadata: { duration, endsAt: endsAt?.toISOString() ?? null, forfeitedBonus: bonus?.bonus.id ?? null },
          at: now,
        });
      });
      const { row: _row, ...rest } = await status(db, userId);
      return rest;
    },

    /**
     * Asks to come back after a break has ended (or to reopen a closed account): play opens 24 hours later. A break
     * still in force, or a permanent exclusion, cannot be ended.
     */
    async requestReturn(userId: number, password: string, context: { ip?: string | null } = {}) {
      await checkPassword(userId, password);
      const now = clock.now(userId);
      await db.transaction(async (tx) => {
        const all = await restrictionsOf(tx, userId, true);
        const current = restrictionStatus(all, now);
        if (current.state === 'active' || current.state === 'returning') return;
        if (current.state === 'restricted') {
          const row = current.row!;
          // A closure is the player's own decision to reverse; an exclusion or a time-out runs its course.
          const closureOnly = all
            .filter((item) => open(item, now) && inForce(item, now))
            .every((item) => item.kind === 'closure');
          if (!closureOnly) throw new RestrictionNotEndedError(row.endsAt);
        }
        const returnsAt = new Date(now.getTime() + RETURN_DELAY_MS);
        await requestReturnFrom(tx, userId, now, returnsAt);
        await recordAudit(tx, {
          userId,
          actorId: userId,
          event: 'restriction_return_requested',
          ip: context.ip ?? null,
          metadata: { returnsAt: returnsAt.toISOString() },
          at: now,
        });
      });
      const { row: _row, ...rest } = await status(db, userId);
      return rest;
    },
  };
}
