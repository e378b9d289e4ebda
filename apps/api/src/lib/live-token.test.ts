import { PgDialect, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { liveToken } from './live-token';

const tokens = pgTable('tokens', {
  tokenHash: text('token_hash').primaryKey(),
  usedAt: timestamp('used_at'),
  expiresAt: timestamp('expires_at').notNull(),
});

describe('liveToken', () => {
  it('takes the row of the hash only while it is unspent and unexpired', () => {
    const now = new Date('2026-01-02T03:04:05.000Z');
    const query = new PgDialect().sqlToQuery(
      liveToken({ tokenHash: tokens.tokenHash, spentAt: tokens.usedAt, expiresAt: tokens.expiresAt }, 'abc', now),
    );
    expect(query.sql).toBe(
      '("tokens"."token_hash" = $1 and "tokens"."used_at" is null and "tokens"."expires_at" > $2)',
    );
    expect(query.params).toEqual(['abc', now.toISOString()]);
  });
});
