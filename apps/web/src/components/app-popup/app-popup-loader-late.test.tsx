import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { makeStore } from '@/store/store';
import { login } from '@/store/user-slice';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import { AppPopupLoader } from './app-popup-loader';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

/** The popup's code arrives when the test says so, as a slow network (or a busy machine) delivers it. */
const chunk = vi.hoisted(() => ({ arrived: Promise.resolve() }));
vi.mock('./app-popup', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const dialog = () => screen.queryByRole('dialog', { name: 'Get our app' });

beforeEach(() => {
  navigationState.reset('/en');
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

it('shows the popup 30 s after hydration even when its code arrives late (the time counts from hydration)', async () => {
  let arrive!: () => void;
  chunk.arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const store = makeStore();
  store.dispatch(login({ id: 7, username: 'ada' }));
  renderWithProviders(<AppPopupLoader />, { store });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(29_000);
  });
  arrive();
  // The popup's module itself, loaded to the end (a busy machine's transform can outlast any number of ticks); then
  // a few turns for React to draw what it holds.
  await act(async () => {
    await import('./app-popup');
  });
  for (let step = 0; step < 5; step += 1) {
    await act(async () => {
      await vi.dynamicImportSettled();
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
  expect(dialog()).toBeNull();
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1_000);
  });
  expect(dialog()).not.toBeNull();
});
