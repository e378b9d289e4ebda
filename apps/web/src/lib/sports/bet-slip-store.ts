import { EMPTY_SLIP, type SlipState } from './bet-slip';

/** Local storage key of the bet slip: it survives moving between match pages and a detour through registration. */
export const SLIP_STORAGE_KEY = 'betSlip';

type Listener = () => void;

function isSlip(value: unknown): value is SlipState {
  if (typeof value !== 'object' || value === null) return false;
  const slip = value as Partial<SlipState>;
  return (
    Array.isArray(slip.selections) &&
    (slip.mode === 'singles' || slip.mode === 'accumulator') &&
    typeof slip.stake === 'string' &&
    (slip.policy === 'none' || slip.policy === 'higher' || slip.policy === 'any')
  );
}

/** The bet slip as an external store, kept in local storage; every component reading it redraws on a change. */
export function createSlipStore(storage: () => Pick<Storage, 'getItem' | 'setItem'> | undefined) {
  const listeners = new Set<Listener>();
  let current: SlipState | null = null;

  function get(): SlipState {
    if (current) return current;
    try {
      const parsed: unknown = JSON.parse(storage()?.getItem(SLIP_STORAGE_KEY) ?? 'null');
      current = isSlip(parsed) ? parsed : EMPTY_SLIP;
    } catch {
      current = EMPTY_SLIP;
    }
    return current;
  }

  return {
    get,
    getServer: (): SlipState => EMPTY_SLIP,
    update(change: (state: SlipState) => SlipState) {
      const next = change(get());
      if (next === current) return;
      current = next;
      try {
        storage()?.setItem(SLIP_STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Storage full or blocked: the slip still works on this page.
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

export const slipStore = createSlipStore(() => (typeof window === 'undefined' ? undefined : window.localStorage));
