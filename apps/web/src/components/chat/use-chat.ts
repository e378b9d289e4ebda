'use client';

import type { ChatConversation, ChatMessage } from '@playhouse/shared/contracts/chat';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  chatStreamUrl,
  fetchChat,
  parseChatMessagesEvent,
  parseChatStateEvent,
  sendChatMessage,
} from '@/lib/chat/chat-api';

export type ChatLoad = 'loading' | 'ready' | 'failed';

export interface ChatData {
  load: ChatLoad;
  conversation: ChatConversation | null;
  messages: ChatMessage[];
  staffOnline: boolean;
}

const INITIAL: ChatData = { load: 'loading', conversation: null, messages: [], staffOnline: false };

/** Messages by id, oldest first: a stream that reconnects may send some again. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * The visitor's side of the chat: the conversation so far (GET /spa/chat), then its new messages and the staff
 * presence over the event stream, which reopens on the new conversation after a first message or a closed one.
 */
export function useChat(onSettled: () => void) {
  const [data, setData] = useState<ChatData>(INITIAL);
  const [attempt, setAttempt] = useState(0);
  // Only the latest callback counts: a new one does not load the conversation again.
  const settledRef = useRef(onSettled);
  useEffect(() => {
    settledRef.current = onSettled;
  }, [onSettled]);

  useEffect(() => {
    const controller = new AbortController();
    fetchChat(controller.signal)
      .then((state) => setData({ load: 'ready', ...state }))
      .catch(() => {
        if (!controller.signal.aborted) setData((current) => ({ ...current, load: 'failed' }));
      })
      .finally(() => {
        if (!controller.signal.aborted) settledRef.current();
      });
    return () => controller.abort();
  }, [attempt]);

  const conversationId = data.conversation?.id ?? null;
  const ready = data.load === 'ready';
  const lastIdRef = useRef(0);
  useEffect(() => {
    lastIdRef.current = data.messages.at(-1)?.id ?? 0;
  }, [data.messages]);
  useEffect(() => {
    if (!ready || typeof EventSource === 'undefined') return;
    // The messages the page already has are not sent again; a reconnect may repeat some, merged by id.
    const source = new EventSource(chatStreamUrl(lastIdRef.current));
    source.addEventListener('messages', (event) => {
      void parseChatMessagesEvent((event as MessageEvent<string>).data).then((parsed) => {
        if (!parsed) return;
        setData((current) => ({ ...current, messages: mergeMessages(current.messages, parsed.messages) }));
      });
    });
    source.addEventListener('state', (event) => {
      void parseChatStateEvent((event as MessageEvent<string>).data).then((parsed) => {
        if (!parsed) return;
        const { status, staffOnline } = parsed;
        setData((current) => ({
          ...current,
          staffOnline,
          conversation: current.conversation && status ? { ...current.conversation, status } : current.conversation,
        }));
      });
    });
    return () => source.close();
  }, [ready, conversationId]);

  const send = useCallback(async (text: string, email: string) => {
    const sent = await sendChatMessage(text, email);
    setData((current) => ({
      ...current,
      conversation: sent.conversation,
      // A new conversation starts a new history.
      messages: mergeMessages(current.conversation?.id === sent.conversation.id ? current.messages : [], [
        sent.message,
      ]),
    }));
  }, []);

  const retry = useCallback(() => {
    setData(INITIAL);
    setAttempt((value) => value + 1);
  }, []);

  return { data, send, retry };
}
