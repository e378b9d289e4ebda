import { SPEC } from '@playhouse/shared/constants';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import { makeStore } from '@/store/store';
import { login } from '@/store/user-slice';
import { AppPopup } from './app-popup';
import { APP_POPUP_CHECKED_KEY, APP_POPUP_HIDDEN_KEY } from './app-popup-rules';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const NOW = Date.UTC(2026, 10, 21, 12);

function renderPopup(signedIn = true) {
  const store = makeStore();
  if (signedIn) store.dispatch(login({ id: 7, username: 'ada' }));
  return renderWithProviders(<AppPopup />, { store });
}

const dialog = () => screen.queryByRole('dialog', { name: 'Get our app' });

describe('AppPopup', () => {
  beforeEach(() => {
    navigationState.reset('/en');
    localStorage.clear();
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID);
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('appears 30 s after the start for a signed-in Android player and links to the app page', () => {
    renderPopup();
    act(() => {
      vi.advanceTimersByTime(SPEC.mobilePopupDelayMs - 1);
    });
    expect(dialog()).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('link', { name: 'Get the app' }).getAttribute('href')).toBe('/en/app-page');
  });

  it('closing stores mobileAppPopupHidden=true with the time, and it stays away', () => {
    renderPopup();
    act(() => {
      vi.advanceTimersByTime(SPEC.mobilePopupDelayMs);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close the app offer' }));
    expect(dialog()).toBeNull();
    expect(localStorage.getItem(APP_POPUP_HIDDEN_KEY)).toBe('true');
    expect(localStorage.getItem(APP_POPUP_CHECKED_KEY)).toBe(String(NOW + SPEC.mobilePopupDelayMs));
  });

  it('comes back once 7 days have passed since it was closed', () => {
    localStorage.setItem(APP_POPUP_HIDDEN_KEY, 'true');
    localStorage.setItem(APP_POPUP_CHECKED_KEY, String(NOW - SPEC.mobilePopupReshowMs));
    renderPopup();
    expect(localStorage.getItem(APP_POPUP_HIDDEN_KEY)).toBe('false');
    expect(localStorage.getItem(APP_POPUP_CHECKED_KEY)).toBe(String(NOW));
    act(() => {
      vi.advanceTimersByTime(SPEC.mobilePopupDelayMs);
    });
    expect(dialog()).not.toBeNull();
  });

  it('stays hidden inside the installed app', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('standalone'), media: query }));
    renderPopup();
    act(() => {
      vi.advanceTimersByTime(SPEC.mobilePopupDelayMs);
    });
    expect(dialog()).toBeNull();
  });

  it('stays hidden for a visitor, and on /landing', () => {
    const { unmount } = renderPopup(false);
    act(() => {
      vi.advanceTimersByTime(SPEC.mobilePopupDelayMs);
    });
    expect(dialog()).toBeNull();
    unmount();
    navigationState.reset('/en/landing');
    renderPopup();
    act(() => {
      vi.advanceTimersByTime(SPEC.mobilePopupDelayMs);
    });
    expect(dialog()).toBeNull();
  });
});
