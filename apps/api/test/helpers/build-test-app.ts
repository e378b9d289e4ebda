import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db, DbHandle } from '@playhouse/db';
import { errorEnvelopeSchema, type ErrorEnvelope } from '@playhouse/shared';
import { buildApp, type BuildAppOptions } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createTestDb } from './test-db';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Db;
  handle: DbHandle;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  /** Environment variables on top of the test defaults. */
  env?: Record<string, string>;
  /** Leave the database empty instead of seeding the demo content. */
  empty?: boolean;
  logger?: BuildAppOptions['logger'];
}

/**
 * What every route test's app runs with. Route tests write players' rows straight to the database and read a route's
 * answer at once, while kept sessions and facts follow such a write a moment later on PostgreSQL (the announcement
 * travels to the instance): test/plugins/player-changes.test.ts and the scale-out test run them on both databases,
 * and the e2e suite runs the site with them (docs/decisions.md, "Players' sessions and facts kept in memory").
 */
export const ROUTE_TEST_ENV = { PLAYER_CACHE: 'off' } as const;

/**
 * The real app on a fresh database (in-memory PGlite, or a new database on TEST_DATABASE_URL's server) holding the
 * demo seed, not listening. Call `app.ready()` after adding any test-only routes.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const handle = await createTestDb({ seeded: !options.empty });
  const config = loadConfig({
    DATA_DIR: 'memory://',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ...ROUTE_TEST_ENV,
    ...options.env,
  });
  const app = await buildApp({ config, dbHandle: handle, logger: options.logger ?? false });
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

/** Asserts the shared error envelope: the status, the code, a message, and the request id the header carries. */
export function expectErrorEnvelope(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json<ErrorEnvelope>();
  expect(errorEnvelopeSchema.strict().safeParse(body).success).toBe(true);
  expect(body.error.code).toBe(code);
  expect(body.error.message).not.toBe('');
  expect(body.requestId).toBe(response.headers['x-request-id']);
  return body;
}
