import { HIDDEN_POPUP_PATHS, SPEC } from '@playhouse/shared/constants';

/** SPEC.md §3 local storage keys of the mobile app popup. */
export const APP_POPUP_HIDDEN_KEY = 'mobileAppPopupHidden';
export const APP_POPUP_CHECKED_KEY = 'previousCheckedTimestamp';

/** Android's WebView adds "; wv)" to the platform part of its user agent; Chrome on Android does not. */
const WEBVIEW_MARKER = '; wv)';

export function isAndroid(userAgent: string): boolean {
  return /android/i.test(userAgent);
}

export function isWebView(userAgent: string): boolean {
  return userAgent.includes(WEBVIEW_MARKER);
}

/** The two stored values, as read from local storage (null when absent). */
export type AppPopupStorage = { hidden: string | null; checkedAt: string | null };

/**
 * What the session start does to the stored values (SPEC.md §4): a closed popup comes back (hidden back to false)
 * once at least 7 days have passed since previousCheckedTimestamp, and that timestamp is then refreshed to now. A
 * closed popup without a timestamp (or with an unreadable one) starts its 7 days now. Anything else stays as it is.
 * Returns the values to write, or null when nothing changes.
 */
export function appPopupStorageAtStart(storage: AppPopupStorage, now: number): AppPopupStorage | null {
  if (storage.hidden !== 'true') return null;
  const checkedAt = storage.checkedAt === null ? Number.NaN : Number(storage.checkedAt);
  if (!Number.isFinite(checkedAt) || checkedAt > now) return { hidden: 'true', checkedAt: String(now) };
  if (now - checkedAt >= SPEC.mobilePopupReshowMs) return { hidden: 'false', checkedAt: String(now) };
  return null;
}

/** The values closing the popup writes: hidden, and the moment the 7 days start from. */
export function appPopupStorageOnClose(now: number): AppPopupStorage {
  return { hidden: 'true', checkedAt: String(now) };
}

export type AppPopupConditions = {
  userAgent: string;
  /** Running as the installed app (display-mode standalone, or navigator.standalone on iOS). */
  standalone: boolean;
  /** The full path, locale prefix included. */
  path: string;
  signedIn: boolean;
  /** The stored hidden flag, after the session-start reset. */
  hidden: string | null;
  /** Milliseconds since the session started. */
  elapsedMs: number;
};

/**
 * SPEC.md §4 "Mobile app popup": 30 s after the session starts, only for a signed-in player on Android, not inside
 * the installed app or a web view, not on the hidden paths (/landing), and not once closed.
 */
export function shouldShowAppPopup(conditions: AppPopupConditions): boolean {
  return (
    conditions.elapsedMs >= SPEC.mobilePopupDelayMs &&
    conditions.signedIn &&
    isAndroid(conditions.userAgent) &&
    !isWebView(conditions.userAgent) &&
    !conditions.standalone &&
    !HIDDEN_POPUP_PATHS.some((hiddenPath) => conditions.path.includes(hiddenPath)) &&
    conditions.hidden !== 'true'
  );
}
