import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';
import type { LimitPeriod } from '@playhouse/shared';

const { depositLimits, payments } = schema;

export type DepositLimitRow = typeof depositLimits.$inferSelect;

export async function listLimitRows(db: DbOrTx, userId: number): Promise<DepositLimitRow[]> {
  return db.select().from(depositLimits).where(eq(depositLimits.userId, userId));
}

/** The user's limit rows, locked: two limit changes (or a change and a deposit) for one user take turns. */
export async function lockLimitRows(db: DbOrTx, userId: number): Promise<DepositLimitRow[]> {
  return db.select().from(depositLimits).where(eq(depositLimits.userId, userId)).for('update');
}

export async function upsertLimitRow(
  db: DbOrTx,
  values: {
    userId: number;
    period: LimitPeriod;
    currency: string;
    amount: bigint | null;
    pendingAmount: bigint | null;
    pendingEffectiveAt: Date | null;
    updatedAt: Date;
  },
): Promise<void> {
  await db
    .insert(depositLimits)
    .values(values)
    .onConflictDoUpdate({
      target: [depositLimits.userId, depositLimits.period],
      set: {
        currency: values.currency,
        amount: values.amount,
        pendingAmount: values.pendingAmount,
        pendingEffectiveAt: values.pendingEffectiveAt,
        updatedAt: values.updatedAt,
      },
    });
}

/** Sum of the user's deposits that count against a limit (succeeded or still pending) made after `since`. */
export async function depositedSince(db: DbOrTx, userId: number, since: Date): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        inArray(payments.status, ['pending', 'succeeded']),
        gt(payments.createdAt, since),
      ),
    );
  return BigInt(row?.total ?? '0');
}
