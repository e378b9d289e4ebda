import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { schema, type Db, type DbHandle } from '@playhouse/db';
import { DEMO_CONTRIBUTIONS } from '@playhouse/db/seed/bonuses';
import { launchResponseSchema, walletAuthenticateResponseSchema } from '@playhouse/shared';
import { seedCasino } from '@playhouse/db/seed/casino';
import { demoCategories } from '@playhouse/db/seed/content/categories';
import { demoLocales } from '@playhouse/db/seed/content/locales';
import { loadMessages } from '@playhouse/db/messages';
import { seedPaymentMethods } from '@playhouse/db/seed/payment-methods';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { SESSION_COOKIE } from '../../src/services/auth/session-service';
import { signBody } from '../../src/services/providers/provider-signature';
import { createTestDb } from './test-db';
import { ROUTE_TEST_ENV } from './build-test-app';

export const SITE_ORIGIN = 'http://localhost:3000';
/** Shared with the api by environment, as an operator would configure a provider. */
export const PROVIDER_SECRETS = {
  originals: 'originals-test-secret-0123456789abcdef',
  netstar: 'netstar-test-secret-0123456789abcdef01',
} as const;

export interface CasinoTestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Db;
  handle: DbHandle;
  config: Config;
  close: () => Promise<void>;
}

/**
 * The real app on a fresh database with the demo locales, UI texts, navigation categories, payment methods and the
 * whole demo casino (8 providers, 150+ games, artwork renditions), and two provider secrets.
 */
export async function buildCasinoApp(
  env: Record<string, string> = {},
  options: { handle?: DbHandle; beforeReady?: (app: Awaited<ReturnType<typeof buildApp>>) => void } = {},
): Promise<CasinoTestApp> {
  const handle = options.handle ?? (await seededCasinoDb());
  const config = loadConfig({
    DATA_DIR: 'memory://',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ...ROUTE_TEST_ENV,
    JOBS_ENABLED: 'false',
    PROVIDER_SECRET_ORIGINALS: PROVIDER_SECRETS.originals,
    PROVIDER_SECRET_NETSTAR: PROVIDER_SECRETS.netstar,
    ...env,
  });
  const app = await buildApp({ config, dbHandle: handle, logger: false });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db: handle.db,
    handle,
    config,
    close: async () => {
      await app.close();
      if (!options.handle) await handle.close();
    },
  };
}

/** A fresh database with the demo locales, UI texts, categories, payment methods and the demo casino. */
export async function seededCasinoDb(): Promise<DbHandle> {
  const handle = await createTestDb();
  await handle.db.insert(schema.locales).values(demoLocales());
  await loadMessages(handle.db);
  await handle.db.insert(schema.navCategories).values(demoCategories());
  await seedPaymentMethods(handle.db);
  await handle.db.transaction((tx) => seedCasino(tx));
  return handle;
}

export interface Player {
  id: number;
  /** Cookie and Origin, as the browser sends them on the site. */
  headers: { cookie: string; origin: string };
}

let sequence = 0;

/** A player with a live session, in EUR unless asked otherwise. */
export async function signedInPlayer(t: CasinoTestApp, currency = 'EUR'): Promise<Player> {
  sequence += 1;
  const username = `casino_${sequence}_${randomUUID().slice(0, 6)}`;
  const [user] = await t.db
    .insert(schema.users)
    .values({ email: `${username}@example.test`, username, passwordHash: 'not-used', currency })
    .returning({ id: schema.users.id });
  const session = await t.app.services.sessions.create(t.db, user!.id, { ip: '127.0.0.1', userAgent: 'vitest' });
  return { id: user!.id, headers: { cookie: `${SESSION_COOKIE}=${session.token}`, origin: SITE_ORIGIN } };
}

