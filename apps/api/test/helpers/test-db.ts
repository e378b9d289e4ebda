import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type DbHandle } from '@playhouse/db';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL points at a PostgreSQL
 * server, a new database created on it and dropped again by `close()`.
 */
export async function createTestDb(): Promise<DbHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return createDb();
  const name = `playhouse_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString(), poolSize: 30 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
