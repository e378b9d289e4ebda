import { describe, expect, it } from 'vitest';
import { CSV_ROW_CAP, pageWindow, sortableBy, staffPageQuerySchema } from './paging';

describe('staff paging query', () => {
  it('defaults to the first page of 25, newest first, as JSON', () => {
    expect(staffPageQuerySchema.parse({})).toEqual({ page: 1, pageSize: 25, dir: 'desc', format: 'json' });
  });

  it('reads numbers from the query string and trims the search', () => {
    expect(staffPageQuerySchema.parse({ page: '3', pageSize: '50', q: '  ann  ', dir: 'asc' })).toMatchObject({
      page: 3,
      pageSize: 50,
      q: 'ann',
      dir: 'asc',
    });
  });

  it('refuses pages below one, sizes above 100, other directions and formats', () => {
    for (const bad of [{ page: '0' }, { pageSize: '101' }, { pageSize: '0' }, { dir: 'up' }, { format: 'xml' }]) {
      expect(staffPageQuerySchema.safeParse(bad).success).toBe(false);
    }
    expect(staffPageQuerySchema.safeParse({ q: 'x'.repeat(101) }).success).toBe(false);
  });

  it('accepts only whitelisted sort columns', () => {
    const schema = sortableBy(['createdAt', 'amount']);
    expect(schema.parse({ sort: 'amount' }).sort).toBe('amount');
    expect(schema.safeParse({ sort: 'password_hash' }).success).toBe(false);
    expect(schema.safeParse({ sort: 'amount; drop table users' }).success).toBe(false);
  });

  it('reads the asked page, or the whole result up to one row past the cap for CSV', () => {
    expect(pageWindow({ page: 3, pageSize: 20, format: 'json' })).toEqual({ limit: 20, offset: 40 });
    expect(pageWindow({ page: 3, pageSize: 20, format: 'csv' })).toEqual({ limit: CSV_ROW_CAP + 1, offset: 0 });
  });
});
