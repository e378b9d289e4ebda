import { SPEC } from '@playhouse/shared/constants';

/** Local storage key of the last timezone call: who it was for and when (epoch ms). */
export const TIMEZONE_CHECK_STORAGE_KEY = 'timezoneCheckedTimestamp';

type StoredCheck = { userId: string; checkedAt: number };

function readCheck(storage: Pick<Storage, 'getItem'>): StoredCheck | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(TIMEZONE_CHECK_STORAGE_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { userId, checkedAt } = parsed as Partial<StoredCheck>;
    return typeof userId === 'string' && typeof checkedAt === 'number' ? { userId, checkedAt } : null;
  } catch {
    return null;
  }
}

/** SPEC.md §4/§9: the call is due when this user was never checked here or 86400000 ms have passed. */
export function timezoneCheckDue(stored: StoredCheck | null, userId: string, now: number): boolean {
  return (
    !stored || stored.userId !== userId || now - stored.checkedAt >= SPEC.timezoneRecheckMs || now < stored.checkedAt
  );
}

export type TimezoneDeps = {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now?: () => number;
  timezone?: () => string;
  send: (timezone: string) => Promise<void>;
  log?: (message: string, error: unknown) => void;
};

/** Sends the browser's time zone for a signed-in user at most once per 24 hours. Resolves with whether it was sent. */
export async function syncTimezone(userId: number | string, deps: TimezoneDeps): Promise<boolean> {
  const {
    storage,
    now = Date.now,
    timezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    send,
    log = console.warn,
  } = deps;
  const id = String(userId);
  const startedAt = now();
  if (!timezoneCheckDue(readCheck(storage), id, startedAt)) return false;
  try {
    await send(timezone());
    storage.setItem(TIMEZONE_CHECK_STORAGE_KEY, JSON.stringify({ userId: id, checkedAt: startedAt }));
    return true;
  } catch (error) {
    log('Timezone call failed', error);
    return false;
  }
}
