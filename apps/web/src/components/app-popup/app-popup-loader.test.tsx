import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@/store/store';
import { login } from '@/store/user-slice';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import { AppPopupLoader } from './app-popup-loader';
import { APP_POPUP_HIDDEN_KEY } from './app-popup-rules';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

const dialog = () => screen.queryByRole('dialog', { name: 'Get our app' });

async function loadFor(userAgent: string, { signedIn = false, closedBefore = false } = {}) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  if (closedBefore) localStorage.setItem(APP_POPUP_HIDDEN_KEY, 'true');
  const store = makeStore();
  if (signedIn) store.dispatch(login({ id: 7, username: 'ada' }));
  const view = renderWithProviders(<AppPopupLoader />, { store });
  // Well past the popup's delay: whatever would load and show has done so.
  for (let step = 0; step < 8 && !dialog(); step += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
      await vi.dynamicImportSettled();
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
  return view;
}

describe('AppPopupLoader', () => {
  beforeEach(() => {
    navigationState.reset('/en');
    localStorage.clear();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('brings the popup to a signed-in Android player', async () => {
    await loadFor(ANDROID, { signedIn: true });
    expect(dialog()).not.toBeNull();
  });

  it('loads nothing for an iPhone', async () => {
    await loadFor(IPHONE, { signedIn: true });
    expect(dialog()).toBeNull();
  });

  it('loads nothing for an Android visitor who never closed it', async () => {
    await loadFor(ANDROID);
    expect(dialog()).toBeNull();
  });
});
