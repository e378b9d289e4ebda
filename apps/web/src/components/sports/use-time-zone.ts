import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The visitor's IANA time zone, or null while the server renders and the browser hydrates. Match times and day groups
 * are drawn only once it is known, so no one ever sees the server's clock time first.
 */
export function useTimeZone(): string | null {
  return useSyncExternalStore(subscribe, browserZone, () => null);
}
