import { and, asc, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { schema, type DbOrTx, type Tx } from '@playhouse/db';
import type { StaffWithdrawalsQuery, WithdrawalStatus } from '@playhouse/shared';
import { boundOf } from '../../lib/period';
import { playerMatches } from '../accounts/account-queries';

/* The cashbox's SQL for withdrawals: the player's requests, the review queue and the holds. */

const { withdrawals, users } = schema;

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type NewWithdrawal = typeof withdrawals.$inferInsert;

/** Whether the player asked for a withdrawal (not rejected) at or after `since`. */
export async function withdrawalRequestedSince(executor: DbOrTx, userId: number, since: Date): Promise<boolean> {
  const [row] = await executor
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), gte(withdrawals.createdAt, since), ne(withdrawals.status, 'rejected')))
    .limit(1);
  return row !== undefined;
}

/** The player's withdrawal made with this idempotency key. */
export async function findWithdrawalByKey(executor: DbOrTx, userId: number, idempotencyKey: string) {
  const [row] = await executor
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

/** Writes a request once per (player, key): the row, or undefined when the key was taken by a racing request. */
export async function insertWithdrawal(tx: Tx, values: NewWithdrawal): Promise<WithdrawalRow | undefined> {
  const [row] = await tx
    .insert(withdrawals)
    .values(values)
    .onConflictDoNothing({ target: [withdrawals.userId, withdrawals.idempotencyKey] })
    .returning();
  return row;
}

export async function lockWithdrawal(tx: Tx, id: string): Promise<WithdrawalRow | undefined> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return row;
}

export async function updateWithdrawal(tx: Tx, id: string, values: Partial<NewWithdrawal>): Promise<void> {
  await tx.update(withdrawals).set(values).where(eq(withdrawals.id, id));
}

/**
 * Holds (or with `held: false` releases) the player's withdrawals not yet paid. One a staff member is deciding right
 * now is skipped rather than waited for.
 */
export async function setOpenWithdrawalsHeld(tx: Tx, userId: number, held: Date | false): Promise<void> {
  if (held) {
    await tx.execute(sql`
      update withdrawals set held_at = ${held.toISOString()}::timestamptz
      where id in (
        select id from withdrawals
        where user_id = ${userId} and status in ('pending', 'approved') and held_at is null
        for update skip locked
      )`);
    return;
  }
  await tx.execute(sql`
    update withdrawals set held_at = null
    where id in (
      select id from withdrawals
      where user_id = ${userId} and status in ('pending', 'approved') and held_at is not null
      for update skip locked
    )`);
}

/** One withdrawal with its player's login. */
export async function findWithdrawalWithLogin(executor: DbOrTx, id: string) {
  const [row] = await executor
    .select({ withdrawal: withdrawals, login: users.email })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(eq(withdrawals.id, id));
  return row;
}

/** One withdrawal with the player facts the review screen shows. */
export async function findWithdrawalWithPlayer(executor: DbOrTx, id: string) {
  const player = alias(users, 'player');
  const [row] = await executor
    .select({
      withdrawal: withdrawals,
      player: { id: player.id, email: player.email, username: player.username, currency: player.currency },
    })
    .from(withdrawals)
    .innerJoin(player, eq(player.id, withdrawals.userId))
    .where(eq(withdrawals.id, id));
  return row;
}

/** Staff members' logins by id. */
export function staffLogins(executor: DbOrTx, ids: number[]) {
  return executor.select({ id: users.id, login: users.email }).from(users).where(inArray(users.id, ids));
}

/** A page of the player's withdrawals, newest first, and their total. */
export async function playerWithdrawalPage(
  executor: DbOrTx,
  userId: number,
  query: { status?: WithdrawalStatus | undefined; page: number; perPage: number },
) {
  const where = and(eq(withdrawals.userId, userId), query.status ? eq(withdrawals.status, query.status) : undefined);
  const [rows, [count]] = await Promise.all([
    executor
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    executor
      .select({ total: sql<number>`count(*)::int` })
      .from(withdrawals)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

const WITHDRAWAL_SORT_COLUMNS = {
  createdAt: withdrawals.createdAt,
  amount: withdrawals.amount,
  status: withdrawals.status,
} as const;

/**
 * The review queue: filtered by status, currency, period and player, sorted by a whitelisted column (ties by id),
 * one window, with each player's login; and how many match.
 */
export async function staffWithdrawalPage(
  executor: DbOrTx,
  query: StaffWithdrawalsQuery,
  window: { limit: number; offset: number },
) {
  const from = boundOf(query.from, 'from');
  const to = boundOf(query.to, 'to');
  const where = and(
    query.status ? eq(withdrawals.status, query.status) : undefined,
    query.currency ? eq(withdrawals.currency, query.currency) : undefined,
    from ? gte(withdrawals.createdAt, from) : undefined,
    to ? lt(withdrawals.createdAt, to) : undefined,
    query.player ? eq(withdrawals.userId, query.player) : undefined,
    query.q ? playerMatches(query.q) : undefined,
  );
  const order = query.dir === 'asc' ? asc : desc;
  const [rows, [count]] = await Promise.all([
    executor
      .select({ withdrawal: withdrawals, login: users.email })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(where)
      .orderBy(order(WITHDRAWAL_SORT_COLUMNS[query.sort]), order(withdrawals.id))
      .limit(window.limit)
      .offset(window.offset),
    executor
      .select({ total: sql<number>`count(*)::int` })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}
