import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLoading } from '@/store/loader-slice';
import { makeStore } from '@/store/store';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import { RouteLoader } from './route-loader';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

describe('RouteLoader', () => {
  beforeEach(() => navigationState.reset('/en'));

  it('announces loading while the flag is set and ends it when the path changes', () => {
    const store = makeStore();
    store.dispatch(setLoading(true));
    const { rerender } = renderWithProviders(<RouteLoader label="Loading the page…" />, { store });
    expect(screen.getByRole('status').textContent).toBe('Loading the page…');
    navigationState.pathname = '/en/app-page';
    rerender(<RouteLoader label="Loading the page…" />);
    expect(store.getState().loader.loading).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('leaves the flag alone while the path stays', () => {
    const store = makeStore();
    const { rerender } = renderWithProviders(<RouteLoader label="Loading the page…" />, { store });
    store.dispatch(setLoading(true));
    rerender(<RouteLoader label="Loading the page…" />);
    expect(store.getState().loader.loading).toBe(true);
  });
});
