import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowsOf } from './sql-rows';

describe('rowsOf', () => {
  const row = z.object({ n: z.coerce.number(), code: z.string() });

  it("gives the rows of either driver's answer, as the schema reads them", () => {
    expect(rowsOf({ rows: [{ n: '12', code: 'A' }], fields: [] }, row)).toEqual([{ n: 12, code: 'A' }]);
    expect(rowsOf({ rows: [] }, row)).toEqual([]);
  });

  it('refuses an answer whose rows are not what the query was written for', () => {
    expect(() => rowsOf({ rows: [{ n: 1 }] }, row)).toThrow();
    expect(() => rowsOf([{ n: 1, code: 'A' }], row)).toThrow();
  });
});
