import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { balanceLanguageSet, balancesReceived } from './balance-slice';
import { makeStore } from './store';
import { login } from './user-slice';
import { fetchUserData, logoutUser, needsUserData } from './user-thunks';
import { testUser } from '@/test/user-fixtures';

const fetchMock = vi.fn<typeof fetch>();
const USER = testUser({ phone: '+4915123456789', dateOfBirth: '1990-01-01', locale: 'de' });

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status });
}

describe('logoutUser', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('sets the loading flag, calls the logout handler with the language, clears the session state, then refreshes', async () => {
    const store = makeStore();
    store.dispatch(balanceLanguageSet('ru'));
    store.dispatch(login(USER));
    store.dispatch(
      balancesReceived({
        mainBalance: { balance: '9.00', ajaxRefreshRoute: '/m' },
        bonusBalance: { balance: '1.00', ajaxRefreshRoute: '/b' },
        code: 'EUR',
        flipBalances: false,
      }),
    );
    const seen: string[] = [];
    fetchMock.mockImplementationOnce(async () => {
      seen.push(
        `fetch while loading=${store.getState().loader.loading} user=${store.getState().userSlice.user !== null}`,
      );
      return json(204);
    });
    const refresh = vi.fn(() => seen.push(`refresh with user=${store.getState().userSlice.user !== null}`));
    await store.dispatch(logoutUser({ refresh }));

    expect(seen).toEqual(['fetch while loading=true user=true', 'refresh with user=false']);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/spa/auth/logout');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', headers: { 'X-Locale': 'ru' } });
    expect(store.getState().userSlice.user).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(store.getState().balance).toMatchObject({ mainBalanceAmount: '0.00', initialRequestFired: false });
    expect(store.getState().loader.loading).toBe(false);
  });

  it('forgets the user even when the logout call fails, and only logs the failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    const store = makeStore();
    store.dispatch(login(USER));
    const refresh = vi.fn();
    const action = await store.dispatch(logoutUser({ refresh }));
    expect(action.type).toBe(logoutUser.fulfilled.type);
    expect(store.getState().userSlice.user).toBeNull();
    expect(refresh).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('user-data fetch', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('is needed only when there is a username but no id', () => {
    expect(needsUserData(null)).toBe(false);
    expect(needsUserData({ username: 'ada' })).toBe(true);
    expect(needsUserData({ username: 'ada', id: 7 })).toBe(false);
    expect(needsUserData({ login: 'ada@example.com' })).toBe(false);
  });

  it('loads /spa/users/me and stores the whole user', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { user: USER }));
    const store = makeStore();
    store.dispatch(login({ username: 'ada' }));
    await store.dispatch(fetchUserData());
    expect(fetchMock.mock.calls[0]![0]).toBe('/spa/users/me');
    expect(store.getState().userSlice.user).toEqual(USER);
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(USER);
  });

  it('does not run when the user is complete or absent', async () => {
    const store = makeStore();
    await store.dispatch(fetchUserData());
    store.dispatch(login(USER));
    await store.dispatch(fetchUserData());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('drops the stored user when there is no session', async () => {
    fetchMock.mockResolvedValueOnce(json(401));
    const store = makeStore();
    store.dispatch(login({ username: 'ada' }));
    await store.dispatch(fetchUserData());
    expect(store.getState().userSlice.user).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});
