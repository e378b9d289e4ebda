import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { schema, type Db, type DbHandle } from '@playhouse/db';
import { demoLocales } from '@playhouse/db/seed/content/locales';
import { seedPaymentMethods } from '@playhouse/db/seed/payment-methods';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { PSP_WEBHOOK_JOB } from '../../src/services/payments/payment-jobs';
import { SESSION_COOKIE } from '../../src/services/auth/session-service';
import { createTestDb } from '../helpers/test-db';
import { ROUTE_TEST_ENV } from '../helpers/build-test-app';

export const SITE_ORIGIN = 'http://localhost:3000';
export const WEBHOOK_SECRET = 'route-test-webhook-secret';

export interface CashboxTestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Db;
  handle: DbHandle;
  config: Config;
  /** Runs the webhook delivery job now and waits for it (the tests run without the interval scheduler). */
  deliverWebhooks: () => Promise<void>;
  close: () => Promise<void>;
}

/** The real app on a fresh database with the locales and the sandbox payment methods; jobs only run when told. */
export async function buildCashboxApp(env: Record<string, string> = {}): Promise<CashboxTestApp> {
  const handle = await createTestDb();
  await handle.db.insert(schema.locales).values(demoLocales());
  await seedPaymentMethods(handle.db);
  const base = loadConfig({
    DATA_DIR: 'memory://',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ...ROUTE_TEST_ENV,
    JOBS_ENABLED: 'false',
    PSP_WEBHOOK_SECRET: WEBHOOK_SECRET,
    ...env,
  });
  // The ops tests sign a staff user in for every command: cheap hashing and no sign-in limits here.
  const generous = { max: 100_000, windowMs: 60_000 };
  const config: Config = {
    ...base,
    auth: {
      ...base.auth,
      argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
      sessionRecheckMs: 200,
      limits: {
        loginPerIp: generous,
        loginFailuresPerAccount: generous,
        loginCaptchaPerAccount: generous,
        loginCaptchaPerAddress: generous,
        registerPerIp: generous,
        recoveryPerIp: generous,
        recoveryPerEmail: generous,
      },
    },
  };
  const app = await buildApp({ config, dbHandle: handle, logger: false });
  await app.ready();
  return {
    app,
    db: handle.db,
    handle,
    config,
    deliverWebhooks: () => app.jobs.trigger(PSP_WEBHOOK_JOB),
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

let sequence = 0;

export interface SignedIn {
  id: number;
  email: string;
  username: string;
  /** Cookie and Origin, as the browser sends them on the site. */
  headers: { cookie: string; origin: string };
}

/** A user with a live session (created directly: these tests are about money, not about signing in). */
export async function signedInUser(
  t: CashboxTestApp,
  options: { currency?: string; role?: 'player' | 'staff'; name?: string } = {},
): Promise<SignedIn> {
  sequence += 1;
  const username = options.name ?? `cash_${sequence}_${randomUUID().slice(0, 6)}`;
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
  return {
    id: user!.id,
    email: `${username}@example.test`,
    username,
    headers: { cookie: `${SESSION_COOKIE}=${session.token}`, origin: SITE_ORIGIN },
  };
}

export const idempotencyKey = () => `idem-${randomUUID()}`;

/** Puts money on a player's main (or bonus) balance through the wallet, as a credited deposit would. */
export async function fund(t: CashboxTestApp, userId: number, amount: bigint, kind: 'main' | 'bonus' = 'main') {
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
