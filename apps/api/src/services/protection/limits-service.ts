import type { Db, DbOrTx } from '@playhouse/db';
import {
  LIMIT_KINDS,
  MONEY_LIMIT_PERIODS,
  type DepositLimit,
  type LimitKind,
  type PlayerLimit,
  type PlayerLimitPeriod,
} from '@playhouse/shared';
import { ValidationError } from '../../lib/errors';
import { asCurrency, formatAmount, parsePositiveAmount } from '../../lib/amounts';
import { depositsSince, listLimitRows, lockLimitRows, upsertLimitRow, type PlayerLimitRow } from './limits-queries';
import { playSince, playTotalsSince } from '../wallet/play-queries';
import { LimitCoolingError, LimitExceededError, LimitNotPendingError } from './protection-errors';
import type { ProtectionClock } from './protection-clock';
import { recordAudit } from '../audit/audit-log';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
/** A raise or a removal waits this long, and then needs the player's confirmation: a cooling-off period. */
export const LIMIT_RAISE_DELAY_MS = 24 * HOUR_MS;
/** A session limit is whole minutes in this range. */
export const SESSION_LIMIT_MINUTES = { min: 10, max: 24 * 60 } as const;

type MoneyPeriod = (typeof MONEY_LIMIT_PERIODS)[number];

/** Rolling windows: "day" is the last 24 hours, "week" the last 7 days, "month" the last 30 days. */
export const LIMIT_WINDOWS_MS: Record<MoneyPeriod, number> = {
  day: 24 * HOUR_MS,
  week: 7 * 24 * HOUR_MS,
  month: 30 * 24 * HOUR_MS,
};

/** Which periods each kind has. */
export const LIMIT_SLOTS: { kind: LimitKind; period: PlayerLimitPeriod }[] = [
  ...LIMIT_KINDS.filter((kind) => kind !== 'session').flatMap((kind) =>
    MONEY_LIMIT_PERIODS.map((period) => ({ kind, period })),
  ),
  { kind: 'session', period: 'session' },
];

/** A limit as it stands: `amount` is in force; a pending raise or removal waits for its time and a confirmation. */
export interface EffectiveLimit {
  kind: LimitKind;
  period: PlayerLimitPeriod;
  amount: bigint | null;
  pendingAmount: bigint | null;
  pendingEffectiveAt: Date | null;
}

function fromRow(kind: LimitKind, period: PlayerLimitPeriod, row: PlayerLimitRow | undefined): EffectiveLimit {
  return {
    kind,
    period,
    amount: row?.amount ?? null,
    pendingAmount: row?.pendingAmount ?? null,
    pendingEffectiveAt: row?.pendingEffectiveAt ?? null,
  };
}

/**
 * What a requested limit turns into: lowering one, or setting one where there was none, applies at once; raising or
 * removing one waits LIMIT_RAISE_DELAY_MS and then the player's confirmation. Asking for the limit already in force
 * cancels a pending change.
 */
export function planLimitChange(current: EffectiveLimit, requested: bigint | null, now: Date): EffectiveLimit {
  const immediate = (amount: bigint | null): EffectiveLimit => ({
    ...current,
    amount,
    pendingAmount: null,
    pendingEffectiveAt: null,
  });
  if (current.amount === null) return immediate(requested);
  if (requested !== null && requested <= current.amount) return immediate(requested);
  const samePending = current.pendingEffectiveAt !== null && current.pendingAmount === requested;
  return {
    ...current,
    pendingAmount: requested,
    pendingEffectiveAt: samePending ? current.pendingEffectiveAt : new Date(now.getTime() + LIMIT_RAISE_DELAY_MS),
  };
}

/** One contribution to a rolling window: at `at`, the used amount grew by `value` (negative: a win lowers a loss). */
interface WindowEvent {
  at: Date;
  value: bigint;
}

/**
 * The earliest moment at which `amount` fits under `limit` again, as the window's events age out of it; null when it
 * never fits (the amount alone is above the limit). `floorAtZero` makes a net figure (loss) count as 0 when negative.
 */
