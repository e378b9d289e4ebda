import { SPEC } from '@playhouse/shared/constants';
import { describe, expect, it } from 'vitest';
import {
  appPopupStorageAtStart,
  appPopupStorageOnClose,
  shouldShowAppPopup,
  type AppPopupConditions,
} from './app-popup-rules';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const ANDROID_WEBVIEW =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const base: AppPopupConditions = {
  userAgent: ANDROID_CHROME,
  standalone: false,
  path: '/en/category/slots',
  signedIn: true,
  hidden: null,
  elapsedMs: SPEC.mobilePopupDelayMs,
};

describe('shouldShowAppPopup', () => {
  it('shows to a signed-in Android player in the browser once 30 s have passed', () => {
    expect(shouldShowAppPopup(base)).toBe(true);
    expect(shouldShowAppPopup({ ...base, hidden: 'false' })).toBe(true);
  });

  it('waits for 30 s after the session starts', () => {
    expect(shouldShowAppPopup({ ...base, elapsedMs: SPEC.mobilePopupDelayMs - 1 })).toBe(false);
  });

  it.each([
    ['a visitor who is not signed in', { signedIn: false }],
    ['an iPhone', { userAgent: IPHONE }],
    ['a desktop browser', { userAgent: DESKTOP }],
    ['an Android web view', { userAgent: ANDROID_WEBVIEW }],
    ['the installed app', { standalone: true }],
    ['a /landing path', { path: '/en/landing' }],
    ['a player who closed it', { hidden: 'true' }],
  ] as const)('does not show to %s', (_, change) => {
    expect(shouldShowAppPopup({ ...base, ...change })).toBe(false);
  });
});

describe('the stored values', () => {
  const now = Date.UTC(2026, 10, 21, 12);

  it('closing stores mobileAppPopupHidden=true and the moment it was closed', () => {
    expect(appPopupStorageOnClose(now)).toEqual({ hidden: 'true', checkedAt: String(now) });
  });

  it('a popup closed at least 7 days ago is set back to false, and the timestamp refreshed', () => {
    const sevenDaysAgo = now - SPEC.mobilePopupReshowMs;
    expect(appPopupStorageAtStart({ hidden: 'true', checkedAt: String(sevenDaysAgo) }, now)).toEqual({
      hidden: 'false',
      checkedAt: String(now),
    });
  });

  it('a popup closed less than 7 days ago stays hidden and keeps its timestamp', () => {
    const almost = now - SPEC.mobilePopupReshowMs + 1;
    expect(appPopupStorageAtStart({ hidden: 'true', checkedAt: String(almost) }, now)).toBeNull();
  });

  it('a closed popup without a readable timestamp, or one in the future, starts its 7 days now', () => {
    for (const checkedAt of [null, 'soon', String(now + 60_000)]) {
      expect(appPopupStorageAtStart({ hidden: 'true', checkedAt }, now)).toEqual({
        hidden: 'true',
        checkedAt: String(now),
      });
    }
  });

  it('writes nothing while the popup was never closed', () => {
    expect(appPopupStorageAtStart({ hidden: null, checkedAt: null }, now)).toBeNull();
    expect(
      appPopupStorageAtStart({ hidden: 'false', checkedAt: String(now - 10 * SPEC.mobilePopupReshowMs) }, now),
    ).toBeNull();
  });
});
