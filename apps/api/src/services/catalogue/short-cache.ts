/**
 * Answers that are the same for everyone, kept per instance for a few seconds (like the top offer's picture). The
 * promise itself is kept, so concurrent identical requests share one query; a failed load is not kept.
 */
export function createShortCache<T>({
  ttlMs,
  maxEntries = 500,
  now = Date.now,
}: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}) {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const at = now();
      const hit = entries.get(key);
      if (hit && at - hit.at < ttlMs) return hit.value;
      const value = load();
      const entry = { at, value };
      entries.delete(key);
      entries.set(key, entry);
      // The oldest entry goes first: Map keeps insertion order, and a refreshed key was re-inserted.
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
  };
}
