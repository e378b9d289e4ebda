import { and, eq } from 'drizzle-orm';
import { liveToken } from '../../lib/live-token';
import { schema, type DbOrTx } from '@playhouse/db';

const { favourites, recentPlays, gameLaunches } = schema;

/** Flips the heart: removes the favourite when there is one, else adds it. Returns whether it is now liked. */
export async function toggleFavourite(db: DbOrTx, userId: number, gameId: number): Promise<boolean> {
  const removed = await db
    .delete(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.gameId, gameId)))
    .returning({ gameId: favourites.gameId });
  if (removed.length > 0) return false;
  await db.insert(favourites).values({ userId, gameId }).onConflictDoNothing();
  return true;
}

export async function recordPlay(db: DbOrTx, userId: number, gameId: number, playedAt: Date): Promise<void> {
  await db
    .insert(recentPlays)
    .values({ userId, gameId, playedAt })
    .onConflictDoUpdate({ target: [recentPlays.userId, recentPlays.gameId], set: { playedAt } });
}

export async function insertLaunch(db: DbOrTx, values: typeof gameLaunches.$inferInsert): Promise<void> {
  await db.insert(gameLaunches).values(values);
}

/** Marks an unexpired, unused launch as used and returns it; a second redemption finds nothing. */
export async function redeemLaunch(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .update(gameLaunches)
    .set({ usedAt: now })
    .where(
      liveToken(
        { tokenHash: gameLaunches.tokenHash, spentAt: gameLaunches.usedAt, expiresAt: gameLaunches.expiresAt },
        tokenHash,
        now,
      ),
    )
    .returning();
  return row;
}
