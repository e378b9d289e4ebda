import { sql } from 'drizzle-orm';
import { z } from 'zod';

/**
 * The rows of a raw query (`db.execute(sql...)`), checked against `row`. Both drivers answer with `{ rows }`, typed by
 * neither; parsing says what each row holds instead of a cast that would only claim it (and a driver's change of a
 * column's type fails here, loudly, instead of downstream).
 */
export function rowsOf<S extends z.ZodType>(result: unknown, row: S): z.output<S>[] {
  return z.object({ rows: z.array(row) }).parse(result).rows;
}

/**
 * A column of a function's result in a select built on it (`… from fn(…) as r`, a named prepared statement), as the
 * driver answers it.
 */
export const resultColumn = <T = string | null>(name: string) => sql<T>`${sql.raw(`r.${name}`)}`;

/** The same column as text: bigints and timestamps, so that both drivers answer alike. */
export const resultText = (name: string) => sql<string | null>`${sql.raw(`r.${name}`)}::text`;
