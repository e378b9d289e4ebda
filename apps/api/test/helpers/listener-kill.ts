import { sql } from 'drizzle-orm';
import type { Db } from '@playhouse/db';
import { rowsOf } from '../../src/lib/sql-rows';
import { z } from 'zod';

/**
 * Ends the server processes behind this database's LISTEN connections, as a restart or failover would; answers how
 * many it ended (PostgreSQL only: PGlite has no connection to lose).
 */
export async function terminateListeners(db: Db): Promise<number> {
  const rows = rowsOf(
    await db.execute(sql`
      select pg_terminate_backend(pid) as terminated, pid from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`),
    z.object({ pid: z.coerce.number() }),
  );
  return rows.length;
}
