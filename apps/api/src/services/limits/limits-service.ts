import { schema, type Db, type DbOrTx } from '@playhouse/db';
import { LIMIT_PERIODS, type DepositLimit, type LimitPeriod } from '@playhouse/shared';
import { asCurrency, formatAmount, parsePositiveAmount } from '../../lib/amounts';
import type { Clock } from '../../lib/clock';
import { DepositLimitExceededError } from './limits-errors';
import { depositedSince, listLimitRows, lockLimitRows, upsertLimitRow, type DepositLimitRow } from './limits-queries';

const HOUR_MS = 60 * 60 * 1000;
/** A raise or a removal of a limit waits this long: a cooling-off period against chasing losses. */
export const LIMIT_RAISE_DELAY_MS = 24 * HOUR_MS;

/** Rolling windows: "day" is the last 24 hours, "week" the last 7 days, "month" the last 30 days. */
export const LIMIT_WINDOWS_MS: Record<LimitPeriod, number> = {
  day: 24 * HOUR_MS,
  week: 7 * 24 * HOUR_MS,
  month: 30 * 24 * HOUR_MS,
};

/** A limit as it stands at a moment: a pending change whose time has come is in force. */
export interface EffectiveLimit {
  period: LimitPeriod;
  amount: bigint | null;
  pendingAmount: bigint | null;
  pendingEffectiveAt: Date | null;
}

export function effectiveLimit(period: LimitPeriod, row: DepositLimitRow | undefined, now: Date): EffectiveLimit {
  if (!row) return { period, amount: null, pendingAmount: null, pendingEffectiveAt: null };
  if (row.pendingEffectiveAt && row.pendingEffectiveAt.getTime() <= now.getTime()) {
    return { period, amount: row.pendingAmount, pendingAmount: null, pendingEffectiveAt: null };
  }
  return {
    period,
    amount: row.amount,
    pendingAmount: row.pendingAmount,
    pendingEffectiveAt: row.pendingEffectiveAt,
  };
}

/**
 * What a requested limit turns into: lowering one, or setting one where there was none, applies at once; raising
 * or removing one waits LIMIT_RAISE_DELAY_MS. Asking for the limit already in force cancels a pending change.
 */
export function planLimitChange(current: EffectiveLimit, requested: bigint | null, now: Date): EffectiveLimit {
  const immediate = (amount: bigint | null): EffectiveLimit => ({
    period: current.period,
    amount,
    pendingAmount: null,
    pendingEffectiveAt: null,
  });
  if (current.amount === null) return immediate(requested);
  if (requested !== null && requested <= current.amount) return immediate(requested);
  const samePending = current.pendingEffectiveAt !== null && current.pendingAmount === requested;
  return {
    period: current.period,
    amount: current.amount,
    pendingAmount: requested,
    pendingEffectiveAt: samePending ? current.pendingEffectiveAt : new Date(now.getTime() + LIMIT_RAISE_DELAY_MS),
  };
}

export interface LimitUsage extends EffectiveLimit {
  used: bigint;
  remaining: bigint | null;
}

export type LimitsService = ReturnType<typeof createLimitsService>;

export function createLimitsService({ db, clock }: { db: Db; clock: Clock }) {
  function toContract(limit: EffectiveLimit, currency: string): DepositLimit {
    return {
      period: limit.period,
      amount: limit.amount === null ? null : formatAmount(limit.amount, currency),
      pendingAmount: limit.pendingAmount === null ? null : formatAmount(limit.pendingAmount, currency),
      pendingEffectiveAt: limit.pendingEffectiveAt?.toISOString() ?? null,
    };
  }

  async function effectiveLimits(executor: DbOrTx, userId: number, now: Date, lock = false) {
    const rows = lock ? await lockLimitRows(executor, userId) : await listLimitRows(executor, userId);
    return LIMIT_PERIODS.map((period) =>
      effectiveLimit(
        period,
        rows.find((row) => row.period === period),
        now,
      ),
    );
  }

  async function usage(executor: DbOrTx, userId: number, now: Date, lock = false): Promise<LimitUsage[]> {
    const result: LimitUsage[] = [];
    // One query after another: inside a transaction they share a single connection.
    for (const limit of await effectiveLimits(executor, userId, now, lock)) {
      const used = await depositedSince(executor, userId, new Date(now.getTime() - LIMIT_WINDOWS_MS[limit.period]));
      const remaining = limit.amount === null ? null : limit.amount > used ? limit.amount - used : 0n;
      result.push({ ...limit, used, remaining });
    }
    return result;
  }

  async function list(user: { id: number; currency: string }): Promise<DepositLimit[]> {
    const limits = await effectiveLimits(db, user.id, clock.now());
    return limits.map((limit) => toContract(limit, user.currency));
  }

  return {
    toContract,
    list,

    /** Each limit with what the rolling window already used. */
    async usage(user: { id: number }): Promise<LimitUsage[]> {
      return usage(db, user.id, clock.now());
    },

    /** Sets one period's limit (null removes it) and records the change in the audit log. */
    async set(
      user: { id: number; currency: string },
      period: LimitPeriod,
      amountText: string | null,
      context: { actorId?: number | null; ip?: string | null } = {},
    ): Promise<DepositLimit[]> {
      const currency = asCurrency(user.currency);
      const requested = amountText === null ? null : parsePositiveAmount(amountText, currency);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const limits = await effectiveLimits(tx, user.id, now, true);
        const current = limits.find((limit) => limit.period === period)!;
        const next = planLimitChange(current, requested, now);
        await upsertLimitRow(tx, {
          userId: user.id,
          period,
          currency,
          amount: next.amount,
          pendingAmount: next.pendingAmount,
          pendingEffectiveAt: next.pendingEffectiveAt,
          updatedAt: now,
        });
        const format = (amount: bigint | null) => (amount === null ? null : formatAmount(amount, currency));
        await tx.insert(schema.auditLog).values({
          userId: user.id,
          actorId: context.actorId ?? user.id,
          event: 'limit_change',
          ip: context.ip ?? null,
          metadata: {
            period,
            currency,
            previous: format(current.amount),
            requested: format(requested),
            inForce: format(next.amount),
            pending: next.pendingEffectiveAt
              ? { amount: format(next.pendingAmount), effectiveAt: next.pendingEffectiveAt.toISOString() }
              : null,
          },
        });
      });
      return list(user);
    },

    /**
     * Refuses a deposit that would take any period over its limit. Runs inside the deposit's transaction and locks
     * the user's limit rows, so two deposits racing each other are checked one after the other.
     */
    async assertDepositAllowed(tx: DbOrTx, user: { id: number; currency: string }, amount: bigint, now: Date) {
      for (const limit of await usage(tx, user.id, now, true)) {
        if (limit.remaining !== null && amount > limit.remaining) {
          throw new DepositLimitExceededError(
            limit.period,
            formatAmount(limit.remaining, user.currency),
            user.currency,
          );
        }
      }
    },
  };
}
