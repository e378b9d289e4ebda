/** Local storage key of the visitor's "show probabilities" switch. */
export const IMPLIED_STORAGE_KEY = 'impliedProbability';

type Listener = () => void;
const listeners = new Set<Listener>();
let current: boolean | null = null;

function storage(): Storage | undefined {
  return typeof window === 'undefined' ? undefined : window.localStorage;
}

/** Whether the visitor asked to see each outcome's implied probability and each market's margin (remembered). */
export const impliedStore = {
  get(): boolean {
    if (current === null) {
      try {
        current = storage()?.getItem(IMPLIED_STORAGE_KEY) === 'on';
      } catch {
        current = false;
      }
    }
    return current;
  },
  getServer: (): boolean => false,
  set(on: boolean) {
    current = on;
    try {
      storage()?.setItem(IMPLIED_STORAGE_KEY, on ? 'on' : 'off');
    } catch {
      // Storage blocked: the switch still holds for this page.
    }
    for (const listener of listeners) listener();
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * A market's implied probabilities (1 / decimal odd per outcome) and its margin (overround: their sum less one), or
 * null when an odd is missing. The probabilities are not normalized: they are what the prices say, margin included.
 */
export function impliedOf(odds: number[]): { probabilities: number[]; margin: number } | null {
  if (odds.length === 0 || odds.some((odd) => !(odd > 1))) return null;
  const probabilities = odds.map((odd) => 1 / odd);
  return { probabilities, margin: probabilities.reduce((sum, p) => sum + p, 0) - 1 };
}
