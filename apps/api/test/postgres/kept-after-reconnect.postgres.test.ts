import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { gamesResponseSchema } from '@playhouse/shared';
import { SESSION_COOKIE } from '../../src/services/auth/session-service';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { terminateListeners } from '../helpers/listener-kill';

// Runs in the PostgreSQL leg of `npm test` (vitest project api-postgres): PGlite has no connection to lose.
if (!process.env.TEST_DATABASE_URL) throw new Error('this file needs a PostgreSQL server: set TEST_DATABASE_URL');

let t: TestApp;

beforeAll(async () => {
  // The kept sessions and facts on, as the site runs (route tests turn them off).
  t = await buildTestApp({ env: { PLAYER_CACHE: 'on', JOBS_ENABLED: 'false', RATE_LIMIT_MAX: '1000000' } });
  await t.app.ready();
});
afterAll(async () => t.close());

const signedIn = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/spa/users/profile/tab-display-settings', headers: { cookie } }))
    .statusCode;
const localesText = async () => (await t.app.inject({ method: 'GET', url: '/spa/locales' })).body;
async function gamesPage(cookie: string) {
  const response = await t.app.inject({ method: 'GET', url: '/spa/games?limit=60&sort=3', headers: { cookie } });
  return gamesResponseSchema.parse(response.json()).games;
}
const gamesOf = async (cookie: string) => (await gamesPage(cookie)).map((game) => game.id);
const liked = async (cookie: string) => (await gamesPage(cookie)).filter((game) => game.isLiked).map((game) => game.id);

/** A player with a session, and the cookie that carries it. */
async function player() {
  const username = `gap_${randomUUID().slice(0, 8)}`;
  const [user] = await t.db
    .insert(schema.users)
    .values({ email: `${username}@example.test`, username, passwordHash: 'not-used', currency: 'EUR' })
    .returning({ id: schema.users.id });
  const session = await t.app.services.sessions.create(t.db, user!.id, { ip: '127.0.0.1', userAgent: 'vitest' });
  return { id: user!.id, cookie: `${SESSION_COOKIE}=${session.token}` };
}

describe('what an instance keeps from before a gap in the announcements (PostgreSQL)', () => {
  it('drops kept sessions, players’ facts and public content once its listener has reconnected', async () => {
    const [leaving, liking] = [await player(), await player()];
    const [game] = await gamesOf(liking.cookie);
    // Each read once, and kept.
    expect(await signedIn(leaving.cookie)).toBe(200);
    expect(await liked(liking.cookie)).toEqual([]);
    const title = `Gap ${randomUUID().slice(0, 8)}`;
    expect(await localesText()).not.toContain(title);

    // Changes that announce nothing (the triggers off for this transaction), as if made while the listener was away.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`delete from sessions where user_id = ${leaving.id}`);
      await tx.execute(sql`insert into favourites (user_id, game_id) values (${liking.id}, ${game!})`);
      await tx.execute(sql`update locales set title = ${title} where is_default`);
    });
    expect(await signedIn(leaving.cookie)).toBe(200);
    expect(await liked(liking.cookie)).toEqual([]);
    expect(await localesText()).not.toContain(title);

    expect(await terminateListeners(t.db)).toBeGreaterThan(0);
    await expect.poll(() => localesText(), { timeout: 15_000, interval: 50 }).toContain(title);
    await expect.poll(() => signedIn(leaving.cookie), { timeout: 15_000, interval: 50 }).toBe(401);
    await expect.poll(() => liked(liking.cookie), { timeout: 15_000, interval: 50 }).toEqual([game]);
  });
});
