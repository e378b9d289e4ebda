import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { gamesResponseSchema } from '@playhouse/shared';
import { SESSION_COOKIE } from '../../src/services/auth/session-service';
import { recordSucceededDeposit } from '../helpers/games-fixtures';
import { twoInstances, type App } from '../helpers/two-instances';

let two: Awaited<ReturnType<typeof twoInstances>>;
let instances: [App, App];

beforeAll(async () => {
  // The test asks again and again until an announcement arrives: one loopback address, no per-address limit.
  two = await twoInstances({ RATE_LIMIT_MAX: '1000000' });
  instances = two.instances;
});
afterAll(() => two.close());

const db = () => two.shared.handles[0].db;

/** A player signed in once; the same cookie works on either instance. */
async function player() {
  const username = `kept_${randomUUID().slice(0, 8)}`;
  const [user] = await db()
    .insert(schema.users)
    .values({ email: `${username}@example.test`, username, passwordHash: 'not-used', currency: 'EUR' })
    .returning({ id: schema.users.id });
  const session = await instances[0].services.sessions.create(db(), user!.id, { ip: '127.0.0.1', userAgent: 'vitest' });
  return { id: user!.id, sessionId: session.sessionId, cookie: `${SESSION_COOKIE}=${session.token}` };
}

/** The status a signed-in-only read answers on `app` with this cookie: 200 while the session lives, else 401. */
async function statusOn(app: App, cookie: string): Promise<number> {
  const response = await app.inject({
    method: 'GET',
    url: '/spa/users/profile/tab-display-settings',
    headers: { cookie },
  });
  return response.statusCode;
}

/** Asked until every instance answers `status`: on PostgreSQL the announcement reaches them a moment after the commit. */
async function everyInstanceAnswers(cookie: string, status: number) {
  for (const app of instances) {
    await expect.poll(() => statusOn(app, cookie), { timeout: 15_000, interval: 20 }).toBe(status);
  }
}

/** What both drivers' clients have: node-postgres's pool and PGlite answer `query`. */
interface Queryable {
  query: (...args: unknown[]) => unknown;
}
const isQueryable = (value: unknown): value is Queryable =>
  typeof value === 'object' && value !== null && typeof Reflect.get(value, 'query') === 'function';

/** Counts the statements instance 0 sends to the database that read `table` while `work` runs. */
async function readsDuring(table: string, work: () => Promise<void>): Promise<number> {
  const client: unknown = Reflect.get(db(), '$client');
  if (!isQueryable(client)) throw new Error('the database handle has no client to watch');
  const original = client.query;
  let reads = 0;
  client.query = (...args: unknown[]) => {
    const [query] = args;
    const text = typeof query === 'string' ? query : Reflect.get(Object(query), 'text');
    if (typeof text === 'string' && text.includes(`from "${table}"`)) reads++;
    return original.apply(client, args);
  };
  try {
    await work();
    return reads;
  } finally {
    client.query = original;
  }
}

describe('sessions kept in memory on two instances of one database', () => {
  it('reads a session once, then answers its requests from memory', async () => {
    const { cookie } = await player();
    expect(await readsDuring('sessions', async () => expect(await statusOn(instances[0], cookie)).toBe(200))).toBe(1);
    const repeats = await readsDuring('sessions', async () => {
      for (let i = 0; i < 5; i++) expect(await statusOn(instances[0], cookie)).toBe(200);
    });
    expect(repeats).toBe(0);
  });

  it('ends a session signed out on one instance on every instance', async () => {
    const { cookie } = await player();
    await everyInstanceAnswers(cookie, 200);
    const out = await instances[0].inject({
      method: 'POST',
      url: '/spa/auth/logout',
      headers: { cookie, origin: 'http://localhost:3000' },
    });
    expect(out.statusCode).toBeLessThan(300);
    // The instance that signed out forgets at once; the other when the database announces it.
    expect(await statusOn(instances[0], cookie)).toBe(401);
    await everyInstanceAnswers(cookie, 401);
  });

  it('refuses a blocked player on every instance, whoever wrote the block', async () => {
    const { id, cookie } = await player();
    await everyInstanceAnswers(cookie, 200);
    // A write of the database itself (an operator's tool, another service): only the announcement tells the instances.
    await db().update(schema.users).set({ status: 'blocked' }).where(eq(schema.users.id, id));
    await everyInstanceAnswers(cookie, 401);
  });

  it('ends every session of a player when their sessions are deleted in the database', async () => {
    const { id, cookie } = await player();
    await everyInstanceAnswers(cookie, 200);
    await db().delete(schema.sessions).where(eq(schema.sessions.userId, id));
    await everyInstanceAnswers(cookie, 401);
  });

  it('applies a session time limit set after the session was kept', async () => {
    const { id, sessionId, cookie } = await player();
    await everyInstanceAnswers(cookie, 200);
    // The session started an hour ago; a 30-minute limit ends it.
    await db()
      .update(schema.sessions)
      .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(schema.sessions.id, sessionId));
    await everyInstanceAnswers(cookie, 200);
    await db()
      .insert(schema.playerLimits)
      .values({ userId: id, kind: 'session', period: 'session', currency: 'EUR', amount: 30n });
    await everyInstanceAnswers(cookie, 401);
  });

  it('keeps other players signed in when one player changes', async () => {
    const [first, second] = [await player(), await player()];
    await everyInstanceAnswers(second.cookie, 200);
    await db().update(schema.users).set({ status: 'blocked' }).where(eq(schema.users.id, first.id));
    await everyInstanceAnswers(first.cookie, 401);
    const reads = await readsDuring('sessions', async () =>
      expect(await statusOn(instances[0], second.cookie)).toBe(200),
    );
    expect(reads).toBe(0);
  });

  it('drops every kept session when one statement changes more players than a notification can name', async () => {
    const kept = await player();
    expect(await statusOn(instances[0], kept.cookie)).toBe(200);
    const tag = `bulk_${randomUUID().slice(0, 8)}`;
    await db().execute(sql`insert into users (email, username, password_hash, currency)
      select ${tag} || g || '@example.test', ${tag} || g, 'not-used', 'EUR' from generate_series(1, 2000) as g`);
    // 2,000 ids do not fit in one notification (7,000 characters at most): the trigger announces '*' instead.
    await db().execute(sql`update users set status = 'blocked' where username like ${`${tag}%`}`);
    await expect
      .poll(() => readsDuring('sessions', async () => expect(await statusOn(instances[0], kept.cookie)).toBe(200)), {
        timeout: 15_000,
        interval: 20,
      })
      .toBe(1);
  });
});

