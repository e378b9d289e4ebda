import { and, asc, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import { columnsEqual } from '../../lib/columns-equal';
import { schema, type DbOrTx } from '@playhouse/db';
import type { OriginalsRoundStatus } from './originals-queries';

const { games, sharedTableRounds, sharedTableBets, originalsSessions } = schema;

export type SharedRoundRow = typeof sharedTableRounds.$inferSelect;
export type SharedBetRow = typeof sharedTableBets.$inferSelect;

/** Every shared table of the catalogue that is open (its game active). */
export function listSharedTables(db: DbOrTx) {
  return db
    .select({ id: games.id, slug: games.slug, config: games.engineConfig })
    .from(games)
    .where(and(eq(games.engine, 'shared-table'), eq(games.active, true)))
    .orderBy(asc(games.id));
}

export async function findSharedTable(db: DbOrTx, slug: string) {
  const [row] = await db
    .select({ id: games.id, slug: games.slug, config: games.engineConfig })
    .from(games)
    .where(and(eq(games.slug, slug), eq(games.engine, 'shared-table'), eq(games.active, true)))
    .limit(1);
  return row;
}

export async function latestRound(db: DbOrTx, gameId: number) {
  const [row] = await db
    .select()
    .from(sharedTableRounds)
    .where(eq(sharedTableRounds.gameId, gameId))
    .orderBy(desc(sharedTableRounds.number))
    .limit(1);
  return row;
}

export async function findRound(db: DbOrTx, roundId: number) {
  const [row] = await db.select().from(sharedTableRounds).where(eq(sharedTableRounds.id, roundId)).limit(1);
  return row;
}

/** The table's latest rounds whose result is public (newest first): the history players verify. */
export function recentResults(db: DbOrTx, gameId: number, limit: number) {
  return db
    .select()
    .from(sharedTableRounds)
    .where(and(eq(sharedTableRounds.gameId, gameId), eq(sharedTableRounds.status, 'result')))
    .orderBy(desc(sharedTableRounds.number))
    .limit(limit);
}

/** Opens the table's next round unless another instance just did (one number per table). */
export async function insertRound(db: DbOrTx, values: typeof sharedTableRounds.$inferInsert) {
  const [row] = await db.insert(sharedTableRounds).values(values).onConflictDoNothing().returning();
  return row;
}

/** Moves a round on from the status it is in; undefined when it had moved already. */
export async function advanceRound(
  db: DbOrTx,
  roundId: number,
  from: SharedRoundRow['status'],
  values: Partial<Pick<SharedRoundRow, 'status' | 'outcome'>>,
) {
  const [row] = await db
    .update(sharedTableRounds)
    .set(values)
    .where(and(eq(sharedTableRounds.id, roundId), eq(sharedTableRounds.status, from)))
    .returning();
  return row;
}

/**
 * The round, read under a share lock, while it still takes bets: a slip written in the same transaction is in before
 * the table's clock can close betting (closing updates the row, so it waits for this transaction).
 */
export async function lockBettingRound(tx: DbOrTx, roundId: number, now: Date) {
  const [row] = await tx
    .select()
    .from(sharedTableRounds)
    .where(
      and(
        columnsEqual(sharedTableRounds, { id: roundId, status: 'betting' }),
        gt(sharedTableRounds.bettingClosesAt, now),
      ),
    )
    .for('share');
  return row;
}

export async function insertSlip(db: DbOrTx, values: typeof sharedTableBets.$inferInsert) {
  const [row] = await db.insert(sharedTableBets).values(values).returning();
  return row!;
}

export async function findSlip(db: DbOrTx, roundId: number, sessionId: number) {
  const [row] = await db
    .select()
    .from(sharedTableBets)
    .where(and(eq(sharedTableBets.roundId, roundId), eq(sharedTableBets.sessionId, sessionId)))
    .limit(1);
  return row;
}

/** The session's slips of the given rounds. */
export function slipsOf(db: DbOrTx, sessionId: number, roundIds: number[]) {
  if (roundIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(sharedTableBets)
    .where(and(eq(sharedTableBets.sessionId, sessionId), inArray(sharedTableBets.roundId, roundIds)));
}

export async function updateSlip(
  db: DbOrTx,
  slipId: number,
  from: readonly OriginalsRoundStatus[],
  values: Partial<Pick<SharedBetRow, 'status' | 'payout' | 'attempts' | 'nextAttemptAt' | 'settledAt'>>,
) {
  const [row] = await db
    .update(sharedTableBets)
    .set(values)
    .where(and(eq(sharedTableBets.id, slipId), inArray(sharedTableBets.status, [...from])))
    .returning();
  return row;
}

/**
 * Slips the wallet still has to hear about: taken bets of rounds with a public result (their win is owed), and bets of
 * unknown fate written before `unconfirmedBefore`; each once its next attempt is due. Oldest first.
 */
export function findOwedSlips(db: DbOrTx, now: Date, unconfirmedBefore: Date, limit: number) {
  return db
    .select({
      slip: sharedTableBets,
      round: sharedTableRounds,
      walletSessionId: originalsSessions.walletSessionId,
      playerId: originalsSessions.playerId,
      gameSlug: games.slug,
      game: games.engineConfig,
    })
    .from(sharedTableBets)
    .innerJoin(sharedTableRounds, eq(sharedTableRounds.id, sharedTableBets.roundId))
    .innerJoin(originalsSessions, eq(originalsSessions.id, sharedTableBets.sessionId))
    .innerJoin(games, eq(games.id, sharedTableRounds.gameId))
    .where(
      and(
        or(
          and(eq(sharedTableBets.status, 'accepted'), eq(sharedTableRounds.status, 'result')),
          and(eq(sharedTableBets.status, 'placed'), lte(sharedTableBets.createdAt, unconfirmedBefore)),
        ),
        or(isNull(sharedTableBets.nextAttemptAt), lte(sharedTableBets.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(sharedTableBets.id))
    .limit(limit);
}

/**
 * What a receipt of a shared-table slip states to replay it: the round's seed hash and public client seed (nonce 0:
 * one round per seed), the table engine with the slip's game and bets, and the round's outcome once public. The same
 * shape as an Originals round's (originals-queries.ts roundFairnessForReceipt); null when no slip has this wallet id.
 */
export async function sharedSlipFairnessForReceipt(db: DbOrTx, walletRoundId: string) {
  const [row] = await db
    .select({
      game: games.engineConfig,
      bets: sharedTableBets.bets,
      outcome: sharedTableRounds.outcome,
      status: sharedTableBets.status,
      serverSeedHash: sharedTableRounds.serverSeedHash,
      clientSeed: sharedTableRounds.clientSeed,
    })
    .from(sharedTableBets)
    .innerJoin(sharedTableRounds, eq(sharedTableRounds.id, sharedTableBets.roundId))
    .innerJoin(games, eq(games.id, sharedTableRounds.gameId))
    .where(eq(sharedTableBets.walletRoundId, walletRoundId))
    .limit(1);
  if (!row) return null;
  return {
    nonce: 0,
    engine: 'table' as const,
    params: { game: row.game, bets: row.bets },
    actions: null,
    outcome: row.outcome,
    status: row.status,
    serverSeedHash: row.serverSeedHash,
    clientSeed: row.clientSeed,
  };
}
