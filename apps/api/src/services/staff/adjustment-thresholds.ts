import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx, Tx } from '@playhouse/db';
import {
  CURRENCY_CODES,
  DEFAULT_ADJUSTMENT_THRESHOLD,
  isCurrency,
  parseDecimal,
  type AdjustmentThreshold,
  type AdjustmentThresholdBody,
  type Currency,
  type StaffRequest,
} from '@playhouse/shared';
import { formatAmount } from '../../lib/amounts';
import type { Clock } from '../../lib/clock';
import { ValidationError } from '../../lib/errors';
import { recordAudit } from '../audit/audit-log';
import {
  adjustmentsAppliedAlone,
  lockStaffMemberRow,
  thresholdAmount,
  thresholdsWithEditors,
  upsertThreshold,
  type StaffActor,
} from './staff-queries';

/**
 * The four-eyes threshold of manual adjustments in `currency` (minor units). Read with `lock` inside the adjustment's
 * transaction: it then waits for an admin's change in flight and sees the value that change commits.
 */
export async function adjustmentThreshold(executor: DbOrTx, currency: string, lock = false): Promise<bigint> {
  return (await thresholdAmount(executor, currency, lock ? 'share' : null)) ?? DEFAULT_ADJUSTMENT_THRESHOLD;
}

/** The window over which what one member applies alone adds up against the threshold. */
export const ALONE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Whether `actorId` may apply an adjustment of `size` (minor units, either sign counts by its size) in `currency` alone,
 * inside the adjustment's transaction `tx`: only while it and everything they applied alone in that currency in the
 * last 24 hours stay below the threshold, so a large adjustment split into small ones still needs a second member.
 * The member's own row is locked first, so two of their requests at once are counted one after the other.
 */
export async function mayApplyAlone(
  tx: DbOrTx,
  { actorId, currency, size, now }: { actorId: number; currency: Currency; size: bigint; now: Date },
): Promise<boolean> {
  const threshold = await adjustmentThreshold(tx, currency, true);
  if (size >= threshold) return false;
  await lockStaffMemberRow(tx, actorId);
  const rows = await adjustmentsAppliedAlone(tx, actorId, currency, new Date(now.getTime() - ALONE_WINDOW_MS));
  let used = size;
  for (const row of rows) {
    const amount = parseDecimal(row.amount, currency);
    // An amount this code did not write cannot be sized: then nothing more is applied alone.
    if (amount === null) return false;
    used += amount < 0n ? -amount : amount;
  }
  return used < threshold;
}

export type AdjustmentThresholdService = ReturnType<typeof createAdjustmentThresholdService>;

/** Opens a four-eyes request in its own transaction (the staff request service's `ask`). */
export type AskSecondAdmin = (
  actor: StaffActor,
  kind: 'adjustment_threshold' | 'campaign_limits',
  subjectUserId: null,
  payload: Record<string, unknown>,
  idempotencyKey: string,
) => Promise<StaffRequest>;

/**
 * Admins set the threshold per currency. A threshold widens what one finance member applies alone, so a change is a
 * request a second admin approves (`apply` runs in the approval's transaction, audited with before and after).
 */
export function createAdjustmentThresholdService({ db, clock, ask }: { db: Db; clock: Clock; ask: AskSecondAdmin }) {
  async function list(executor: DbOrTx = db): Promise<AdjustmentThreshold[]> {
    const rows = await thresholdsWithEditors(executor, CURRENCY_CODES);
    const byCurrency = new Map(rows.map((row) => [row.threshold.currency, row]));
    return CURRENCY_CODES.map((currency: Currency) => {
      const row = byCurrency.get(currency);
      return {
        currency,
        amount: formatAmount(row?.threshold.amount ?? DEFAULT_ADJUSTMENT_THRESHOLD, currency),
        isDefault: row === undefined,
        updatedBy: row ? { id: row.threshold.updatedBy, login: row.login } : null,
        updatedAt: row?.threshold.updatedAt.toISOString() ?? null,
      };
    });
  }

  function parsed(body: AdjustmentThresholdBody): bigint {
    const amount = parseDecimal(body.amount, body.currency);
    if (amount === null || amount < 0n) throw new ValidationError({ amount: 'must be a decimal amount of 0 or more' });
    return amount;
  }

  return {
    list: () => list(),

    /** Asks for a currency's new threshold; a second admin's approval sets it. */
    async request(actor: StaffActor, body: AdjustmentThresholdBody): Promise<StaffRequest> {
      const amount = parsed(body);
      return ask(
        actor,
        'adjustment_threshold',
        null,
        { currency: body.currency, amount: formatAmount(amount, body.currency) },
        `adjustment-threshold:${randomUUID()}`,
      );
    },

    /** Sets the threshold a request asked for, in the approval's transaction. */
    async apply(tx: Tx, payload: Record<string, unknown>, approver: StaffActor, requestedBy: number) {
      const body = { currency: String(payload.currency), amount: String(payload.amount) };
      if (!isCurrency(body.currency)) throw new ValidationError({ currency: 'is not an accepted currency' });
      const amount = parsed({ currency: body.currency, amount: body.amount });
      const now = clock.now();
      const before = await thresholdAmount(tx, body.currency, 'update');
      await upsertThreshold(tx, { currency: body.currency, amount, updatedBy: approver.id, updatedAt: now });
      await recordAudit(tx, {
        event: 'staff_set_adjustment_threshold',
        actorId: approver.id,
        ip: approver.ip,
        metadata: { currency: body.currency, requestedBy },
        before: {
          amount: formatAmount(before ?? DEFAULT_ADJUSTMENT_THRESHOLD, body.currency),
          isDefault: before === undefined,
        },
        after: { amount: formatAmount(amount, body.currency), isDefault: false },
        at: now,
      });
      return { currency: body.currency, amount: formatAmount(amount, body.currency) };
    },
  };
}