/** The games page on `app` as the player sees it: the ids they like and the ids locked to them. */
async function gamesPage(app: App, cookie: string) {
  const response = await app.inject({ method: 'GET', url: '/spa/games?limit=60&sort=3', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  const { games } = gamesResponseSchema.parse(response.json());
  return {
    liked: games.filter((game) => game.isLiked).map((game) => game.id),
    locked: games.filter((game) => game.isLocked).map((game) => game.id),
    all: games.map((game) => game.id),
  };
}

describe("players' facts on the games page, kept on two instances of one database", () => {
  it("reads a player's likes and deposit state once, then draws their pages from memory", async () => {
    const { cookie } = await player();
    await gamesPage(instances[0], cookie);
    const reads = await readsDuring('favourites', async () => {
      for (let i = 0; i < 3; i++) await gamesPage(instances[0], cookie);
    });
    expect(reads).toBe(0);
  });

  it('shows a heart at once on the instance that took it, and on the other once the database announces it', async () => {
    const { cookie } = await player();
    const [first] = (await gamesPage(instances[0], cookie)).all;
    await gamesPage(instances[1], cookie);
    const liked = await instances[0].inject({
      method: 'POST',
      url: `/spa/games/${first}/favourite`,
      headers: { cookie, origin: 'http://localhost:3000' },
    });
    expect(liked.statusCode).toBe(200);
    expect((await gamesPage(instances[0], cookie)).liked).toEqual([first]);
    await expect.poll(async () => (await gamesPage(instances[1], cookie)).liked, { timeout: 15_000 }).toEqual([first]);
  });

  it("draws two players' pages and the visitors' from one kept page, each with only its own hearts and locks", async () => {
    const app = instances[0];
    const visitor = async () => {
      const response = await app.inject({ method: 'GET', url: '/spa/games?limit=60&sort=3' });
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    const visitorsBody = await visitor();
    const { games } = gamesResponseSchema.parse(JSON.parse(visitorsBody));
    const lockedToVisitors = games.filter((game) => game.isLocked).map((game) => game.id);
    const [first, second] = games.filter((game) => !game.isLocked).map((game) => game.id);
    const [one, two] = [await player(), await player()];
    await db()
      .insert(schema.favourites)
      .values([
        { userId: one.id, gameId: first! },
        { userId: two.id, gameId: second! },
      ]);
    await recordSucceededDeposit(db(), two.id);
    for (let round = 0; round < 3; round++) {
      expect(await gamesPage(app, one.cookie)).toMatchObject({ liked: [first], locked: lockedToVisitors });
      expect(await visitor()).toBe(visitorsBody);
      expect(await gamesPage(app, two.cookie)).toMatchObject({ liked: [second], locked: [] });
    }
  });

  it('unlocks the games that need a deposit on every instance once a deposit of theirs succeeded', async () => {
    const { id, cookie } = await player();
    for (const app of instances) expect((await gamesPage(app, cookie)).locked.length).toBeGreaterThan(0);
    // The payment provider's confirmation, written by whichever instance heard it.
    await recordSucceededDeposit(db(), id);
    for (const app of instances) {
      await expect.poll(async () => (await gamesPage(app, cookie)).locked, { timeout: 15_000 }).toEqual([]);
    }
  });
});
