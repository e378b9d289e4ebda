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

  function read(): OddType {
    if (current) return current;
    try {
      const stored = storage()?.getItem(ODD_TYPE_STORAGE_KEY);
      current = isOddType(stored) ? stored : DEFAULT_ODD_TYPE;
    } catch {
      current = DEFAULT_ODD_TYPE;
    }
    return current;
  }

  return {
    get: read,
    /** What the server renders with: the default, since the visitor's choice lives in their browser. */
    getServer: (): OddType => DEFAULT_ODD_TYPE,
    set(oddType: OddType) {
      current = oddType;
      try {
        storage()?.setItem(ODD_TYPE_STORAGE_KEY, oddType);
      } catch {
        // Storage full or blocked: the choice still holds for this page.
      }
      for (const listener of listeners) listener();
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
