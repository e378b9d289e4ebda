import { LRUCache } from 'lru-cache';
import type { ContentKind } from '@playhouse/db';

/** Answers kept in this process's memory until the content behind them changes. */
export interface MemoryCache<V> {
  /**
   * The value kept under `key`, else `load()`'s, kept. Concurrent misses of one key share one load. A load that was
   * running when the cache was cleared is not kept, and its callers get a fresh load instead: they might otherwise
   * hold content from before the change.
   */
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** Forgets everything (the content changed). */
  clear(): void;
  readonly size: number;
}

export interface MemoryCacheOptions {
  /** Most entries kept; the least recently used go first. */
  max: number;
  /** A backstop: an entry is reloaded after this long even when no change was announced. */
  ttlMs: number;
}

/** How often one request retries a load that a change cut short before it loads without the cache. */
const RETRIES_AFTER_CHANGE = 3;

/** Built on lru-cache: its fetch() shares in-flight loads and aborts them when the key is dropped. */
export function createMemoryCache<V extends object>({ max, ttlMs }: MemoryCacheOptions): MemoryCache<V> {
  const lru = new LRUCache<string, V, () => Promise<V>>({
    max,
    ttl: ttlMs,
    fetchMethod: (_key, _stale, { context }) => context(),
  });
  return {
    async get(key, load) {
      const hit = lru.get(key);
      if (hit !== undefined) return hit;
      for (let attempt = 0; attempt < RETRIES_AFTER_CHANGE; attempt++) {
        const status: LRUCache.Status<string, V, () => Promise<V>> = {};
        try {
          const value = await lru.fetch(key, { context: load, status });
          if (value !== undefined) return value;
        } catch (error) {
          if (!status.fetchAborted) throw error;
        }
      }
      // The content keeps changing under this request: answer from the database, keep nothing.
      return load();
    },
    clear: () => lru.clear(),
    get size() {
      return lru.size;
    },
  };
}

/** A cache that keeps nothing: every get loads (CONTENT_CACHE=off). */
export function createPassThroughCache<V>(): MemoryCache<V> {
  return { get: (_key, load) => load(), clear: () => undefined, size: 0 };
}

/** Where services get their caches: each names the kinds of content its answers are built from. */
export interface ContentCaches {
  /** Whether anything is kept: off (CONTENT_CACHE=off), services read the database for every answer. */
  readonly enabled: boolean;
  /** A cache dropped when any of `kinds` changes; `max` 0 keeps nothing. */
  cache<V extends object>(options: { kinds: readonly ContentKind[]; max: number }): MemoryCache<V>;
}

/** For services built outside the app (ops, tests of a service alone): nothing is kept. */
export const NO_CONTENT_CACHES: ContentCaches = { enabled: false, cache: () => createPassThroughCache() };

/** A change no instance keeps answers for longer than this without hearing of it (a lost notification). */
export const CONTENT_CACHE_TTL_MS = 5 * 60_000;

/**
 * The caches of one api instance, each dropped when a kind of content it is built from changes (`changed(kind)`),
 * or all of them (`changed(null)`: notifications may have been missed). Off: nothing is kept.
 */
export function createContentCaches({ enabled, ttlMs = CONTENT_CACHE_TTL_MS }: { enabled: boolean; ttlMs?: number }) {
  const byKind = new Map<ContentKind, Set<MemoryCache<object>>>();
  const all = new Set<MemoryCache<object>>();
  return {
    enabled,
    cache<V extends object>({ kinds, max }: { kinds: readonly ContentKind[]; max: number }): MemoryCache<V> {
      if (!enabled || max === 0) return createPassThroughCache<V>();
      const cache = createMemoryCache<V>({ max, ttlMs });
      all.add(cache);
      for (const kind of kinds) {
        let caches = byKind.get(kind);
        if (!caches) byKind.set(kind, (caches = new Set()));
        caches.add(cache);
      }
      return cache;
    },
    changed(kind: ContentKind | null): void {
      for (const cache of kind === null ? all : (byKind.get(kind) ?? [])) cache.clear();
    },
  } satisfies ContentCaches & { changed(kind: ContentKind | null): void };
}
