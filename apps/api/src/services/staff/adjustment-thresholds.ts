import { eq, inArray } from 'drizzle-orm';
import { schema, type Db, type DbOrTx } from '@playhouse/db';
import {
  CURRENCY_CODES,
  DEFAULT_ADJUSTMENT_THRESHOLD,
  parseDecimal,
  type AdjustmentThreshold,
  type AdjustmentThresholdBody,
  type Currency,
} from '@playhouse/shared';
import { formatAmount } from '../../lib/amounts';
import type { Clock } from '../../lib/clock';
import { ValidationError } from '../../lib/errors';
import { recordAudit } from '../accounts/audit';
import type { StaffActor } from './staff-queries';

const { adjustmentThresholds, users } = schema;

/**
 * The four-eyes threshold of manual adjustments in `currency` (minor units). Read with `lock` inside the adjustment's
 * transaction: it then waits for an admin's change in flight and sees the value that change commits.
 */
export async function adjustmentThreshold(executor: DbOrTx, currency: string, lock = false): Promise<bigint> {
  const query = executor
    .select({ amount: adjustmentThresholds.amount })
    .from(adjustmentThresholds)
    .where(eq(adjustmentThresholds.currency, currency));
  const [row] = await (lock ? query.for('share') : query);
  return row?.amount ?? DEFAULT_ADJUSTMENT_THRESHOLD;
}

export type AdjustmentThresholdService = ReturnType<typeof createAdjustmentThresholdService>;

/** Admins set the threshold per currency; every change is audited in its own transaction with before and after. */
export function createAdjustmentThresholdService({ db, clock }: { db: Db; clock: Clock }) {
  async function list(executor: DbOrTx = db): Promise<AdjustmentThreshold[]> {
    const rows = await executor
      .select({ threshold: adjustmentThresholds, login: users.email })
      .from(adjustmentThresholds)
      .innerJoin(users, eq(users.id, adjustmentThresholds.updatedBy))
      .where(inArray(adjustmentThresholds.currency, CURRENCY_CODES));
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

  return {
    list: () => list(),

    async set(actor: StaffActor, body: AdjustmentThresholdBody): Promise<AdjustmentThreshold> {
      const amount = parseDecimal(body.amount, body.currency);
      if (amount === null || amount < 0n)
        throw new ValidationError({ amount: 'must be a decimal amount of 0 or more' });
      const now = clock.now();
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ amount: adjustmentThresholds.amount })
          .from(adjustmentThresholds)
          .where(eq(adjustmentThresholds.currency, body.currency))
          .for('update');
        await tx
          .insert(adjustmentThresholds)
          .values({ currency: body.currency, amount, updatedBy: actor.id, updatedAt: now })
          .onConflictDoUpdate({
            target: adjustmentThresholds.currency,
            set: { amount, updatedBy: actor.id, updatedAt: now },
          });
        await recordAudit(tx, {
          event: 'staff_set_adjustment_threshold',
          actorId: actor.id,
          ip: actor.ip,
          metadata: { currency: body.currency },
          before: {
            amount: formatAmount(before?.amount ?? DEFAULT_ADJUSTMENT_THRESHOLD, body.currency),
            isDefault: before === undefined,
          },
          after: { amount: formatAmount(amount, body.currency), isDefault: false },
          at: now,
        });
        const thresholds = await list(tx);
        return thresholds.find((threshold) => threshold.currency === body.currency)!;
      });
    },
  };
}
