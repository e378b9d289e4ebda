/**
 * Fixed-window counters in this process's memory, for limits that must cost no database round trip (a flood is
 * refused before anything else is done). Per instance: N instances allow N times the limit. Windows that ended are
 * dropped as new ones start, so the map holds only live keys.
 */
export function createWindowCounter({
  max,
  windowMs,
  now = () => Date.now(),
}: {
  max: number;
  windowMs: number;
  now?: () => number;
}) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;

  function live(key: string, at: number) {
    const window = windows.get(key);
    return window && window.resetAt > at ? window : null;
  }

  return {
    /** Seconds until `key` may go on, when its window is used up; null while it may. */
    blockedFor(key: string): number | null {
      const at = now();
      const window = live(key, at);
      return window && window.count >= max ? Math.max(1, Math.ceil((window.resetAt - at) / 1000)) : null;
    },

    /** Counts one for `key`; the seconds until it may go on when this one was over the limit, else null. */
    hit(key: string): number | null {
      const at = now();
      if (at >= nextSweep) {
        for (const [stale, window] of windows) if (window.resetAt <= at) windows.delete(stale);
        nextSweep = at + windowMs;
      }
      const window = live(key, at) ?? { count: 0, resetAt: at + windowMs };
      window.count += 1;
      windows.set(key, window);
      return window.count > max ? Math.max(1, Math.ceil((window.resetAt - at) / 1000)) : null;
    },
  };
}

export type WindowCounter = ReturnType<typeof createWindowCounter>;
