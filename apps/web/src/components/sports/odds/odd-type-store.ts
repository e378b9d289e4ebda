import { DEFAULT_ODD_TYPE, isOddType, type OddType } from '@playhouse/shared/odds';

/** Local storage key of the odds format a visitor picked (signed-in players have it saved on their account too). */
export const ODD_TYPE_STORAGE_KEY = 'oddType';

type Listener = () => void;

/**
 * The odds format every odds cell of the page shows, shared by the top offer, the match page and the bet slip: a
 * change in the switcher redraws them all at once.
 */
export function createOddTypeStore(storage: () => Pick<Storage, 'getItem' | 'setItem'> | undefined) {
  const listeners = new Set<Listener>();
  let current: OddType | null = null;
  /** Whether `current` is the visitor's own pick (stored in this browser) rather than the site's default. */
  let chosen = false;

  function read(): OddType {
    if (current) return current;
    try {
      const stored = storage()?.getItem(ODD_TYPE_STORAGE_KEY);
      chosen = isOddType(stored);
      current = isOddType(stored) ? stored : DEFAULT_ODD_TYPE;
    } catch {
      current = DEFAULT_ODD_TYPE;
    }
    return current;
  }

  const notify = () => {
    for (const listener of listeners) listener();
  };

  return {
    get: read,
    /** True once this browser holds a format the visitor picked. */
    hasChoice(): boolean {
      read();
      return chosen;
    },
    /** The site's format for the visitor's language: shown unless the visitor picked one, and never stored. */
    setDefault(oddType: OddType) {
      read();
      if (chosen || current === oddType) return;
      current = oddType;
      notify();
    },
    /** What the server renders with: the default, since the visitor's choice lives in their browser. */
    getServer: (): OddType => DEFAULT_ODD_TYPE,
    set(oddType: OddType) {
      current = oddType;
      chosen = true;
      try {
        storage()?.setItem(ODD_TYPE_STORAGE_KEY, oddType);
      } catch {
        // Storage full or blocked: the choice still holds for this page.
      }
      notify();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const oddTypeStore = createOddTypeStore(() => (typeof window === 'undefined' ? undefined : window.localStorage));
