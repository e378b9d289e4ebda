import { and, eq, gt, inArray } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';
import type { LimitKind as PlayerLimitKind, PlayerLimitPeriod as LimitPeriod } from '@playhouse/shared';

const { playerLimits, payments } = schema;

export type PlayerLimitRow = typeof playerLimits.$inferSelect;

export async function listLimitRows(db: DbOrTx, userId: number): Promise<PlayerLimitRow[]> {
  return db.select().from(playerLimits).where(eq(playerLimits.userId, userId));
}

/**
 * The user's limit rows of the given kinds, locked: two limit changes, or a change and a deposit or a stake, for one
 * player take turns. A player without such limits locks nothing, so their play never waits here.
 */
export async function lockLimitRows(db: DbOrTx, userId: number, kinds: PlayerLimitKind[]): Promise<PlayerLimitRow[]> {
  return db
    .select()
    .from(playerLimits)
    .where(and(eq(playerLimits.userId, userId), inArray(playerLimits.kind, kinds)))
    .for('update');
}

export async function upsertLimitRow(
  db: DbOrTx,
  values: {
    userId: number;
    kind: PlayerLimitKind;
    period: LimitPeriod;
    currency: string;
    amount: bigint | null;
    pendingAmount: bigint | null;
    pendingEffectiveAt: Date | null;
    updatedAt: Date;
  },
): Promise<void> {
  await db
    .insert(playerLimits)
    .values(values)
    .onConflictDoUpdate({
      target: [playerLimits.userId, playerLimits.kind, playerLimits.period],
      set: {
        currency: values.currency,
        amount: values.amount,
        pendingAmount: values.pendingAmount,
        pendingEffectiveAt: values.pendingEffectiveAt,
        updatedAt: values.updatedAt,
      },
    });
}

/** Deposits that count against a limit (succeeded or still pending) made after `since`, with their times. */
export async function depositsSince(db: DbOrTx, userId: number, since: Date): Promise<{ at: Date; amount: bigint }[]> {
  const rows = await db
    .select({ at: payments.createdAt, amount: payments.amount })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        inArray(payments.status, ['pending', 'succeeded']),
        gt(payments.createdAt, since),
      ),
    );
  return rows;
}
