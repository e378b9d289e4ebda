import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type DbHandle } from '@playhouse/db';
import { seedDemo } from '@playhouse/db/seed';

export interface TestDbOptions {
  /** Holding the demo seed (a copy of the run's seeded template), instead of migrated and empty. */
  seeded?: boolean;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL points at a PostgreSQL
 * server, a new database created on it and dropped again by `close()`. Either is a copy of a template the run's
 * global set-up migrated (and seeded) once (helpers/global-setup.ts).
 */
export async function createTestDb({ seeded = false }: TestDbOptions = {}): Promise<DbHandle> {
  const templates = inject('testDbTemplates');
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dump = templates.dumps?.[seeded ? 'seeded' : 'empty'];
    const handle = await createDb({ startFrom: dump ? new Blob([await readFile(dump)]) : undefined });
    if (seeded && !dump) await seedDemo(handle.db);
    return handle;
  }
  const name = `playhouse_test_${randomBytes(6).toString('hex')}`;
  const template = templates.databases?.[seeded ? 'seeded' : 'empty'];
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString(), poolSize: 30 });
  if (seeded && !template) await seedDemo(handle.db);
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
