import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';
import type { ChatStatus } from '@playhouse/shared';
import { CHAT_CHANNEL, type ChatEvent } from './chat-hub';

const { chatConversations, chatMessages, chatStaffPresence, users } = schema;

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect & { staffName: string | null };

/** Who a conversation belongs to: a player's account or a visitor's chat cookie (its hash). */
export type ChatHolder = { userId: number } | { visitorTokenHash: string };

function holderCondition(holder: ChatHolder) {
  return 'userId' in holder
    ? eq(chatConversations.userId, holder.userId)
    : eq(chatConversations.visitorTokenHash, holder.visitorTokenHash);
}

export async function latestConversation(db: DbOrTx, holder: ChatHolder): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(holderCondition(holder))
    .orderBy(desc(chatConversations.id))
    .limit(1);
  return row ?? null;
}

export async function lockOpenConversation(db: DbOrTx, holder: ChatHolder): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(and(holderCondition(holder), eq(chatConversations.status, 'open')))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** A new open conversation, or null when a concurrent request of the same holder opened one first. */
export async function insertConversation(
  db: DbOrTx,
  holder: ChatHolder,
  values: { contactEmail: string | null; now: Date },
): Promise<ConversationRow | null> {
  const [row] = await db
    .insert(chatConversations)
    .values({
      ...('userId' in holder ? { userId: holder.userId } : { visitorTokenHash: holder.visitorTokenHash }),
      contactEmail: values.contactEmail,
      createdAt: values.now,
      lastMessageAt: values.now,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function findConversation(db: DbOrTx, id: number, lock = false): Promise<ConversationRow | null> {
  const query = db.select().from(chatConversations).where(eq(chatConversations.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateConversation(
  db: DbOrTx,
  id: number,
  values: Partial<Pick<ConversationRow, 'status' | 'contactEmail' | 'staffReadUpTo' | 'lastMessageAt' | 'closedAt'>> & {
    closedBy?: number | null;
  },
): Promise<void> {
  await db.update(chatConversations).set(values).where(eq(chatConversations.id, id));
}

export async function insertMessage(
  db: DbOrTx,
  values: {
    conversationId: number;
    author: 'visitor' | 'staff';
    staffUserId: number | null;
    body: string;
    leftOffline: boolean;
    createdAt: Date;
  },
): Promise<typeof chatMessages.$inferSelect> {
  const [row] = await db.insert(chatMessages).values(values).returning();
  return row!;
}

const messageColumns = {
  id: chatMessages.id,
  conversationId: chatMessages.conversationId,
  author: chatMessages.author,
  staffUserId: chatMessages.staffUserId,
  body: chatMessages.body,
  leftOffline: chatMessages.leftOffline,
  createdAt: chatMessages.createdAt,
  staffName: users.username,
};

/** The conversation's messages after `afterId`, oldest first. */
export async function listMessages(db: DbOrTx, conversationId: number, afterId = 0): Promise<MessageRow[]> {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.staffUserId))
    .where(and(eq(chatMessages.conversationId, conversationId), gt(chatMessages.id, afterId)))
    .orderBy(asc(chatMessages.id));
}

export interface ConversationSummaryRow extends ConversationRow {
  playerName: string | null;
  unreadCount: number;
}

/** Conversations of one status, most recently active first, with the player's name and staff's unread count. */
export async function listConversations(
  db: DbOrTx,
  filter: { status: ChatStatus } | { id: number },
  limit = 200,
): Promise<ConversationSummaryRow[]> {
  const unread = sql<number>`(
    select count(*)::int from ${chatMessages}
    where ${chatMessages.conversationId} = ${chatConversations.id}
      and ${chatMessages.author} = 'visitor'
      and ${chatMessages.id} > ${chatConversations.staffReadUpTo}
  )`;
  const rows = await db
    .select({ conversation: chatConversations, playerName: users.username, unreadCount: unread })
    .from(chatConversations)
    .leftJoin(users, eq(users.id, chatConversations.userId))
    .where('status' in filter ? eq(chatConversations.status, filter.status) : eq(chatConversations.id, filter.id))
    .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.conversation, playerName: row.playerName, unreadCount: row.unreadCount }));
}

/** The newest message of each conversation given. */
export async function lastMessages(db: DbOrTx, conversationIds: number[]): Promise<Map<number, MessageRow>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([chatMessages.conversationId], messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.staffUserId))
    .where(inArray(chatMessages.conversationId, conversationIds))
    .orderBy(chatMessages.conversationId, desc(chatMessages.id));
  return new Map(rows.map((row) => [row.conversationId, row]));
}

export async function newestMessageId(db: DbOrTx, conversationId: number): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${chatMessages.id}), 0)::bigint` })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId));
  return Number(row?.id ?? 0);
}

export async function upsertPresence(db: DbOrTx, streamId: string, userId: number, now: Date): Promise<void> {
  await db
    .insert(chatStaffPresence)
    .values({ streamId, userId, lastSeenAt: now })
    .onConflictDoUpdate({ target: chatStaffPresence.streamId, set: { lastSeenAt: now } });
}

export async function deletePresence(db: DbOrTx, streamId: string): Promise<void> {
  await db.delete(chatStaffPresence).where(eq(chatStaffPresence.streamId, streamId));
}

export async function prunePresence(db: DbOrTx, staleBefore: Date): Promise<void> {
  await db.delete(chatStaffPresence).where(lt(chatStaffPresence.lastSeenAt, staleBefore));
}

export async function anyPresenceSince(db: DbOrTx, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ streamId: chatStaffPresence.streamId })
    .from(chatStaffPresence)
    .where(gt(chatStaffPresence.lastSeenAt, since))
    .limit(1);
  return row !== undefined;
}

export async function notifyChat(db: DbOrTx, event: ChatEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(event)})`);
}
