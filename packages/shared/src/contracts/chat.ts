import { z } from 'zod';

/** Longest chat message, in characters: a few paragraphs, not a document. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** Staff count as online while a staff page's stream has reported within this long. */
export const CHAT_PRESENCE_TTL_MS = 60_000;

export const CHAT_AUTHORS = ['visitor', 'staff'] as const;
export type ChatAuthor = (typeof CHAT_AUTHORS)[number];

export const CHAT_STATUSES = ['open', 'closed'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

/** Error codes of the chat calls, on top of the shared ones (validation_failed, not_found, rate_limit_exceeded). */
export const CHAT_ERROR_CODES = ['chat_conversation_closed'] as const;

/** Plain text: leading and trailing blanks trimmed, at least one character left. Never rendered as HTML. */
const messageText = z.string().trim().min(1).max(CHAT_MESSAGE_MAX_LENGTH);

export const chatMessageSchema = z
  .object({
    id: z.number().int(),
    author: z.enum(CHAT_AUTHORS),
    /** The staff member's display name on staff answers; null on the visitor's side. */
    staffName: z.string().nullable(),
    text: z.string(),
    /** Written while no staff member was online: a message left for later. */
    leftOffline: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatConversationSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(CHAT_STATUSES),
    contactEmail: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ChatConversation' });
export type ChatConversation = z.infer<typeof chatConversationSchema>;

/** GET /spa/chat: the caller's latest conversation (by the chat cookie or the account) and whether staff are online. */
export const chatStateResponseSchema = z
  .object({
    conversation: chatConversationSchema.nullable(),
    messages: z.array(chatMessageSchema),
    staffOnline: z.boolean(),
  })
  .meta({ id: 'ChatState' });
export type ChatStateResponse = z.infer<typeof chatStateResponseSchema>;

/** POST /spa/chat/messages: opens a conversation when the caller has no open one. */
export const chatSendBodySchema = z
  .object({
    text: messageText,
    /** Where staff may answer a message left while nobody was online. */
    email: z.email().max(254).optional(),
  })
  .strict();
export type ChatSendBody = z.infer<typeof chatSendBodySchema>;

export const chatSendResponseSchema = z
  .object({ conversation: chatConversationSchema, message: chatMessageSchema })
  .meta({ id: 'ChatSent' });
export type ChatSendResponse = z.infer<typeof chatSendResponseSchema>;

/** Server-sent events of GET /spa/chat/stream. */
export const chatStreamMessagesEventSchema = z.object({ messages: z.array(chatMessageSchema) });
/** Sent on connect and whenever either changes; status is null until the caller has a conversation. */
export const chatStreamStateEventSchema = z.object({
  status: z.enum(CHAT_STATUSES).nullable(),
  staffOnline: z.boolean(),
});
export const chatStreamQuerySchema = z.object({
  /** The newest message id the client already has: the stream starts with the ones after it. */
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
});

/* Staff side */

export const staffChatConversationSummarySchema = z
  .object({
    id: z.number().int(),
    status: z.enum(CHAT_STATUSES),
    /** The player's username, or null for an anonymous visitor. */
    playerName: z.string().nullable(),
    /** The player's id (the back office shows their profile beside the conversation), or null for a visitor. */
    playerId: z.number().int().nullable(),
    contactEmail: z.string().nullable(),
    unreadCount: z.number().int().min(0),
    lastMessage: chatMessageSchema.nullable(),
    createdAt: z.iso.datetime(),
    lastMessageAt: z.iso.datetime(),
  })
  .meta({ id: 'StaffChatConversationSummary' });
export type StaffChatConversationSummary = z.infer<typeof staffChatConversationSummarySchema>;

export const staffChatListQuerySchema = z.object({ status: z.enum(CHAT_STATUSES).default('open') });

export const staffChatListResponseSchema = z
  .object({ conversations: z.array(staffChatConversationSummarySchema) })
  .meta({ id: 'StaffChatList' });
export type StaffChatListResponse = z.infer<typeof staffChatListResponseSchema>;

export const staffChatParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const staffChatConversationResponseSchema = z
  .object({ conversation: staffChatConversationSummarySchema, messages: z.array(chatMessageSchema) })
  .meta({ id: 'StaffChatConversation' });
export type StaffChatConversationResponse = z.infer<typeof staffChatConversationResponseSchema>;

export const staffChatReplyBodySchema = z.object({ text: messageText }).strict();
export const staffChatReplyResponseSchema = z.object({ message: chatMessageSchema }).meta({ id: 'StaffChatReply' });
export const staffChatSummaryResponseSchema = z
  .object({ conversation: staffChatConversationSummarySchema })
  .meta({ id: 'StaffChatSummary' });

/** Marks the conversation read up to this message (its newest when left out). */
export const staffChatReadBodySchema = z
  .object({ upTo: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() })
  .strict();

/** `event: changed` of GET /spa/staff/chat/stream: a conversation got a message or changed status. */
export const staffChatStreamEventSchema = z.object({ conversationId: z.number().int() });
