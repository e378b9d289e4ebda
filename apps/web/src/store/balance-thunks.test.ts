import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { balanceLanguageSet, balancesReceived } from './balance-slice';
import { BALANCE_ERRORS, fetchInitialBalance, refreshBonusBalance, refreshMainBalance } from './balance-thunks';
import { refreshUrl } from '@/lib/account/account-api';
import { makeStore } from './store';
import { login } from './user-slice';

const fetchMock = vi.fn<typeof fetch>();
const ORIGIN = window.location.origin;
const BALANCES = {
  mainBalance: { balance: '25.00', ajaxRefreshRoute: '/spa/users/balances/main' },
  bonusBalance: { balance: '5.50', ajaxRefreshRoute: '/spa/users/balances/bonus' },
  code: 'EUR' as const,
  flipBalances: false,
};

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function signedInStore() {
  const store = makeStore();
  store.dispatch(balanceLanguageSet('de'));
  store.dispatch(login({ id: 7, login: 'ada@example.com', username: 'ada' }));
  return store;
}

describe('fetchInitialBalance', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('GETs the balances with the session cookie and the language, and stores them', async () => {
    fetchMock.mockResolvedValueOnce(json(200, BALANCES));
    const store = signedInStore();
    const pending = store.dispatch(fetchInitialBalance());
    expect(store.getState().balance).toMatchObject({ mainBalanceLoading: true, bonusBalanceLoading: true });
    await pending;
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/spa/users/balances');
    expect(init).toMatchObject({ credentials: 'include', headers: { 'X-Locale': 'de' } });
    expect(store.getState().balance).toMatchObject({
      mainBalanceAmount: '25.00',
      bonusBalanceAmount: '5.50',
      currencyCode: 'EUR',
      mainBalanceLoading: false,
      bonusBalanceLoading: false,
      initialRequestFired: true,
    });
  });

  it('is skipped once fired, unless forced', async () => {
    fetchMock.mockImplementation(async () => json(200, BALANCES));
    const store = signedInStore();
    await store.dispatch(fetchInitialBalance());
    const skipped = await store.dispatch(fetchInitialBalance());
    expect(fetchInitialBalance.rejected.match(skipped) && skipped.meta.condition).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await store.dispatch(fetchInitialBalance({ force: true }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('swaps the balances and their refresh routes when flipBalances is set', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ...BALANCES, flipBalances: true }));
    const store = signedInStore();
    await store.dispatch(fetchInitialBalance());
    expect(store.getState().balance).toMatchObject({
      mainBalanceAmount: '5.50',
      mainBalanceRoute: '/spa/users/balances/bonus',
      bonusBalanceAmount: '25.00',
      bonusBalanceRoute: '/spa/users/balances/main',
    });
  });

  it('on 401 closes the session on the server, forgets the user and rejects with the spec message', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { error: { code: 'unauthorized', message: 'x' }, requestId: 'r' }));
    fetchMock.mockResolvedValueOnce(json(204));
    const store = signedInStore();
    const action = await store.dispatch(fetchInitialBalance());
    expect(action.type).toBe(fetchInitialBalance.rejected.type);
    expect(fetchInitialBalance.rejected.match(action) && action.error.message).toBe(
      'Fetch initial balance - unauthorized!',
    );
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/spa/auth/logout');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', headers: { 'X-Locale': 'de' } });
    expect(store.getState().userSlice.user).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(store.getState().balance).toMatchObject({ mainBalanceLoading: false, bonusBalanceLoading: false });
  });

  it('still forgets the user when the logout call itself fails', async () => {
    fetchMock.mockResolvedValueOnce(json(401));
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    const store = signedInStore();
    await expect(store.dispatch(fetchInitialBalance()).unwrap()).rejects.toMatchObject({
      message: BALANCE_ERRORS.unauthorized,
    });
    expect(store.getState().userSlice.user).toBeNull();
  });

  it('clears both loading flags when the request fails', async () => {
    fetchMock.mockResolvedValueOnce(json(500, {}));
    const store = signedInStore();
    await store.dispatch(fetchInitialBalance());
    expect(store.getState().balance).toMatchObject({ mainBalanceLoading: false, bonusBalanceLoading: false });
    expect(store.getState().userSlice.user).not.toBeNull();
  });

  it('rejects an answer that breaks the contract', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { mainBalance: { balance: 1 } }));
    const store = signedInStore();
    await expect(store.dispatch(fetchInitialBalance()).unwrap()).rejects.toBeDefined();
    expect(store.getState().balance.mainBalanceLoading).toBe(false);
  });
});

describe('balance refresh', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('strips a development script prefix and puts the route on the api host', () => {
    expect(refreshUrl('/app_dev.php/spa/users/balances/main', 'https://api.example')).toBe(
      'https://api.example/spa/users/balances/main',
    );
    expect(refreshUrl('/spa/users/balances/bonus', 'https://api.example')).toBe(
      'https://api.example/spa/users/balances/bonus',
    );
    expect(refreshUrl('https://old.example/index.php/spa/users/balances/main?x=1', '')).toBe(
      '/spa/users/balances/main?x=1',
    );
  });

  it('refreshes the main and the bonus balance from their refresh routes', async () => {
    const store = signedInStore();
    store.dispatch(
      balancesReceived({
        ...BALANCES,
        mainBalance: { balance: '1.00', ajaxRefreshRoute: '/app_dev.php/spa/users/balances/main' },
      }),
    );
    fetchMock.mockResolvedValueOnce(json(200, { amount: '30.00' }));
    fetchMock.mockResolvedValueOnce(json(200, { amount: '7.25' }));
    await store.dispatch(refreshMainBalance());
    await store.dispatch(refreshBonusBalance());
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      `${ORIGIN}/spa/users/balances/main`,
      `${ORIGIN}/spa/users/balances/bonus`,
    ]);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'include', headers: { 'X-Locale': 'de' } });
    expect(store.getState().balance).toMatchObject({ mainBalanceAmount: '30.00', bonusBalanceAmount: '7.25' });
  });

  it('rejects with the spec messages when a refresh route is missing', async () => {
    const store = signedInStore();
    await expect(store.dispatch(refreshMainBalance()).unwrap()).rejects.toMatchObject({
      message: 'Main balance request URL not found!',
    });
    await expect(store.dispatch(refreshBonusBalance()).unwrap()).rejects.toMatchObject({
      message: 'Bonus balance request URL not found!',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