/** Puts money on a player's main or bonus balance through the wallet. */
export async function fund(t: CasinoTestApp, userId: number, amount: bigint, kind: 'main' | 'bonus' = 'main') {
  const [user] = await t.db
    .select({ currency: schema.users.currency })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  await t.app.services.wallet.transfer({
    idempotencyKey: `fund:${randomUUID()}`,
    kind: kind === 'main' ? 'deposit' : 'bonus_grant',
    currency: user!.currency,
    legs: [
      { account: { userId, kind }, amount },
      { account: { house: kind === 'main' ? 'world' : 'bonus_pool' }, amount: -amount },
    ],
  });
}

/**
 * Gives a player a bonus being wagered with `amount` of bonus money (a free-money campaign made for the test, wager 30,
 * no max bet): bonus money is playable only while its bonus runs.
 */
export async function grantBonus(t: CasinoTestApp, userId: number, amount: bigint): Promise<string> {
  const slug = `fixture-free-money-${amount}`;
  await t.db
    .insert(schema.bonusCampaigns)
    .values({
      slug,
      kind: 'free_money',
      template: 'standard',
      trigger: 'manual',
      amount,
      wager: 30,
      validDays: 7,
      offerDays: 7,
      contributions: DEMO_CONTRIBUTIONS,
      approvedAt: new Date(),
    })
    .onConflictDoNothing();
  const [user] = await t.db
    .select({ username: schema.users.username })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  const { id } = await t.app.services.bonuses.offer(user!.username, slug, randomUUID());
  await t.app.services.bonuses.accept(userId, id);
  return id;
}

/** Records a succeeded deposit, which unlocks the games that require one. */
export async function recordSucceededDeposit(db: Db, userId: number) {
  const [method] = await db.select({ code: schema.paymentMethods.code }).from(schema.paymentMethods).limit(1);
  await db.insert(schema.payments).values({
    userId,
    methodCode: method!.code,
    provider: 'sandbox',
    amount: 1000n,
    currency: 'EUR',
    status: 'succeeded',
    idempotencyKey: `deposit-${randomUUID()}`,
    requestHash: 'fixture',
  });
}

export async function balances(t: CasinoTestApp, userId: number) {
  return t.app.services.wallet.balances(userId, 'EUR');
}

/** Now as the signature's timestamp: whole seconds since the epoch. */
export const unixNow = () => Math.floor(Date.now() / 1000);

/** A signed seamless-wallet call, exactly as a provider's server sends it (signed now unless a timestamp is given). */
export function walletCall(
  t: CasinoTestApp,
  provider: string,
  path: string,
  payload: object,
  secret: string = PROVIDER_SECRETS[provider as keyof typeof PROVIDER_SECRETS],
  timestamp: number = unixNow(),
) {
  const body = JSON.stringify(payload);
  return t.app.inject({
    method: 'POST',
    url: `/spa/providers/${provider}/${path}`,
    headers: {
      'content-type': 'application/json',
      'x-provider-timestamp': String(timestamp),
      'x-provider-signature': signBody(secret, body, String(timestamp)),
    },
    payload: body,
  });
}

/** Opens a game for real money as the player's browser does and returns the one-time launch token. */
export async function launchToken(t: CasinoTestApp, player: Player, slug: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/spa/games/${slug}/launch`,
    headers: player.headers,
    payload: { mode: 'real' },
  });
  if (response.statusCode !== 201) throw new Error(`launch of ${slug} answered ${response.statusCode}`);
  return launchResponseSchema.parse(response.json()).launch.token;
}

/**
 * What a provider's game server does when the game opens: exchanges the launch token for the player and the game
 * session its later calls name.
 */
export async function openGameSession(t: CasinoTestApp, provider: string, player: Player, slug: string) {
  const answer = walletAuthenticateResponseSchema.parse(
    (await walletCall(t, provider, 'authenticate', { token: await launchToken(t, player, slug) })).json(),
  );
  if (answer.status !== 'ok' || !answer.sessionId) throw new Error(`authenticate refused: ${JSON.stringify(answer)}`);
  return answer.sessionId;
}

export async function gameBySlug(t: CasinoTestApp, slug: string) {
  const [game] = await t.db.select().from(schema.games).where(eq(schema.games.slug, slug));
  if (!game) throw new Error(`no game ${slug} in the fixture`);
  return game;
}
