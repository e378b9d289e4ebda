import { and, eq, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';

const { gameSessions, games, providerTransactions } = schema;

export type GameSessionRow = typeof gameSessions.$inferSelect;

export async function insertGameSession(db: DbOrTx, values: typeof gameSessions.$inferInsert): Promise<GameSessionRow> {
  const [row] = await db.insert(gameSessions).values(values).returning();
  return row!;
}

/** The game session behind a session id's hash, with its game's slug and win cap (whether or not the game is active). */
export async function findGameSession(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      session: gameSessions,
      game: { id: games.id, slug: games.slug, maxWinMultiplier: games.maxWinMultiplier },
    })
    .from(gameSessions)
    .innerJoin(games, eq(games.id, gameSessions.gameId))
    .where(eq(gameSessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Every call recorded in one round of a provider, each bet marked when a rollback of it exists (in any round). */
export async function findRoundCalls(db: DbOrTx, provider: string, roundId: string) {
  const rows = await db
    .select({
      transactionId: providerTransactions.transactionId,
      type: providerTransactions.type,
      status: providerTransactions.status,
      amount: providerTransactions.amount,
      gameSessionId: providerTransactions.gameSessionId,
      rolledBack: sql<boolean>`exists (select 1 from provider_transactions r where r.provider = ${provider}
        and r.type = 'rollback' and r.reference_transaction_id = provider_transactions.transaction_id)`,
    })
    .from(providerTransactions)
    .where(and(eq(providerTransactions.provider, provider), eq(providerTransactions.roundId, roundId)));
  return rows;
}
