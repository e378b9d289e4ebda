import { LRUCache } from 'lru-cache';

/** The players a "players changed" notification names (ids separated by commas); null: every player. */
export function changedPlayers(payload: string): number[] | null {
  if (!/^\d{1,15}(,\d{1,15})*$/.test(payload)) return null;
  return payload.split(',').map(Number);
}

export interface PlayerCacheOptions {
  /** Most entries kept; the least recently used go first. */
  max: number;
  /** A backstop: an entry is read again after this long even when no change was announced (a lost notification). */
  ttlMs: number;
}

/**
 * Facts about players (their sessions, their likes and deposit state) an api instance read, kept so a signed-in
 * request reads nothing it read a moment ago. Each entry belongs to one player (`playerOf`); the owner drops a
 * player's entries when the database announces a change of what they were read from (`changed`), and all of them when
 * announcements may have been missed. A read that was running when any change was heard is not kept: it may hold what
 * was there before the change (`load` compares the count of changes before and after it).
 */
export function createPlayerCache<Row extends object>({
  max,
  ttlMs,
  playerOf,
  idOf,
}: PlayerCacheOptions & {
  playerOf: (row: Row) => number;
  /** A second name of an entry (a session's id beside its token hash), for `forget`. */
  idOf?: (row: Row) => number;
}) {
  /** The keys kept per player, to drop a player's entries. */
  const byPlayer = new Map<number, Set<string>>();
  /** The key kept per second name. */
  const byId = new Map<number, string>();
  const kept = new LRUCache<string, Row>({
    max,
    ttl: ttlMs,
    dispose: (row, key) => {
      if (idOf) byId.delete(idOf(row));
      const keys = byPlayer.get(playerOf(row));
      keys?.delete(key);
      if (keys?.size === 0) byPlayer.delete(playerOf(row));
    },
  });
  /** Changes heard so far: a read that saw this count move while it ran keeps nothing. */
  let changes = 0;

  return {
    /** The row kept under `key`, else `read()`'s, kept when `keep(row)` says so and no change was heard meanwhile. */
    async load<Read extends Row | undefined>(
      key: string,
      read: () => Promise<Read>,
      keep: (row: Row) => boolean = () => true,
    ): Promise<Read | Row> {
      const hit = kept.get(key);
      if (hit) return hit;
      const before = changes;
      const row = await read();
      if (row && before === changes && keep(row)) {
        // One object serves many requests: nobody may change it under another.
        kept.set(key, Object.freeze(row));
        const player = playerOf(row);
        let keys = byPlayer.get(player);
        if (!keys) byPlayer.set(player, (keys = new Set()));
        keys.add(key);
        if (idOf) byId.set(idOf(row), key);
      }
      return row;
    },
    /** Forgets the entry of this second name (this instance changed or ended it). */
    forget(id: number) {
      changes++;
      const key = byId.get(id);
      if (key !== undefined) kept.delete(key);
    },
    /** Forgets these players' entries, or everyone's (null). */
    changed(userIds: readonly number[] | null) {
      changes++;
      if (userIds === null) {
        kept.clear();
        return;
      }
      for (const id of userIds) for (const key of [...(byPlayer.get(id) ?? [])]) kept.delete(key);
    },
    get size() {
      return kept.size;
    },
  };
}

export type PlayerCache<Row extends object> = ReturnType<typeof createPlayerCache<Row>>;
