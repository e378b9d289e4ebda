import { act, render, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { Provider } from 'react-redux';
import { SWRConfig, type Cache } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppSelector } from '@/store/hooks';
import { makeStore, type AppStore } from '@/store/store';
import { login, logout } from '@/store/user-slice';
import { PlayerSync } from './player-sync';
import { testUser } from '@/test/user-fixtures';

const fetchMock = vi.fn<typeof fetch>();
const USER = testUser();

/** As the header mounts it: only while a player is signed in. */
function WhileSignedIn() {
  return useAppSelector((state) => state.userSlice.user) ? <PlayerSync /> : null;
}

function mount(store: AppStore, cache: Map<string, unknown> = new Map()) {
  render(
    <NextIntlClientProvider locale="en" messages={{}}>
      <SWRConfig value={{ provider: () => cache as unknown as Cache }}>
        <Provider store={store}>
          <WhileSignedIn />
        </Provider>
      </SWRConfig>
    </NextIntlClientProvider>,
  );
  return cache;
}

describe('PlayerSync', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal(
      'EventSource',
      class {
        static readonly CLOSED = 2;
        readyState = 0;
        addEventListener() {}
        close() {}
      },
    );
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('fetches the user data when the stored user has a username but no id', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/spa/users/me')
        ? new Response(JSON.stringify({ user: USER }), { status: 200 })
        : new Response(null, { status: 500 }),
    );
    const store = makeStore();
    store.dispatch(login({ username: 'ada' }));
    mount(store);
    await waitFor(() => expect(store.getState().userSlice.user).toEqual(USER));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/spa/users/me'))).toHaveLength(1);
  });

  it('loads the balances once for a signed-in user and nothing for a visitor', async () => {
    fetchMock.mockImplementation(async () => new Response(null, { status: 500 }));
    mount(makeStore());
    expect(fetchMock).not.toHaveBeenCalled();
    const store = makeStore();
    store.dispatch(login(USER));
    mount(store);
    await waitFor(() => expect(store.getState().balance.initialRequestFired).toBe(true));
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/\/spa\/users\/balances$/);
  });

  it('forgets the data loaded for the player once the session ends', async () => {
    fetchMock.mockImplementation(async () => new Response(null, { status: 500 }));
    const store = makeStore();
    store.dispatch(login(USER));
    const cache = mount(store, new Map([['/spa/users/transactions', { data: { items: [1] } }]]));
    act(() => {
      store.dispatch(logout());
    });
    await waitFor(() => expect((cache.get('/spa/users/transactions') as { data?: unknown }).data).toBeUndefined());
  });
});
