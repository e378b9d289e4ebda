import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
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

/**
 * Two handles on one fresh database, as two api instances have: on a PostgreSQL server two connection pools (so a
 * NOTIFY travels between connections); on PGlite, which one process opens once, the same handle twice.
 */
export async function createSharedTestDb(): Promise<{ handles: [DbHandle, DbHandle]; close: () => Promise<void> }> {
  const first = await createTestDb();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { handles: [first, first], close: () => first.close() };
  const result = (await first.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const name = result.rows[0]!.name;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const second = await createDb({ databaseUrl: url.toString(), poolSize: 10 });
  return {
    handles: [first, second],
    close: async () => {
      await second.close();
      await first.close();
    },
  };
}

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
