import type { Listen } from '@playhouse/db';

export const CHAT_CHANNEL = 'chat_event';

/**
 * A NOTIFY on the chat channel: a conversation got a message or changed status, or staff presence changed. `resync`
 * comes from the hub itself after the LISTEN connection was lost and came back: anything may have changed meanwhile.
 */
export type ChatEvent =
  { kind: 'message' | 'status'; conversationId: number } | { kind: 'presence' } | { kind: 'resync' };

type Subscriber = (event: ChatEvent) => void;

export type ChatHub = ReturnType<typeof createChatHub>;

/** What a NOTIFY carries (resync never comes from the database). */
type NotifiedEvent = Exclude<ChatEvent, { kind: 'resync' }>;

function parseEvent(payload: string): NotifiedEvent | null {
  const value = JSON.parse(payload) as Partial<{ kind: string; conversationId: unknown }>;
  if (value.kind === 'presence') return { kind: 'presence' };
  if ((value.kind === 'message' || value.kind === 'status') && Number.isSafeInteger(value.conversationId)) {
    return { kind: value.kind, conversationId: value.conversationId as number };
  }
  return null;
}

/**
 * One LISTEN on 'chat_event' per api process, fanned out to the open chat streams: a visitor's stream watches its
 * conversation and presence, a staff stream everything. The service sends the NOTIFY inside the transaction that
 * wrote the change, so it arrives once committed, on every instance.
 */
export function createChatHub({ listen, onError }: { listen: Listen; onError?: (error: unknown) => void }) {
  const everything = new Set<Subscriber>();
  const perConversation = new Map<number, Set<Subscriber>>();
  const presence = new Set<Subscriber>();
  let started: Promise<() => Promise<void>> | null = null;

  function call(subscriber: Subscriber, event: ChatEvent) {
    try {
      subscriber(event);
    } catch (error) {
      onError?.(error);
    }
  }

  function dispatch(payload: string) {
    let event: NotifiedEvent | null;
    try {
      event = parseEvent(payload);
    } catch (error) {
      onError?.(error);
      return;
    }
    if (!event) return;
    for (const subscriber of everything) call(subscriber, event);
    if (event.kind === 'presence') for (const subscriber of presence) call(subscriber, event);
    else for (const subscriber of perConversation.get(event.conversationId) ?? []) call(subscriber, event);
  }

  function resync() {
    const event: ChatEvent = { kind: 'resync' };
    for (const subscriber of new Set([...everything, ...presence])) call(subscriber, event);
  }

  function start(): Promise<() => Promise<void>> {
    started ??= listen(CHAT_CHANNEL, dispatch, { onReconnect: resync }).catch((error: unknown) => {
      started = null;
      throw error;
    });
    return started;
  }

  return {
    start,

    /** Every chat event (staff streams); returns the unsubscribe function. */
    async subscribeAll(onEvent: Subscriber): Promise<() => void> {
      await start();
      everything.add(onEvent);
      return () => everything.delete(onEvent);
    },

    /** Presence changes, and the events of one conversation when given (a visitor's stream). */
    async subscribe(conversationId: number | null, onEvent: Subscriber): Promise<() => void> {
      await start();
      presence.add(onEvent);
      if (conversationId !== null) {
        let set = perConversation.get(conversationId);
        if (!set) {
          set = new Set();
          perConversation.set(conversationId, set);
        }
        set.add(onEvent);
      }
      return () => {
        presence.delete(onEvent);
        if (conversationId === null) return;
        const current = perConversation.get(conversationId);
        current?.delete(onEvent);
        if (current?.size === 0) perConversation.delete(conversationId);
      };
    },

    /** Open streams: every visitor stream is a presence subscriber, every staff stream an everything one. */
    subscriberCount(): number {
      return everything.size + presence.size;
    },

    async close(): Promise<void> {
      everything.clear();
      perConversation.clear();
      presence.clear();
      const running = started;
      started = null;
      if (running) await (await running)();
    },
  };
}
