import type { Locale } from '@playhouse/shared/locales';
import { syncFingerprint } from '../fingerprint/fingerprint';
import { saveTimezone, sendFingerprint } from './account-api';
import { syncTimezone } from './timezone-sync';

/**
 * SPEC.md §4 "Other automatic actions" for a signed-in user: the time zone at most once a day, the fingerprint when its
 * hash changed. Neither is something the player waits for, and a failure of either is only logged.
 */
export async function runBackgroundSync(userId: number | string, locale: Locale): Promise<void> {
  const storage = globalThis.localStorage;
  await syncTimezone(userId, {
    storage,
    send: async (timezone) => {
      await saveTimezone(locale, timezone, 'device');
    },
  });
  await syncFingerprint(userId, {
    storage,
    send: async (fingerprint) => {
      await sendFingerprint(locale, fingerprint);
    },
  });
}
