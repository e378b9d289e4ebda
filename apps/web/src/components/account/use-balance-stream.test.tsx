import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { balancesReceived } from '@/store/balance-slice';
import { makeStore, type AppStore } from '@/store/store';
import { login } from '@/store/user-slice';
import { BALANCE_STREAM_PATH } from '@/lib/account/account-api';
import { FALLBACK_POLL_MS, FIRST_EVENT_TIMEOUT_MS, STREAM_RETRY_MS, useBalanceStream } from './use-balance-stream';

class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emitBalance(body: unknown) {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new MessageEvent('balance', { data: JSON.stringify(body) }));
  }
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
}

const BALANCES = (main: string) => ({
  mainBalance: { balance: main, ajaxRefreshRoute: '/spa/users/balances/main' },
  bonusBalance: { balance: '1.00', ajaxRefreshRoute: '/spa/users/balances/bonus' },
  code: 'EUR' as const,
  flipBalances: false,
});

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status });

function Stream({ userId }: { userId: number | undefined }) {
  useBalanceStream(userId);
  return null;
}

function mount(store: AppStore, userId: number | undefined) {
  return render(
    <Provider store={store}>
      <Stream userId={userId} />
    </Provider>,
  );
}

/** Lets pending promises, the lazily loaded contract module and the resulting renders finish. */
async function flush() {
  await act(async () => {
    await vi.dynamicImportSettled();
    await vi.advanceTimersByTimeAsync(0);
    await vi.dynamicImportSettled();
  });
}

describe('useBalanceStream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    localStorage.clear();
  });

  it('opens the stream for a signed-in user and applies each balance event', async () => {
    const store = makeStore();
    mount(store, 7);
    expect(FakeEventSource.instances.map((source) => source.url)).toEqual([BALANCE_STREAM_PATH]);
    FakeEventSource.instances[0]!.emitBalance(BALANCES('12.00'));
    await flush();
    expect(store.getState().balance.mainBalanceAmount).toBe('12.00');
    FakeEventSource.instances[0]!.emitBalance(BALANCES('37.00'));
    await flush();
    expect(store.getState().balance.mainBalanceAmount).toBe('37.00');
  });

  it('opens nothing without a user, and closes the stream when the user goes', () => {
    const store = makeStore();
    const { rerender } = mount(store, undefined);
    expect(FakeEventSource.instances).toHaveLength(0);
    rerender(
      <Provider store={store}>
        <Stream userId={7} />
      </Provider>,
    );
    rerender(
      <Provider store={store}>
        <Stream userId={undefined} />
      </Provider>,
    );
    expect(FakeEventSource.instances[0]!.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('hands a refused stream to the initial request, which signs out on 401', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = makeStore();
    store.dispatch(login({ id: 7, username: 'ada' }));
    fetchMock.mockResolvedValueOnce(json(401)).mockResolvedValueOnce(json(204));
    mount(store, 7);
    FakeEventSource.instances[0]!.refuse();
    await flush();
    expect(fetchMock.mock.calls[0]![0]).toMatch(/\/spa\/users\/balances$/);
    expect(store.getState().userSlice.user).toBeNull();
    expect(warn).toHaveBeenCalledWith('Fetch initial balance - unauthorized!');
    warn.mockRestore();
  });

  it('reconnects after a refusal while the session is still good', async () => {
    const store = makeStore();
    fetchMock.mockResolvedValueOnce(json(200, BALANCES('5.00')));
    mount(store, 7);
    FakeEventSource.instances[0]!.refuse();
    await flush();
    expect(store.getState().balance.mainBalanceAmount).toBe('5.00');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(STREAM_RETRY_MS);
    });
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it('polls the refresh routes while the stream stays silent, and stops once an event arrives', async () => {
    const store = makeStore();
    store.dispatch(balancesReceived(BALANCES('0.00')));
    fetchMock.mockImplementation(async (url) =>
      json(200, { amount: String(url).endsWith('/main') ? '25.00' : '1.00' }),
    );
    mount(store, 7);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(FIRST_EVENT_TIMEOUT_MS - 1);
    });
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1 + FALLBACK_POLL_MS);
    });
    await flush();
    expect(fetchMock.mock.calls.map(([url]) => String(url).replace(/^https?:\/\/[^/]+/, ''))).toEqual([
      '/spa/users/balances/main',
      '/spa/users/balances/bonus',
    ]);
    expect(store.getState().balance.mainBalanceAmount).toBe('25.00');

    FakeEventSource.instances[0]!.emitBalance(BALANCES('30.00'));
    await flush();
    const calls = fetchMock.mock.calls.length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(FALLBACK_POLL_MS * 3);
    });
    expect(fetchMock.mock.calls.length).toBe(calls);
    expect(store.getState().balance.mainBalanceAmount).toBe('30.00');
  });
});
