import { and, eq, inArray, sql } from 'drizzle-orm';
import { columnsEqual } from '../../lib/columns-equal';
import { schema, type DbOrTx } from '@playhouse/db';

const { providerTransactions, users } = schema;

/** Namespace of the advisory locks that serialize the calls about one provider transaction. */
const WALLET_LOCK_NAMESPACE = 727_100_040;
/** Namespace of the advisory locks that serialize the calls of one provider round. */
const ROUND_LOCK_NAMESPACE = 727_100_041;

/** Serializes, until the transaction ends, the calls of one round: its bets, wins and rollbacks judge it in turn. */
export async function lockProviderRound(db: DbOrTx, provider: string, roundId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${ROUND_LOCK_NAMESPACE}, hashtext(${`${provider}:${roundId}`}))`);
}

/**
 * Serializes, until the transaction ends, every call about one provider transaction id: the bet itself, its repeats
 * and its rollbacks (which lock the bet's id), so "rollback before bet" cannot interleave with the bet.
 */
export async function lockProviderTransaction(db: DbOrTx, provider: string, transactionId: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(${WALLET_LOCK_NAMESPACE}, hashtext(${`${provider}:${transactionId}`}))`,
  );
}

export type ProviderTransactionRow = typeof providerTransactions.$inferSelect;

export async function findProviderTransaction(
  db: DbOrTx,
  provider: string,
  transactionId: string,
): Promise<ProviderTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(providerTransactions)
    .where(and(eq(providerTransactions.provider, provider), eq(providerTransactions.transactionId, transactionId)))
    .limit(1);
  return row;
}

/** The rollbacks recorded against a bet id (one arriving before its bet is a tombstone). */
export function findRollbacksOf(db: DbOrTx, provider: string, betTransactionId: string) {
  return db
    .select()
    .from(providerTransactions)
    .where(
      columnsEqual(providerTransactions, { provider, type: 'rollback', referenceTransactionId: betTransactionId }),
    );
}

export async function insertProviderTransaction(
  db: DbOrTx,
  values: typeof providerTransactions.$inferInsert,
): Promise<void> {
  await db.insert(providerTransactions).values(values);
}

export async function findPlayer(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ id: users.id, currency: users.currency, status: users.status })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** The accepted bets of a round that have not been rolled back: what a win of the round pays out against. */
export async function findRoundBets(db: DbOrTx, provider: string, roundId: string, userId: number) {
  return db
    .select({ transactionId: providerTransactions.transactionId, amount: providerTransactions.amount })
    .from(providerTransactions)
    .where(
      and(
        eq(providerTransactions.provider, provider),
        eq(providerTransactions.roundId, roundId),
        eq(providerTransactions.userId, userId),
        eq(providerTransactions.type, 'bet'),
        eq(providerTransactions.status, 'ok'),
        sql`not exists (select 1 from provider_transactions r where r.provider = ${provider}
          and r.type = 'rollback' and r.reference_transaction_id = ${providerTransactions.transactionId})`,
      ),
    );
}

/** The bets and wins that moved money in some of a player's rounds at a provider, with the legs each one recorded. */
export async function roundMoneyCalls(db: DbOrTx, provider: string, userId: number, roundIds: string[]) {
  if (roundIds.length === 0) return [];
  return db
    .select({
      roundId: providerTransactions.roundId,
      type: providerTransactions.type,
      currency: providerTransactions.currency,
      legs: providerTransactions.legs,
    })
    .from(providerTransactions)
    .where(
      and(
        eq(providerTransactions.provider, provider),
        inArray(providerTransactions.roundId, [...new Set(roundIds)]),
        eq(providerTransactions.userId, userId),
        eq(providerTransactions.status, 'ok'),
        inArray(providerTransactions.type, ['bet', 'win']),
      ),
    );
}

/** A player's game rounds as the seamless wallet saw them (calls that moved money), newest first, one page. */
export async function roundsOfUser(db: DbOrTx, userId: number, page: { limit: number; offset: number }) {
  const { games } = schema;
  const okCalls = and(eq(providerTransactions.userId, userId), eq(providerTransactions.status, 'ok'));
  const [rows, [count]] = await Promise.all([
    db
      .select({
        provider: providerTransactions.provider,
        roundId: providerTransactions.roundId,
        game: sql<string | null>`max(${games.slug})`,
        currency: sql<string>`max(${providerTransactions.currency})`,
        bet: sql<string>`coalesce(sum(${providerTransactions.amount}) filter (where ${providerTransactions.type} = 'bet'), 0)::text`,
        win: sql<string>`coalesce(sum(${providerTransactions.amount}) filter (where ${providerTransactions.type} = 'win'), 0)::text`,
        rolledBack: sql<string>`coalesce(sum(${providerTransactions.amount}) filter (where ${providerTransactions.type} = 'rollback'), 0)::text`,
        calls: sql<number>`count(*)::int`,
        startedAt: sql<Date>`min(${providerTransactions.createdAt})`.mapWith(providerTransactions.createdAt),
        lastAt: sql<Date>`max(${providerTransactions.createdAt})`.mapWith(providerTransactions.createdAt),
      })
      .from(providerTransactions)
      .leftJoin(games, eq(games.id, providerTransactions.gameId))
      .where(okCalls)
      .groupBy(providerTransactions.provider, providerTransactions.roundId)
      .orderBy(
        sql`max(${providerTransactions.createdAt}) desc`,
        providerTransactions.provider,
        providerTransactions.roundId,
      )
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({
        total: sql<number>`count(distinct (${providerTransactions.provider}, ${providerTransactions.roundId}))::int`,
      })
      .from(providerTransactions)
      .where(okCalls),
  ]);
  return { rows, total: count?.total ?? 0 };
}
