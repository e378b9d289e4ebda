import { z } from 'zod';

/**
 * The rows of a raw query (`db.execute(sql...)`), checked against `row`. Both drivers answer with `{ rows }`, typed by
 * neither; parsing says what each row holds instead of a cast that would only claim it (and a driver's change of a
 * column's type fails here, loudly, instead of downstream).
 */
export function rowsOf<S extends z.ZodType>(result: unknown, row: S): z.output<S>[] {
  return z.object({ rows: z.array(row) }).parse(result).rows;
}
