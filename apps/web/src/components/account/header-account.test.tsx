import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { balancesReceived } from '@/store/balance-slice';
import { makeStore } from '@/store/store';
import { login } from '@/store/user-slice';
import { Link } from '@/i18n/navigation';
import { renderWithProviders } from '@/test/render';
import { HeaderAccount } from './header-account';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

const fetchMock = vi.fn<typeof fetch>();
const BALANCES = {
  mainBalance: { balance: '1234.50', ajaxRefreshRoute: '/spa/users/balances/main' },
  bonusBalance: { balance: '5.00', ajaxRefreshRoute: '/spa/users/balances/bonus' },
  code: 'EUR' as const,
  flipBalances: false,
};

/** What the server hands in for visitors (VisitorLinks). */
const VISITOR = (
  <div>
    <Link href="/auth/login">Log in</Link> <Link href="/auth/register">Register</Link>
  </div>
);

describe('HeaderAccount', () => {
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
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/spa/users/balances')
        ? new Response(JSON.stringify(BALANCES), { status: 200 })
        : new Response(null, { status: 204 }),
    );
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('offers login and registration to visitors, and does not load the player corner for them', () => {
    renderWithProviders(<HeaderAccount visitor={VISITOR} />);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/en/auth/login');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/en/auth/register');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('follows a sign-in and a sign-out in another tab', async () => {
    const store = makeStore();
    renderWithProviders(<HeaderAccount visitor={VISITOR} />, { store });
    localStorage.setItem('user', JSON.stringify({ id: 7, username: 'ada' }));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    });
    expect(await screen.findByRole('button', { name: 'Account: ada' })).toBeTruthy();
    localStorage.removeItem('user');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'user', newValue: null }));
    });
    expect(store.getState().userSlice.user).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('loads both balances and shows them in the player currency, the locale way', async () => {
    const store = makeStore();
    store.dispatch(login({ id: 7, username: 'ada', login: 'ada@example.com' }));
    renderWithProviders(<HeaderAccount visitor={VISITOR} />, { store, locale: 'de' });
    const balances = await screen.findByRole('link', { name: /Guthaben 1\.234,50\s€ Bonusguthaben 5,00\s€/ });
    expect(balances.getAttribute('href')).toBe('/de/cashbox');
  });

  it('says the balance is loading until it arrives', async () => {
    const store = makeStore();
    store.dispatch(login({ id: 7, username: 'ada' }));
    renderWithProviders(<HeaderAccount visitor={VISITOR} />, { store });
    expect(await screen.findByRole('link', { name: 'Loading your balance…' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: /Balance €1,234\.50/ })).toBeTruthy();
  });

  it('follows a balance pushed by the live stream', async () => {
    const store = makeStore();
    store.dispatch(login({ id: 7, username: 'ada' }));
    renderWithProviders(<HeaderAccount visitor={VISITOR} />, { store });
    await screen.findByRole('link', { name: /Balance €1,234\.50/ });
    act(() => {
      store.dispatch(balancesReceived({ ...BALANCES, mainBalance: { ...BALANCES.mainBalance, balance: '1259.50' } }));
    });
    expect(screen.getByRole('link', { name: /Balance €1,259\.50 Bonus €5\.00/ })).toBeTruthy();
  });

  it('opens the account menu and logs out through the logout handler', async () => {
    const store = makeStore();
    store.dispatch(login({ id: 7, username: 'ada' }));
    renderWithProviders(<HeaderAccount visitor={VISITOR} />, { store });
    const toggle = await screen.findByRole('button', { name: 'Account: ada' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Withdrawals' }).getAttribute('href')).toBe('/en/withdrawals');
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(store.getState().userSlice.user).toBeNull());
    expect(
      fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/spa/auth/logout') && init?.method === 'POST'),
    ).toBe(true);
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('links My bets, favourites and recently played, and leaves out the tabs the player hid', async () => {
    const tabs = [
      ['cashbox', true, true],
      ['profile', true, true],
      ['bonuses', false, false],
      ['transactions', true, false],
      ['withdrawals', true, true],
      ['myBets', true, false],
      ['favourites', true, false],
      ['recentlyPlayed', false, false],
      ['responsibleGaming', true, true],
      ['verification', true, true],
      ['statement', true, true],
    ].map(([tab, visible, required]) => ({ tab, visible, required }));
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/spa/users/profile/tab-display-settings')
        ? new Response(JSON.stringify({ tabs }), { status: 200 })
        : String(url).endsWith('/spa/users/balances')
          ? new Response(JSON.stringify(BALANCES), { status: 200 })
          : new Response(null, { status: 204 }),
    );
    const store = makeStore();
    store.dispatch(login({ id: 7, username: 'ada' }));
    renderWithProviders(<HeaderAccount visitor={VISITOR} />, { store });
    fireEvent.click(await screen.findByRole('button', { name: 'Account: ada' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Recently played' })).toBeNull());
    expect(screen.getByRole('link', { name: 'My bets' }).getAttribute('href')).toBe('/en/sports/bets');
    expect(screen.getByRole('link', { name: 'Favourites' }).getAttribute('href')).toBe('/en/category/favourites');
    expect(screen.queryByRole('link', { name: 'Bonuses' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Responsible gaming' })).toBeTruthy();
  });

  it('closes the menu on Escape and gives the focus back to its button', async () => {
    const store = makeStore();
    store.dispatch(login({ id: 7, username: 'ada' }));
    renderWithProviders(<HeaderAccount visitor={VISITOR} />, { store });
    const toggle = await screen.findByRole('button', { name: 'Account: ada' });
    fireEvent.click(toggle);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});
