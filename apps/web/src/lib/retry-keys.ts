import { ApiError } from './api-error';
import { newIdempotencyKey } from './idempotency-key';

/** Keys of submissions whose answer never came; a handful at most, the oldest dropped first. */
const KEPT = 20;

type Entry = [signature: string, key: string];

/**
 * One idempotency key per money submission (STYLE.md habit 13), not per click: the key is made the first time a
 * submission is sent and reused whenever the same submission is sent again, after a lost answer, a double click or a
 * reload of the page (the keys live in session storage under `name`). Once the api has answered, success or refusal,
 * the key is dropped: sending the same thing again is a new submission that the api judges afresh.
 */
export function createRetryKeys(name: string, storage: () => Pick<Storage, 'getItem' | 'setItem'> | undefined) {
  const storageKey = `retryKeys:${name}`;

  function read(): Entry[] {
    try {
      const parsed: unknown = JSON.parse(storage()?.getItem(storageKey) ?? '[]');
      return Array.isArray(parsed)
        ? parsed.filter(
            (entry): entry is Entry =>
              Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string',
          )
        : [];
    } catch {
      return [];
    }
  }

  function write(entries: Entry[]) {
    try {
      storage()?.setItem(storageKey, JSON.stringify(entries.slice(-KEPT)));
    } catch {
      // Storage full or blocked: the keys still hold for this page's lifetime through the memory copy.
    }
  }

  let memory: Entry[] | null = null;
  const entries = () => (memory ??= read());

  function keyFor(signature: string): string {
    const found = entries().find(([candidate]) => candidate === signature);
    if (found) return found[1];
    const key = newIdempotencyKey();
    memory = [...entries(), [signature, key]];
    write(memory);
    return key;
  }

  function forget(signature: string) {
    memory = entries().filter(([candidate]) => candidate !== signature);
    write(memory);
  }

  return {
    keyFor,
    /**
     * Sends one submission (`signature`: any text that differs whenever the request would) under its key. The key is
     * dropped once the api answered, success or refusal; it is kept when the answer was lost (no answer, or a server
     * failure before one), so the next try of the same submission repeats it instead of making a second one.
     */
    async send<T>(signature: string, work: (key: string) => Promise<T>): Promise<T> {
      try {
        const result = await work(keyFor(signature));
        forget(signature);
        return result;
      } catch (error) {
        const lost = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
        if (!lost) forget(signature);
        throw error;
      }
    },
  };
}

export type RetryKeys = ReturnType<typeof createRetryKeys>;

/** The retry keys of one kind of submission in this browser tab. */
export function retryKeys(name: string): RetryKeys {
  return createRetryKeys(name, () => (typeof window === 'undefined' ? undefined : window.sessionStorage));
}
