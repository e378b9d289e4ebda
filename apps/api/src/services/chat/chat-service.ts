import { randomBytes } from 'node:crypto';
import type { Db } from '@playhouse/db';
import {
  type ChatConversation,
  type ChatMessage,
  type ChatSendBody,
  type ChatStateResponse,
  type ChatStatus,
  type StaffChatConversationSummary,
} from '@playhouse/shared';
import { NotFoundError, RateLimitError } from '../../lib/errors';
import type { ChatConfig } from '../../config';
import { recordAudit } from '../audit/audit-log';
import { hitCounter, secondsUntil } from '../rate-counters/rate-counters';
import type { Clock } from '../../lib/clock';
import { ChatConversationClosedError } from './chat-errors';
import {
  anyPresenceSince,
  deletePresence,
  findConversation,
  insertConversation,
  insertMessage,
  lastMessages,
  latestConversation,
  listConversations,
  listMessages,
  lockOpenConversation,
  newestMessageId,
  notifyChat,
  prunePresence,
  updateConversation,
  upsertPresence,
  type ChatHolder,
  type ConversationRow,
  type ConversationSummaryRow,
  type MessageRow,
} from './chat-queries';

export type { ChatHolder } from './chat-queries';

/** The httpOnly cookie that names an anonymous visitor's conversations. */
export const CHAT_COOKIE = 'ph_chat';

export function newVisitorToken(): string {
  return randomBytes(32).toString('base64url');
}

function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    author: row.author,
    staffName: row.author === 'staff' ? row.staffName : null,
    text: row.body,
    leftOffline: row.leftOffline,
    createdAt: row.createdAt.toISOString(),
  };
}

function toConversation(row: ConversationRow): ChatConversation {
  return {
    id: row.id,
    status: row.status,
    contactEmail: row.contactEmail,
    createdAt: row.createdAt.toISOString(),
  };
}

function toSummary(row: ConversationSummaryRow, last: MessageRow | undefined): StaffChatConversationSummary {
  return {
    id: row.id,
    status: row.status,
    playerName: row.playerName,
    playerId: row.userId,
    contactEmail: row.contactEmail,
    unreadCount: row.unreadCount,
    lastMessage: last ? toMessage(last) : null,
    createdAt: row.createdAt.toISOString(),
    lastMessageAt: row.lastMessageAt.toISOString(),
  };
}

function holderKey(holder: ChatHolder): string {
  return 'userId' in holder ? `chat:user:${holder.userId}` : `chat:visitor:${holder.visitorTokenHash}`;
}

export type ChatService = ReturnType<typeof createChatService>;

/**
 * Support chat: visitors and players write into their one open conversation, staff answer, read and close. Every
 * change sends a NOTIFY from inside its transaction; the streams turn those into server-sent events.
 */
