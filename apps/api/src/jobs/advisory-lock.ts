import { sql } from 'drizzle-orm';
import type { DbHandle } from '@playhouse/db';
import type pg from 'pg';

/** Runs work only while holding a PostgreSQL advisory lock, so among N api instances one runs it at a time. */
export interface JobLock {
  /** Runs `work` if the lock was free and returns true; returns false at once (without running) otherwise. */
  tryRun(key: number, work: () => Promise<void>): Promise<boolean>;
}

/**
 * Session-level pg_try_advisory_lock on a connection of its own, held for the run only. On PostgreSQL that is a
 * pooled client kept for the run (the job's queries use other connections, and a crash releases the lock with the
 * connection). PGlite is one session in one process, so there the lock only guards against this process.
 */
export function createJobLock(handle: DbHandle): JobLock {
  if (handle.kind === 'postgres') {
    const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
    return {
      async tryRun(key, work) {
        const client = await pool.connect();
        try {
          const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
          if (!result.rows[0]?.locked) return false;
          try {
            await work();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [key]);
          }
          return true;
        } finally {
          client.release();
        }
      },
    };
  }
  return {
    async tryRun(key, work) {
      const result = (await handle.db.execute(sql`select pg_try_advisory_lock(${key}) as locked`)) as unknown as {
        rows: { locked: boolean }[];
      };
      if (!result.rows[0]?.locked) return false;
      try {
        await work();
      } finally {
        await handle.db.execute(sql`select pg_advisory_unlock(${key})`);
      }
      return true;
    },
  };
}
