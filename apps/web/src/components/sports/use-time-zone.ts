import { useSyncExternalStore } from 'react';
import { browserTimeZone } from '@/lib/time-zone';

const subscribe = () => () => undefined;

/**
 * The visitor's IANA time zone. While the server renders and the browser hydrates it is the zone the server knew
 * (from the visitor's time-zone cookie), or null: match times and day groups are then drawn only once it is known, so
 * no one ever sees the server's clock time first.
 */
export function useTimeZone(serverTimeZone: string | null = null): string | null {
  return useSyncExternalStore(subscribe, browserTimeZone, () => serverTimeZone);
}
