import { HIDDEN_POPUP_PATHS } from '@playhouse/shared/constants';

/** Local storage key of the announcement (info popup) the visitor closed last: its id. */
export const CLOSED_ANNOUNCEMENT_KEY = 'infoPopupClosed';

type Listener = () => void;

/**
 * Which announcement this browser's visitor has closed, shared by every tab (a close in one tab hides it in the
 * others). Only the last one is kept: a newer announcement has another id, so it shows again.
 */
export function createAnnouncementMemory(storage: () => Storage | undefined) {
  const listeners = new Set<Listener>();
  let memory: string | null = null;

  const read = (): string | null => {
    try {
      const store = storage();
      return store ? store.getItem(CLOSED_ANNOUNCEMENT_KEY) : memory;
    } catch {
      return memory;
    }
  };

  return {
    /** The id of the announcement closed last, or null. */
    closedId: read,
    /** On the server (and while hydrating) it is not known: the page's gate script decides (AnnouncementGate). */
    serverClosedId: (): string | null | undefined => undefined,
    remember(id: number) {
      memory = String(id);
      try {
        storage()?.setItem(CLOSED_ANNOUNCEMENT_KEY, memory);
      } catch {
        // Storage refused (private mode, quota): the close still holds for this page's life.
      }
      for (const listener of listeners) listener();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === CLOSED_ANNOUNCEMENT_KEY) listener();
      };
      globalThis.addEventListener?.('storage', onStorage);
      return () => {
        listeners.delete(listener);
        globalThis.removeEventListener?.('storage', onStorage);
      };
    },
  };
}

export const announcementMemory = createAnnouncementMemory(() =>
  typeof window === 'undefined' ? undefined : window.localStorage,
);

/**
 * Pages the announcement never covers: the cashbox and its payment pages, and games (a match page is not a game; a
 * bet slip in progress is checked apart). SPEC.md §2 also hides it on /landing paths.
 */
const QUIET_PATHS = [
  /^\/cashbox(\/|$)/,
  /^\/withdrawals(\/|$)/,
  /^\/transactions(\/|$)/,
  /^\/psp\//,
  /^\/game\/(?!prematch-mts\/)/,
];

/** Whether the announcement may show on this path (without the locale prefix). */
export function announcementAllowedOn(path: string): boolean {
  return (
    !HIDDEN_POPUP_PATHS.some((hidden) => path.includes(hidden)) && !QUIET_PATHS.some((pattern) => pattern.test(path))
  );
}
