import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';

const { payments, withdrawals } = schema;

/** The activity statement's SQL: money in and out per month and over the account's life (play comes from the wallet). */

/** Withdrawals that count as money out: everything but a rejected request. */
const WITHDRAWN = ['pending', 'approved', 'paid'] as const;

const month = (column: unknown) => sql<string>`to_char(date_trunc('month', ${column} at time zone 'UTC'), 'YYYY-MM')`;

/** A player's succeeded deposits since `from`, summed per UTC month ('YYYY-MM', minor units as text). */
export function depositsByMonth(executor: DbOrTx, userId: number, from: Date) {
  const depositMonth = month(payments.createdAt);
  return executor
    .select({ month: depositMonth, total: sql<string>`sum(${payments.amount})::text` })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'succeeded'), gte(payments.createdAt, from)))
    .groupBy(depositMonth);
}

/** A player's withdrawals that count as money out since `from`, summed per UTC month. */
export function withdrawalsByMonth(executor: DbOrTx, userId: number, from: Date) {
  const withdrawalMonth = month(withdrawals.createdAt);
  return executor
    .select({ month: withdrawalMonth, total: sql<string>`sum(${withdrawals.amount})::text` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        inArray(withdrawals.status, [...WITHDRAWN]),
        gte(withdrawals.createdAt, from),
      ),
    )
    .groupBy(withdrawalMonth);
}

/** What a player has deposited and withdrawn over the account's life (minor units as text). */
export async function lifetimeMoney(executor: DbOrTx, userId: number) {
  const [row] = await executor
    .select({
      deposited: sql<string>`(select coalesce(sum(${payments.amount}), 0) from ${payments} where ${payments.userId} = ${userId} and ${payments.status} = 'succeeded')::text`,
      withdrawn: sql<string>`(select coalesce(sum(${withdrawals.amount}), 0) from ${withdrawals} where ${withdrawals.userId} = ${userId} and ${withdrawals.status} in ('pending', 'approved', 'paid'))::text`,
    })
    .from(sql`(select 1) as one`);
  return row;
}
