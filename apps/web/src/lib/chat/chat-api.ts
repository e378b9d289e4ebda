import type { ChatStatus } from '@playhouse/shared/contracts/chat';
import { browserApi, lazySchema } from '../browser-api';

// The contracts (and zod) load with the chat: visitors who never open it do not download them.
const contracts = () => import('@playhouse/shared/contracts/chat');
const schema = <K extends keyof Awaited<ReturnType<typeof contracts>>>(name: K) => lazySchema(contracts, name);

/** The visitor's conversation so far, and whether support is online. */
export function fetchChat(signal?: AbortSignal) {
  return browserApi('/spa/chat', schema('chatStateResponseSchema'), { signal });
}

/** Sends a message; the first one of a visitor without an account may leave an e-mail address for the answer. */
export function sendChatMessage(text: string, email: string) {
  return browserApi('/spa/chat/messages', schema('chatSendResponseSchema'), {
    method: 'POST',
    body: email ? { text, email } : { text },
  });
}

/** The visitor's event stream: `messages` after the given id, and `state` (conversation status, staff presence). */
export function chatStreamUrl(afterId: number): string {
  return `/spa/chat/stream?after=${afterId}`;
}

/** Reads a `messages` event of the chat stream; null when it breaks the contract. */
export async function parseChatMessagesEvent(data: string) {
  const parsed = (await contracts()).chatStreamMessagesEventSchema.safeParse(JSON.parse(data));
  return parsed.success ? parsed.data : null;
}

/** Reads a `state` event of the chat stream; null when it breaks the contract. */
export async function parseChatStateEvent(data: string) {
  const parsed = (await contracts()).chatStreamStateEventSchema.safeParse(JSON.parse(data));
  return parsed.success ? parsed.data : null;
}

// The support desk (staff only).

const STAFF_CONVERSATIONS = '/spa/staff/chat/conversations';

export function fetchStaffConversations(status: ChatStatus) {
  return browserApi(STAFF_CONVERSATIONS, schema('staffChatListResponseSchema'), { query: { status } });
}

export function fetchStaffConversation(id: number) {
  return browserApi(`${STAFF_CONVERSATIONS}/${id}`, schema('staffChatConversationResponseSchema'));
}

/** Marks the conversation read up to a message (all of it without one). */
export function markStaffConversationRead(id: number, upTo: number | undefined) {
  return browserApi(`${STAFF_CONVERSATIONS}/${id}/read`, schema('staffChatSummaryResponseSchema'), {
    method: 'POST',
    body: upTo === undefined ? {} : { upTo },
  });
}

export function replyToConversation(id: number, text: string) {
  return browserApi(`${STAFF_CONVERSATIONS}/${id}/messages`, schema('staffChatReplyResponseSchema'), {
    method: 'POST',
    body: { text },
  });
}

export function closeConversation(id: number) {
  return browserApi(`${STAFF_CONVERSATIONS}/${id}/close`, schema('staffChatSummaryResponseSchema'), {
    method: 'POST',
  });
}

/** The staff stream: `changed` events naming a conversation; open, it shows this staff member online. */
export const STAFF_CHAT_STREAM_PATH = '/spa/staff/chat/stream';

export async function parseStaffChatEvent(data: string) {
  const parsed = (await contracts()).staffChatStreamEventSchema.safeParse(JSON.parse(data));
  return parsed.success ? parsed.data : null;
}
