import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A support conversation, of a visitor (known only by the chat cookie, whose SHA-256 is kept) or of a player. Each
 * holder has at most one open conversation; closed ones stay as history.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    visitorTokenHash: text(),
    userId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    contactEmail: text(),
    /** The newest message staff have read; the visitor's messages after it are unread. */
    staffReadUpTo: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
    closedBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('chat_conversations_open_visitor_idx')
      .on(t.visitorTokenHash)
      .where(sql`${t.status} = 'open' and ${t.visitorTokenHash} is not null`),
    uniqueIndex('chat_conversations_open_user_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'open' and ${t.userId} is not null`),
    index('chat_conversations_visitor_idx').on(t.visitorTokenHash, t.id),
    index('chat_conversations_user_idx').on(t.userId, t.id),
    index('chat_conversations_status_idx').on(t.status, t.lastMessageAt),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    conversationId: bigint({ mode: 'number' })
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    author: text({ enum: ['visitor', 'staff'] }).notNull(),
    staffUserId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    leftOffline: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.id)],
);

/**
 * One row per open staff chat stream on any api instance, refreshed by its heartbeat and removed when it closes:
 * staff are online while a row is fresh. A crashed instance's rows go stale on their own.
 */
export const chatStaffPresence = pgTable(
  'chat_staff_presence',
  {
    streamId: text().primaryKey(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_staff_presence_seen_idx').on(t.lastSeenAt)],
);
