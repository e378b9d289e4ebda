/*
 * Consistency checks (the reconciliation's) as queries: each selects the offending rows; findings() counts them all and
 * keeps the first few as a sample.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@playhouse/db';
import { z } from 'zod';
import { rowsOf } from './sql-rows';

/** A finding: the first rows of what one check found (values as text), and how many there are in all. */
export interface CheckResult {
  count: number;
  sample: Record<string, string | null>[];
}

/** A finding's row: what the check selected (any columns), and how many rows it found in all. */
const foundRow = z.looseObject({ found_count: z.coerce.number() });

/** How many offending rows a finding carries (the count is always complete). */
const SAMPLE = 20;

export async function findings(db: DbOrTx, query: ReturnType<typeof sql>): Promise<CheckResult> {
  const rows = rowsOf(
    await db.execute(
      sql`with found as (${query})
          select (select count(*) from found)::int as found_count, found.* from found limit ${SAMPLE}`,
    ),
    foundRow,
  );
  return {
    count: rows[0]?.found_count ?? 0,
    // bigint columns arrive as numbers from PGlite and as strings from node-postgres: text from both.
    sample: rows.map(({ found_count: _count, ...row }) =>
      Object.fromEntries(Object.entries(row).map(([name, value]) => [name, value === null ? null : String(value)])),
    ),
  };
}