export function fitsAgainAt(
  events: WindowEvent[],
  windowMs: number,
  limit: bigint,
  amount: bigint,
  floorAtZero: boolean,
): Date | null {
  if (amount > limit) return null;
  let used = events.reduce((sum, event) => sum + event.value, 0n);
  const counted = (value: bigint) => (floorAtZero && value < 0n ? 0n : value);
  for (const event of [...events].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    used -= event.value;
    if (counted(used) + amount <= limit) return new Date(event.at.getTime() + windowMs);
  }
  return null;
}

export interface LimitUsage extends EffectiveLimit {
  used: bigint | null;
  remaining: bigint | null;
}

export type LimitsService = ReturnType<typeof createLimitsService>;

export function createLimitsService({ db, clock }: { db: Db; clock: ProtectionClock }) {
  function format(limit: { kind: LimitKind }, amount: bigint | null, currency: string): string | null {
    if (amount === null) return null;
    return limit.kind === 'session' ? amount.toString() : formatAmount(amount, currency);
  }

  function toContract(limit: LimitUsage, currency: string): PlayerLimit {
    return {
      kind: limit.kind,
      period: limit.period,
      amount: format(limit, limit.amount, currency),
      pendingAmount: format(limit, limit.pendingAmount, currency),
      pendingEffectiveAt: limit.pendingEffectiveAt?.toISOString() ?? null,
      used: format(limit, limit.used, currency),
      remaining: format(limit, limit.remaining, currency),
    };
  }

  function effectiveLimits(rows: PlayerLimitRow[]): EffectiveLimit[] {
    return LIMIT_SLOTS.map(({ kind, period }) =>
      fromRow(
        kind,
        period,
        rows.find((row) => row.kind === kind && row.period === period),
      ),
    );
  }

  /** Each limit with what its rolling window already used. */
  async function usage(executor: DbOrTx, userId: number, now: Date): Promise<LimitUsage[]> {
    const limits = effectiveLimits(await listLimitRows(executor, userId));
    const monthAgo = new Date(now.getTime() - LIMIT_WINDOWS_MS.month);
    // One query after another: inside a transaction they share a single connection.
    const deposits = await depositsSince(executor, userId, monthAgo);
    const play = await playSince(executor, userId, monthAgo);
    return limits.map((limit) => {
      if (limit.kind === 'session') return { ...limit, used: null, remaining: null };
      const since = now.getTime() - LIMIT_WINDOWS_MS[limit.period as MoneyPeriod];
      let used = 0n;
      if (limit.kind === 'deposit') {
        for (const deposit of deposits) if (deposit.at.getTime() > since) used += deposit.amount;
      } else {
        let staked = 0n;
        let won = 0n;
        for (const event of play) {
          if (event.at.getTime() <= since) continue;
          staked += event.staked;
          won += event.won;
        }
        used = limit.kind === 'wager' ? staked : staked > won ? staked - won : 0n;
      }
      const remaining = limit.amount === null ? null : limit.amount > used ? limit.amount - used : 0n;
      return { ...limit, used, remaining };
    });
  }

  function parseRequested(kind: LimitKind, text: string | null, currency: string): bigint | null {
    if (text === null) return null;
    if (kind !== 'session') return parsePositiveAmount(text, asCurrency(currency));
    const minutes = Number(text);
    if (!Number.isInteger(minutes) || minutes < SESSION_LIMIT_MINUTES.min || minutes > SESSION_LIMIT_MINUTES.max) {
      throw new ValidationError({
        amount: `must be whole minutes from ${SESSION_LIMIT_MINUTES.min} to ${SESSION_LIMIT_MINUTES.max}`,
      });
    }
    return BigInt(minutes);
  }

  function checkSlot(kind: LimitKind, period: PlayerLimitPeriod) {
    if ((kind === 'session') !== (period === 'session')) {
      throw new ValidationError({ period: kind === 'session' ? 'must be session' : 'must be day, week or month' });
    }
  }

  async function audit(
    tx: DbOrTx,
    user: { id: number },
    event: 'limit_change' | 'limit_confirmed',
    context: { actorId?: number | null; ip?: string | null },
    metadata: Record<string, unknown>,
    now: Date,
  ) {
    await recordAudit(tx, {
      userId: user.id,
      actorId: context.actorId ?? user.id,
      event,
      ip: context.ip ?? null,
      metadata,
      at: now,
    });
  }

  /*
   * Rolling windows are measured on the base clock: the activity they sum is stamped by the database's clock. Only
   * the protection decisions (cooling periods, breaks, reality checks) follow a player's test clock.
   */
  async function list(user: { id: number; currency: string }): Promise<PlayerLimit[]> {
    const limits = await usage(db, user.id, clock.now());
    return limits.map((limit) => toContract(limit, user.currency));
  }

  /**
   * Refuses `amount` when it would take a limit of `kinds` over; the limit rows are locked for the transaction (a
   * preview, `lock: false`, only reads them).
   */
  async function assertWithin(
    tx: DbOrTx,
    user: { id: number; currency: string },
    kinds: ('deposit' | 'loss' | 'wager')[],
    amount: bigint,
    now: Date,
    lock = true,
  ) {
    const found = lock
      ? await lockLimitRows(tx, user.id, kinds)
      : (await listLimitRows(tx, user.id)).filter((row) => kinds.some((kind) => kind === row.kind));
    const rows = found.filter((row) => row.amount !== null);
    if (rows.length === 0) return;
    const monthAgo = new Date(now.getTime() - LIMIT_WINDOWS_MS.month);
    const deposits = kinds.includes('deposit') ? await depositsSince(tx, user.id, monthAgo) : [];
    const play = kinds.some((kind) => kind !== 'deposit') ? await playSince(tx, user.id, monthAgo) : [];
    // The tightest period first: the day's refusal is the one the player can act on soonest.
    for (const period of MONEY_LIMIT_PERIODS) {
      for (const row of rows.filter((candidate) => candidate.period === period)) {
        const windowMs = LIMIT_WINDOWS_MS[period];
        const since = now.getTime() - windowMs;
        const events: WindowEvent[] =
          row.kind === 'deposit'
            ? deposits.map((deposit) => ({ at: deposit.at, value: deposit.amount }))
            : play.map((event) => ({
                at: event.at,
                value: row.kind === 'wager' ? event.staked : event.staked - event.won,
              }));
        const inWindow = events.filter((event) => event.at.getTime() > since);
        const net = inWindow.reduce((sum, event) => sum + event.value, 0n);
        const used = row.kind === 'loss' && net < 0n ? 0n : net;
        const limit = row.amount!;
        if (used + amount <= limit) continue;
        const resetsAt = fitsAgainAt(inWindow, windowMs, limit, amount, row.kind === 'loss');
        throw new LimitExceededError({
          kind: row.kind,
          period,
          limit: formatAmount(limit, user.currency),
          remaining: formatAmount(limit > used ? limit - used : 0n, user.currency),
          resetsAt: resetsAt?.toISOString() ?? null,
        });
      }
    }
  }

  return {
    list,

    /** The deposit limits in the cashbox's shape. */
    async depositUsage(user: { id: number; currency: string }) {
      const limits = await usage(db, user.id, clock.now());
      return limits
        .filter((limit) => limit.kind === 'deposit')
        .map((limit) => ({
          ...(toDeposit(limit, user.currency) satisfies DepositLimit),
          used: formatAmount(limit.used ?? 0n, user.currency),
          remaining: limit.remaining === null ? null : formatAmount(limit.remaining, user.currency),
        }));
    },

    /** Sets one limit (null removes it) and records the change in the audit log. */
    async set(
      user: { id: number; currency: string },
      request: { kind: LimitKind; period: PlayerLimitPeriod; amount: string | null },
      context: { actorId?: number | null; ip?: string | null } = {},
    ): Promise<PlayerLimit[]> {
      checkSlot(request.kind, request.period);
      const requested = parseRequested(request.kind, request.amount, user.currency);
      const now = clock.now(user.id);
      await db.transaction(async (tx) => {
        const rows = await lockLimitRows(tx, user.id, [request.kind]);
        const current = fromRow(
          request.kind,
          request.period,
          rows.find((row) => row.period === request.period),
        );
        const next = planLimitChange(current, requested, now);
        await upsertLimitRow(tx, {
          userId: user.id,
          kind: request.kind,
          period: request.period,
          currency: user.currency,
          amount: next.amount,
          pendingAmount: next.pendingAmount,
          pendingEffectiveAt: next.pendingEffectiveAt,
          updatedAt: now,
        });
        const text = (amount: bigint | null) => format(current, amount, user.currency);
        await audit(
          tx,
          user,
          'limit_change',
          context,
          {
            kind: request.kind,
            period: request.period,
            currency: user.currency,
            previous: text(current.amount),
            requested: text(requested),
            inForce: text(next.amount),
            raise: next.pendingEffectiveAt !== null,
            pending: next.pendingEffectiveAt
              ? { amount: text(next.pendingAmount), effectiveAt: next.pendingEffectiveAt.toISOString() }
              : null,
          },
          now,
        );
      });
      return list(user);
    },

    /** Applies a raise or removal whose cooling period is over; before then 409 limit_cooling. */
    async confirm(
      user: { id: number; currency: string },
      request: { kind: LimitKind; period: PlayerLimitPeriod },
      context: { ip?: string | null } = {},
    ): Promise<PlayerLimit[]> {
      checkSlot(request.kind, request.period);
      const now = clock.now(user.id);
      await db.transaction(async (tx) => {
        const rows = await lockLimitRows(tx, user.id, [request.kind]);
        const row = rows.find((candidate) => candidate.period === request.period);
        if (!row?.pendingEffectiveAt) throw new LimitNotPendingError();
        if (row.pendingEffectiveAt.getTime() > now.getTime()) throw new LimitCoolingError(row.pendingEffectiveAt);
        await upsertLimitRow(tx, {
          userId: user.id,
          kind: request.kind,
          period: request.period,
          currency: user.currency,
          amount: row.pendingAmount,
          pendingAmount: null,
          pendingEffectiveAt: null,
          updatedAt: now,
        });
        await audit(
          tx,
          user,
          'limit_confirmed',
          context,
          {
            kind: request.kind,
            period: request.period,
            previous: format(row, row.amount, user.currency),
            inForce: format(row, row.pendingAmount, user.currency),
          },
          now,
        );
      });
      return list(user);
    },

    /** Refuses a deposit that would take a deposit limit over (inside the deposit's transaction). */
    assertDeposit: (tx: DbOrTx, user: { id: number; currency: string }, amount: bigint, now: Date) =>
      assertWithin(tx, user, ['deposit'], amount, now),

    /** Refuses a stake that would take the wager limit or, if it were lost, the loss limit over. */
    assertStake: (
      tx: DbOrTx,
      user: { id: number; currency: string },
      amount: bigint,
      now: Date,
      options: { lock: boolean } = { lock: true },
    ) => assertWithin(tx, user, ['loss', 'wager'], amount, now, options.lock),

    /** Whether the player has any deposit limit in force (profiles that require one before the first deposit). */
    async hasDepositLimit(executor: DbOrTx, userId: number): Promise<boolean> {
      const rows = await listLimitRows(executor, userId);
      return rows.some((row) => row.kind === 'deposit' && row.amount !== null);
    },

    /** The session limit in minutes, or null. */
    async sessionLimitMinutes(executor: DbOrTx, userId: number): Promise<number | null> {
      const rows = await listLimitRows(executor, userId);
      const row = rows.find((candidate) => candidate.kind === 'session');
      return row?.amount == null ? null : Number(row.amount);
    },

    playTotalsSince: (executor: DbOrTx, userId: number, since: Date) => playTotalsSince(executor, userId, since),
  };

  function toDeposit(limit: LimitUsage, currency: string): DepositLimit {
    return {
      period: limit.period as MoneyPeriod,
      amount: format(limit, limit.amount, currency),
      pendingAmount: format(limit, limit.pendingAmount, currency),
      pendingEffectiveAt: limit.pendingEffectiveAt?.toISOString() ?? null,
    };
  }
}
