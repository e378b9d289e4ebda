import { PgDialect, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { columnsEqual } from './columns-equal';

const things = pgTable('things', { id: integer('id').primaryKey(), kind: text('kind'), ownerId: integer('owner_id') });
const dialect = new PgDialect();

describe('columnsEqual', () => {
  it('asks every named column for its value, all at once', () => {
    const query = dialect.sqlToQuery(columnsEqual(things, { kind: 'box', ownerId: 7 }));
    expect(query.sql).toBe('("things"."kind" = $1 and "things"."owner_id" = $2)');
    expect(query.params).toEqual(['box', 7]);
  });

  it('refuses a value left undefined or null and an empty list, instead of dropping the condition', () => {
    expect(() => columnsEqual(things, { kind: undefined })).toThrow();
    expect(() => columnsEqual(things, { kind: null })).toThrow();
    expect(() => columnsEqual(things, {})).toThrow();
  });
});
