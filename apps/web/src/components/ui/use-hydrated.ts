import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the server renders and the browser hydrates, true afterwards. The signed-in user lives in local storage,
 * which the server cannot see: anything drawn from it waits for this so both renders agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
