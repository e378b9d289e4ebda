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
 * The real app on a fresh database (in-memory PGlite, or a new database on TEST_DATABASE_URL's server) holding the
 * demo seed, not listening. Call `app.ready()` after adding any test-only routes.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const handle = await createTestDb({ seeded: !options.empty });
  const config = loadConfig({ DATA_DIR: 'memory://', SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...options.env });
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