export function createChatService({ db, clock, config }: { db: Db; clock: Clock; config: ChatConfig }) {
  async function staffOnline(): Promise<boolean> {
    return anyPresenceSince(db, new Date(clock.now().getTime() - config.presenceTtlMs));
  }

  async function summary(id: number): Promise<StaffChatConversationSummary> {
    const [row] = await listConversations(db, { id });
    if (!row) throw new NotFoundError('There is no such conversation.');
    const last = await lastMessages(db, [id]);
    return toSummary(row, last.get(id));
  }

  return {
    staffOnline,

    /** The holder's latest conversation (open or closed) with its messages; nothing yet for a new visitor. */
    async state(holder: ChatHolder | null): Promise<ChatStateResponse> {
      const conversation = holder ? await latestConversation(db, holder) : null;
      const messages = conversation ? await listMessages(db, conversation.id) : [];
      return {
        conversation: conversation ? toConversation(conversation) : null,
        messages: messages.map(toMessage),
        staffOnline: await staffOnline(),
      };
    },

    async latest(holder: ChatHolder): Promise<ChatConversation | null> {
      const conversation = await latestConversation(db, holder);
      return conversation ? toConversation(conversation) : null;
    },

    /** The conversation's status and the messages after `afterId`, for a visitor's stream. */
    async updates(conversationId: number, afterId: number) {
      const conversation = await findConversation(db, conversationId);
      const messages = conversation ? await listMessages(db, conversationId, afterId) : [];
      return { status: conversation?.status ?? null, messages: messages.map(toMessage) };
    },

    /**
     * A visitor's or player's message, into their open conversation or a new one. While no staff member is online it
     * is a message left for later, and the e-mail given with it is kept for the answer.
     */
    async send(holder: ChatHolder, body: ChatSendBody) {
      const now = clock.now();
      const counter = await hitCounter(db, holderKey(holder), config.sendLimit.windowMs, now);
      if (counter.count > config.sendLimit.max) throw new RateLimitError(secondsUntil(counter.resetAt, now));
      const online = await staffOnline();
      const contactEmail = body.email?.toLowerCase() ?? null;
      return db.transaction(async (tx) => {
        let conversation =
          (await lockOpenConversation(tx, holder)) ??
          (await insertConversation(tx, holder, { contactEmail, now })) ??
          // A second first message of the same holder arrived at the same time: the other one opened it.
          (await lockOpenConversation(tx, holder));
        if (!conversation) throw new ChatConversationClosedError();
        const message = await insertMessage(tx, {
          conversationId: conversation.id,
          author: 'visitor',
          staffUserId: null,
          body: body.text,
          leftOffline: !online,
          createdAt: now,
        });
        const email = contactEmail ?? conversation.contactEmail;
        await updateConversation(tx, conversation.id, { lastMessageAt: now, contactEmail: email });
        conversation = { ...conversation, contactEmail: email, lastMessageAt: now };
        await notifyChat(tx, { kind: 'message', conversationId: conversation.id });
        return {
          conversation: toConversation(conversation),
          message: toMessage({ ...message, staffName: null }),
        };
      });
    },

    /* Staff */

    async list(status: ChatStatus): Promise<StaffChatConversationSummary[]> {
      const rows = await listConversations(db, { status });
      const last = await lastMessages(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toSummary(row, last.get(row.id)));
    },

    async conversation(id: number) {
      const conversation = await summary(id);
      const messages = await listMessages(db, id);
      return { conversation, messages: messages.map(toMessage) };
    },

    /** A staff answer; a closed conversation takes none (the visitor's next message opens a new one). */
    async reply(
      staff: { id: number; username: string; ip?: string | null },
      id: number,
      text: string,
    ): Promise<ChatMessage> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const conversation = await findConversation(tx, id, true);
        if (!conversation) throw new NotFoundError('There is no such conversation.');
        if (conversation.status !== 'open') throw new ChatConversationClosedError();
        const message = await insertMessage(tx, {
          conversationId: id,
          author: 'staff',
          staffUserId: staff.id,
          body: text,
          leftOffline: false,
          createdAt: now,
        });
        // Answering means staff read everything before it.
        await updateConversation(tx, id, { lastMessageAt: now, staffReadUpTo: message.id });
        await recordAudit(tx, {
          event: 'staff_chat_reply',
          userId: conversation.userId,
          actorId: staff.id,
          ip: staff.ip ?? null,
          metadata: { conversationId: id, messageId: message.id },
          after: { messageId: message.id, characters: text.length },
          at: now,
        });
        await notifyChat(tx, { kind: 'message', conversationId: id });
        return toMessage({ ...message, staffName: staff.username });
      });
    },

    /** Marks the visitor's messages up to `upTo` (default: all) as read by staff; the mark never moves back. */
    async markRead(id: number, upTo?: number): Promise<StaffChatConversationSummary> {
      await db.transaction(async (tx) => {
        const conversation = await findConversation(tx, id, true);
        if (!conversation) throw new NotFoundError('There is no such conversation.');
        const newest = await newestMessageId(tx, id);
        const target = Math.min(upTo ?? newest, newest);
        if (target > conversation.staffReadUpTo) {
          await updateConversation(tx, id, { staffReadUpTo: target });
          await notifyChat(tx, { kind: 'status', conversationId: id });
        }
      });
      return summary(id);
    },

    async close(staff: { id: number; ip?: string | null }, id: number): Promise<StaffChatConversationSummary> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const conversation = await findConversation(tx, id, true);
        if (!conversation) throw new NotFoundError('There is no such conversation.');
        if (conversation.status === 'closed') return;
        await updateConversation(tx, id, { status: 'closed', closedAt: now, closedBy: staff.id });
        await recordAudit(tx, {
          event: 'staff_chat_close',
          userId: conversation.userId,
          actorId: staff.id,
          ip: staff.ip ?? null,
          metadata: { conversationId: id },
          before: { status: conversation.status },
          after: { status: 'closed' },
          at: now,
        });
        await notifyChat(tx, { kind: 'status', conversationId: id });
      });
      return summary(id);
    },

    /* Presence: one row per open staff stream */

    async enterPresence(streamId: string, userId: number): Promise<void> {
      const now = clock.now();
      await prunePresence(db, new Date(now.getTime() - config.presenceTtlMs));
      await upsertPresence(db, streamId, userId, now);
      await notifyChat(db, { kind: 'presence' });
    },

    async touchPresence(streamId: string, userId: number): Promise<void> {
      await upsertPresence(db, streamId, userId, clock.now());
    },

    async leavePresence(streamId: string): Promise<void> {
      await deletePresence(db, streamId);
      await notifyChat(db, { kind: 'presence' });
    },
  };
}
