import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';

const { games, originalsSessions, originalsSeeds, originalsRounds } = schema;

export type OriginalsRoundStatus = (typeof schema.ORIGINALS_ROUND_STATUSES)[number];

export type OriginalsSessionRow = typeof originalsSessions.$inferSelect;
export type SeedRow = typeof originalsSeeds.$inferSelect;

/** Whose seeds: a player's (real money, kept across sessions) or one demo session's. */
export type SeedOwner = { userId: number } | { sessionId: number };

function ownerCondition(owner: SeedOwner) {
  return 'userId' in owner ? eq(originalsSeeds.userId, owner.userId) : eq(originalsSeeds.sessionId, owner.sessionId);
}

export async function insertSession(db: DbOrTx, values: typeof originalsSessions.$inferInsert) {
  const [row] = await db.insert(originalsSessions).values(values).returning();
  return row!;
}

export async function findLiveSession(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(originalsSessions)
    .where(and(eq(originalsSessions.tokenHash, tokenHash), gt(originalsSessions.expiresAt, now)))
    .limit(1);
  return row;
}

export async function findActiveSeed(db: DbOrTx, owner: SeedOwner, forUpdate = false) {
  const query = db
    .select()
    .from(originalsSeeds)
    .where(and(ownerCondition(owner), isNull(originalsSeeds.revealedAt)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findSeed(db: DbOrTx, seedId: number) {
  const [row] = await db.select().from(originalsSeeds).where(eq(originalsSeeds.id, seedId)).limit(1);
  return row;
}

/** Whether a table round played with this seed is still in play (its cards must stay secret until it ends). */
export async function seedHasOpenTableRound(db: DbOrTx, seedId: number) {
  const [row] = await db
    .select({ id: originalsRounds.id })
    .from(originalsRounds)
    .where(
      and(
        eq(originalsRounds.seedId, seedId),
        sql`${originalsRounds.actions} is not null`,
        inArray(originalsRounds.status, ['placed', 'open']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Creates the owner's active seed unless a concurrent request just did (one active seed per owner, by index). */
export async function insertSeed(db: DbOrTx, values: typeof originalsSeeds.$inferInsert) {
  const [row] = await db.insert(originalsSeeds).values(values).onConflictDoNothing().returning();
  return row;
}

/** Takes the next nonce of an unrevealed seed, atomically; undefined when the seed was rotated meanwhile. */
export async function takeNonce(db: DbOrTx, seedId: number) {
  const [row] = await db
    .update(originalsSeeds)
    .set({ nextNonce: sql`${originalsSeeds.nextNonce} + 1` })
    .where(and(eq(originalsSeeds.id, seedId), isNull(originalsSeeds.revealedAt)))
    .returning();
  return row ? { ...row, nonce: row.nextNonce - 1 } : undefined;
}

export async function revealSeed(db: DbOrTx, seedId: number, at: Date) {
  const [row] = await db
    .update(originalsSeeds)
    .set({ revealedAt: at })
    .where(and(eq(originalsSeeds.id, seedId), isNull(originalsSeeds.revealedAt)))
    .returning();
  return row;
}

/** Moves demo play money by a round's result, refusing a bet above it. */
export async function settleDemo(db: DbOrTx, sessionId: number, bet: bigint, payout: bigint) {
  const [row] = await db
    .update(originalsSessions)
    .set({
      demoBalance: sql`${originalsSessions.demoBalance} - ${bet.toString()}::bigint + ${payout.toString()}::bigint`,
    })
    .where(and(eq(originalsSessions.id, sessionId), sql`${originalsSessions.demoBalance} >= ${bet.toString()}::bigint`))
    .returning({ demoBalance: originalsSessions.demoBalance });
  return row?.demoBalance ?? null;
}

export type OriginalsRoundRow = typeof originalsRounds.$inferSelect;

export async function insertRound(db: DbOrTx, values: typeof originalsRounds.$inferInsert) {
  const [row] = await db.insert(originalsRounds).values(values).returning();
  return row!;
}

/** Moves a round on from one of the statuses it may be in; undefined when it had already moved elsewhere. */
export async function updateRound(
  db: DbOrTx,
  roundId: number,
  from: readonly OriginalsRoundStatus[],
  values: Partial<Pick<OriginalsRoundRow, 'status' | 'attempts' | 'nextAttemptAt' | 'settledAt'>>,
) {
  const [row] = await db
    .update(originalsRounds)
    .set(values)
    .where(and(eq(originalsRounds.id, roundId), inArray(originalsRounds.status, [...from])))
    .returning();
  return row;
}

/**
 * Real-money rounds the settlement job owes something: taken bets whose win is unpaid, and bets of unknown fate
 * written before `unconfirmedBefore`; each only once its next attempt is due. Oldest first.
 */
export function findUnsettledRounds(db: DbOrTx, now: Date, unconfirmedBefore: Date, limit: number) {
  return roundsToSettle(
    db,
    and(
      or(
        eq(originalsRounds.status, 'accepted'),
        and(eq(originalsRounds.status, 'placed'), lte(originalsRounds.createdAt, unconfirmedBefore)),
      ),
      or(isNull(originalsRounds.nextAttemptAt), lte(originalsRounds.nextAttemptAt, now)),
    ),
    limit,
  );
}

/** Rounds a job settles with the wallet, with what that needs (wallet session, player, game), oldest first. */
export function roundsToSettle(db: DbOrTx, where: SQL | undefined, limit: number) {
  return db
    .select({
      round: originalsRounds,
      walletSessionId: originalsSessions.walletSessionId,
      playerId: originalsSessions.playerId,
      gameSlug: games.slug,
    })
    .from(originalsRounds)
    .innerJoin(originalsSessions, eq(originalsSessions.id, originalsRounds.sessionId))
    .innerJoin(games, eq(games.id, originalsSessions.gameId))
    .where(where)
    .orderBy(asc(originalsRounds.id))
    .limit(limit);
}

/** The owner's latest rounds whose bet the wallet took, with their seeds (the server seed only matters once revealed). */
export function listRounds(db: DbOrTx, owner: SeedOwner, limit: number) {
  return db
    .select({ round: originalsRounds, seed: originalsSeeds })
    .from(originalsRounds)
    .innerJoin(originalsSeeds, eq(originalsSeeds.id, originalsRounds.seedId))
    .where(and(ownerCondition(owner), inArray(originalsRounds.status, ['accepted', 'settled'])))
    .orderBy(desc(originalsRounds.id))
    .limit(limit);
}

/**
 * The provably fair facts of a round the wallet knows by `walletRoundId` (for its receipt): the seed hash, the client
 * seed, the nonce, the engine, its parameters, a table round's moves, and its outcome. Null for another round.
 */
export async function roundFairnessForReceipt(db: DbOrTx, walletRoundId: string) {
  const [row] = await db
    .select({
      nonce: originalsRounds.nonce,
      engine: originalsRounds.engine,
      params: originalsRounds.params,
      actions: originalsRounds.actions,
      outcome: originalsRounds.outcome,
      status: originalsRounds.status,
      serverSeedHash: originalsSeeds.serverSeedHash,
      clientSeed: originalsSeeds.clientSeed,
    })
    .from(originalsRounds)
    .innerJoin(originalsSeeds, eq(originalsSeeds.id, originalsRounds.seedId))
    .where(eq(originalsRounds.walletRoundId, walletRoundId))
    .limit(1);
  return row ?? null;
}
