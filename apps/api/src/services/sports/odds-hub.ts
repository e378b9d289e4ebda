import type { Listen } from '@playhouse/db';
import { ODDS_CHANNEL } from './feed-ingest';

/** The ids of the matches that changed; null after a gap in the feed of changes, when any may have. */
type Subscriber = (matchIds: number[] | null) => void;

export type OddsHub = ReturnType<typeof createOddsHub>;

/**
 * One LISTEN on 'odds_changed' per api process, fanned out to whoever watches: the top-offer cache and the open
 * match streams. The ingest sends the NOTIFY inside its transaction, so it arrives once the change is committed, on
 * every instance.
 */
export function createOddsHub({ listen, onError }: { listen: Listen; onError?: (error: unknown) => void }) {
  const everything = new Set<Subscriber>();
  const perMatch = new Map<number, Set<() => void>>();
  let started: Promise<() => Promise<void>> | null = null;

  function call(fn: () => void) {
    try {
      fn();
    } catch (error) {
      onError?.(error);
    }
  }

  function dispatch(payload: string) {
    let ids: unknown;
    try {
      ids = (JSON.parse(payload) as { matchIds?: unknown }).matchIds;
    } catch (error) {
      onError?.(error);
      return;
    }
    if (!Array.isArray(ids)) return;
    const matchIds = ids.map(Number).filter(Number.isSafeInteger);
    for (const subscriber of everything) call(() => subscriber(matchIds));
    for (const matchId of matchIds) for (const subscriber of perMatch.get(matchId) ?? []) call(subscriber);
  }

  /** After the LISTEN connection came back: changes in the gap went unheard, so everyone reads afresh. */
  function resync() {
    for (const subscriber of everything) call(() => subscriber(null));
    for (const set of perMatch.values()) for (const subscriber of set) call(subscriber);
  }

  function start(): Promise<() => Promise<void>> {
    started ??= listen(ODDS_CHANNEL, dispatch, { onReconnect: resync }).catch((error: unknown) => {
      started = null;
      throw error;
    });
    return started;
  }

  return {
    start,

    /** Calls `onChange` with the ids of every batch of changed matches (null: any may have changed); returns the unsubscribe function. */
    async subscribeAll(onChange: Subscriber): Promise<() => void> {
      await start();
      everything.add(onChange);
      return () => everything.delete(onChange);
    },

    /** Calls `onChange` whenever the match changed; returns the unsubscribe function. */
    async subscribe(matchId: number, onChange: () => void): Promise<() => void> {
      await start();
      let set = perMatch.get(matchId);
      if (!set) {
        set = new Set();
        perMatch.set(matchId, set);
      }
      set.add(onChange);
      return () => {
        const current = perMatch.get(matchId);
        current?.delete(onChange);
        if (current?.size === 0) perMatch.delete(matchId);
      };
    },

    subscriberCount(): number {
      let count = everything.size;
      for (const set of perMatch.values()) count += set.size;
      return count;
    },

    async close(): Promise<void> {
      everything.clear();
      perMatch.clear();
      const running = started;
      started = null;
      if (running) await (await running)();
    },
  };
}
