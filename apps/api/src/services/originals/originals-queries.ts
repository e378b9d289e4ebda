import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';

const { originalsSessions, originalsSeeds, originalsRounds } = schema;

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

export async function insertRound(db: DbOrTx, values: typeof originalsRounds.$inferInsert) {
  const [row] = await db.insert(originalsRounds).values(values).returning();
  return row!;
}

/** The owner's latest rounds with their seeds (the server seed only matters once revealed). */
export function listRounds(db: DbOrTx, owner: SeedOwner, limit: number) {
  return db
    .select({ round: originalsRounds, seed: originalsSeeds })
    .from(originalsRounds)
    .innerJoin(originalsSeeds, eq(originalsSeeds.id, originalsRounds.seedId))
    .where(ownerCondition(owner))
    .orderBy(desc(originalsRounds.id))
    .limit(limit);
}
