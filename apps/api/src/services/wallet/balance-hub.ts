import type { Listen } from '@playhouse/db';
import { BALANCE_CHANNEL } from './wallet-service';

type Subscriber = () => void;

export type BalanceHub = ReturnType<typeof createBalanceHub>;

/**
 * One LISTEN on 'balance_changed' per api process, fanned out to the open balance streams of the users a NOTIFY
 * names. The wallet announces a transfer once its transaction has committed (wallet/balance-notices.ts), so it arrives
 * only once the money moved, on every instance.
 */
export function createBalanceHub({ listen, onError }: { listen: Listen; onError?: (error: unknown) => void }) {
  const subscribers = new Map<number, Set<Subscriber>>();
  let started: Promise<() => Promise<void>> | null = null;

  function dispatch(payload: string) {
    let userIds: unknown;
    try {
      userIds = (JSON.parse(payload) as { userIds?: unknown }).userIds;
    } catch (error) {
      onError?.(error);
      return;
    }
    if (!Array.isArray(userIds)) return;
    for (const userId of userIds) {
      for (const subscriber of subscribers.get(Number(userId)) ?? []) {
        try {
          subscriber();
        } catch (error) {
          onError?.(error);
        }
      }
    }
  }

  /** After the LISTEN connection came back: changes in the gap went unheard, so every stream reads its balances anew. */
  function resync() {
    for (const set of subscribers.values()) {
      for (const subscriber of set) {
        try {
          subscriber();
        } catch (error) {
          onError?.(error);
        }
      }
    }
  }

  /** Starts listening (once); later calls share the same listener. */
  function start(): Promise<() => Promise<void>> {
    started ??= listen(BALANCE_CHANNEL, dispatch, { onReconnect: resync }).catch((error: unknown) => {
      started = null;
      throw error;
    });
    return started;
  }

  return {
    start,

    /** Calls `onChange` whenever a transfer touched the user's balances; returns the unsubscribe function. */
    async subscribe(userId: number, onChange: Subscriber): Promise<() => void> {
      await start();
      let set = subscribers.get(userId);
      if (!set) {
        set = new Set();
        subscribers.set(userId, set);
      }
      set.add(onChange);
      return () => {
        const current = subscribers.get(userId);
        current?.delete(onChange);
        if (current?.size === 0) subscribers.delete(userId);
      };
    },

    subscriberCount(): number {
      let count = 0;
      for (const set of subscribers.values()) count += set.size;
      return count;
    },

    async close(): Promise<void> {
      subscribers.clear();
      const running = started;
      started = null;
      if (running) await (await running)();
    },
  };
}
