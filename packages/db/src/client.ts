import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { createReconnectingListener, type Listen } from './listener';
import * as schema from './schema/index';

export type { Listen, ListenOptions } from './listener';

export type Schema = typeof schema;
/** One type for both engines: code never needs to know which one it runs on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: anything that can run queries the way `db` can. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type DbKind = 'pglite' | 'postgres';

export interface DbHandle {
  db: Db;
  kind: DbKind;
  listen: Listen;
  /**
   * Runs `work` while holding the session-level advisory lock `key` and returns true, or returns false at once
   * (without running it) when another session holds the lock. On PostgreSQL the lock lives on a pooled connection kept
   * for the run (a crash releases it with the connection); PGlite is one session, so there it guards this process.
   */
  tryAdvisoryLock: (key: number, work: () => Promise<void>) => Promise<boolean>;
  close: () => Promise<void>;
  /** PGlite only: the whole data folder as one file, to start another instance from (`startFrom`). */
  dump?: () => Promise<Blob | File>;
}

export interface CreateDbOptions {
  /** postgres:// URL; when unset the embedded PGlite engine is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; 'memory://' (or unset) keeps the database in memory. */
  dataDir?: string | undefined;
  /**
   * PGlite only: start from this dump of a data folder (`dumpDataDir()`) instead of an empty cluster. Migrations still
   * run, so a dump taken at any migration catches up.
   */
  startFrom?: Blob | File | undefined;
  /** node-postgres pool size. */
  poolSize?: number;
  /** Told when the LISTEN connection is lost or cannot be reopened (it keeps retrying). */
  onListenError?: (error: unknown) => void;
}

const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');
/** Taken while migrating so that N api instances starting together migrate once. */
const MIGRATION_LOCK_KEY = 727_100_001;

export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  if (options.databaseUrl) return createPostgres(options.databaseUrl, options.poolSize ?? 20, options.onListenError);
  return createPglite(options.dataDir, options.startFrom);
}

async function createPglite(dataDir: string | undefined, startFrom: Blob | File | undefined): Promise<DbHandle> {
  const inMemory = !dataDir || dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(inMemory ? undefined : dataDir, {
    extensions: { pg_trgm, unaccent },
    ...(startFrom ? { loadDataDir: startFrom } : {}),
  });
  const pglite = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(pglite, { migrationsFolder: MIGRATIONS_FOLDER });
  const db: Db = pglite;
  return {
    db,
    kind: 'pglite',
    listen: async (channel, onPayload) => {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    async tryAdvisoryLock(key, work) {
      const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
      if (!result.rows[0]?.locked) return false;
      try {
        await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [key]);
      }
      return true;
    },
    close: () => client.close(),
    // A checkpoint first: an instance started from the dump then opens it as cleanly shut down, without replaying the
    // write-ahead log (about a third of the start-up of each api test file's database).
    dump: async () => {
      await client.exec('checkpoint');
      return client.dumpDataDir('none');
    },
  };
}

async function createPostgres(
  databaseUrl: string,
  poolSize: number,
  onListenError: ((error: unknown) => void) | undefined,
): Promise<DbHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // An idle pooled connection that the server closes (restart, failover, a dropped test database) must not crash the
  // process: the pool discards it and opens a new one on the next query.
  pool.on('error', () => undefined);
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(lockClient, { schema, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lockClient.release();
  }
  const db: Db = drizzlePg(pool, { schema, casing: 'snake_case' });
  // Its own connection, outside the pool: it lives as long as the process, and comes back by itself when dropped.
  const listener = createReconnectingListener({
    newClient: () =>
      new pg.Client({ connectionString: databaseUrl, keepAlive: true, keepAliveInitialDelayMillis: 10_000 }),
    onError: onListenError,
  });
  return {
    db,
    kind: 'postgres',
    listen: listener.listen,
    async tryAdvisoryLock(key, work) {
      const lockClient = await pool.connect();
      try {
        const result = await lockClient.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
        if (!result.rows[0]?.locked) return false;
        try {
          await work();
        } finally {
          await lockClient.query('select pg_advisory_unlock($1)', [key]);
        }
        return true;
      } finally {
        lockClient.release();
      }
    },
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}
