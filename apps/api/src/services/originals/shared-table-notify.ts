import { sql } from 'drizzle-orm';
import type { DbOrTx, Listen } from '@playhouse/db';

/** The channel a shared table's clock announces each step on, for every api instance's streams. */
export const SHARED_TABLE_CHANNEL = 'shared_table_changed';

export async function notify(db: DbOrTx, gameId: number): Promise<void> {
  await db.execute(sql`select pg_notify(${SHARED_TABLE_CHANNEL}, ${JSON.stringify({ gameId })})`);
}

type Subscriber = () => void;

export type SharedTableHub = ReturnType<typeof createSharedTableHub>;

/**
 * One LISTEN per api process, fanned out to the open streams of the table a NOTIFY names: whichever instance runs the
 * clock, every seated player's stream hears each step at once.
 */
export function createSharedTableHub({ listen, onError }: { listen: Listen; onError?: (error: unknown) => void }) {
  const subscribers = new Map<number, Set<Subscriber>>();
  let started: Promise<() => Promise<void>> | null = null;

  const call = (subscriber: Subscriber) => {
    try {
      subscriber();
    } catch (error) {
      onError?.(error);
    }
  };

  function dispatch(payload: string) {
    let gameId: unknown;
    try {
      gameId = (JSON.parse(payload) as { gameId?: unknown }).gameId;
    } catch (error) {
      onError?.(error);
      return;
    }
    for (const subscriber of subscribers.get(Number(gameId)) ?? []) call(subscriber);
  }

  function start(): Promise<() => Promise<void>> {
    // After the LISTEN connection came back, steps in the gap went unheard: every stream reads its table again.
    started ??= listen(SHARED_TABLE_CHANNEL, dispatch, {
      onReconnect: () => {
        for (const set of subscribers.values()) for (const subscriber of set) call(subscriber);
      },
    }).catch((error: unknown) => {
      started = null;
      throw error;
    });
    return started;
  }

  return {
    start,

    async subscribe(gameId: number, onChange: Subscriber): Promise<() => void> {
      await start();
      let set = subscribers.get(gameId);
      if (!set) {
        set = new Set();
        subscribers.set(gameId, set);
      }
      set.add(onChange);
      return () => {
        const current = subscribers.get(gameId);
        current?.delete(onChange);
        if (current?.size === 0) subscribers.delete(gameId);
      };
    },

    async close(): Promise<void> {
      subscribers.clear();
      const running = started;
      started = null;
      if (running) await (await running)();
    },
  };
}
