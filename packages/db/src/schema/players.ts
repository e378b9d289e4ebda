import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Staff notes on a player (the back office's players screen): appended, never edited or deleted, each with its author
 * and time. The author and the player cannot be deleted under a note.
 */
export const playerNotes = pgTable(
  'player_notes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    authorId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('player_notes_user_idx').on(t.userId, t.createdAt),
    check('player_notes_body_length', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

/** Staff tags on a player ("vip", "chargeback-risk"): lower-case words, one row per player and tag. */
export const playerTags = pgTable(
  'player_tags',
  {
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    tag: text().notNull(),
    addedBy: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.tag] }),
    index('player_tags_tag_idx').on(t.tag),
    check('player_tags_tag_format', sql`${t.tag} ~ '^[a-z0-9][a-z0-9_-]{0,31}$'`),
  ],
);
