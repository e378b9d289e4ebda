import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { schema, type Db, type DbHandle } from '@playhouse/db';
import { demoLocales } from '@playhouse/db/seed/content/locales';
import type { FeedIngestInput } from '@playhouse/shared';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { SESSION_COOKIE } from '../../src/services/auth/session-service';
import { createTestDb } from '../helpers/test-db';
import { ROUTE_TEST_ENV } from '../helpers/build-test-app';

export const SITE_ORIGIN = 'http://localhost:3000';
export const FEED_TOKEN = 'sports-route-test-feed-token-0123456789';

export interface SportsTestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Db;
  handle: DbHandle;
  close: () => Promise<void>;
}

/** The real app on a fresh database with the locales; no simulator, no background jobs: the tests push the feed. */
export async function buildSportsApp(env: Record<string, string> = {}): Promise<SportsTestApp> {
  const handle = await createTestDb();
  await handle.db.insert(schema.locales).values(demoLocales());
  const config = loadConfig({
    DATA_DIR: 'memory://',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ...ROUTE_TEST_ENV,
    JOBS_ENABLED: 'false',
    FEED_SIMULATOR: 'off',
    FEED_TOKEN,
    RATE_LIMIT_MAX: '100000',
    ...env,
  });
  const app = await buildApp({ config, dbHandle: handle, logger: false });
  await app.ready();
  return {
    app,
    db: handle.db,
    handle,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

let sequence = 0;

export interface SignedIn {
  id: number;
  /** Cookie and Origin, as the browser sends them on the site. */
  headers: { cookie: string; origin: string };
}

/** A user with a live session, created directly: these tests are about bets, not about signing in. */
export async function signedInUser(
  t: SportsTestApp,
  options: { currency?: string; role?: 'player' | 'staff' } = {},
): Promise<SignedIn> {
  sequence += 1;
  const username = `bettor_${sequence}_${randomUUID().slice(0, 6)}`;
  const [user] = await t.db
    .insert(schema.users)
    .values({
      email: `${username}@example.test`,
      username,
      passwordHash: 'not-used',
      currency: options.currency ?? 'EUR',
      role: options.role ?? 'player',
    })
    .returning({ id: schema.users.id });
  const session = await t.app.services.sessions.create(t.db, user!.id, { ip: '127.0.0.1', userAgent: 'vitest' });
  return { id: user!.id, headers: { cookie: `${SESSION_COOKIE}=${session.token}`, origin: SITE_ORIGIN } };
}

/** Puts money on a player's main balance through the wallet, as a credited deposit would. */
export async function fund(t: SportsTestApp, userId: number, amount: bigint, currency = 'EUR') {
  await t.app.services.wallet.transfer({
    idempotencyKey: `fund:${randomUUID()}`,
    kind: 'deposit',
    currency,
    legs: [
      { account: { userId, kind: 'main' }, amount },
      { account: { house: 'world' }, amount: -amount },
    ],
  });
}

export async function mainBalance(t: SportsTestApp, userId: number, currency = 'EUR') {
  return (await t.app.services.wallet.balances(userId, currency)).main;
}

export const idempotencyKey = () => `bet-${randomUUID()}`;

/** Pushes a delivery as a feed process does, with the feed token. */
export async function pushFeed(t: SportsTestApp, body: FeedIngestInput): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/spa/staff/sports/feed',
    headers: { 'x-feed-token': FEED_TOKEN },
    payload: body,
  });
}
