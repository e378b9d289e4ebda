import type { FormField } from '@playhouse/shared/contracts/accounts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import { ConfirmEmailForm, rememberNextAfterConfirmation } from './confirm-email-form';
import { testUser } from '@/test/user-fixtures';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

const USERNAME: FormField = {
  name: 'username',
  type: 'text',
  required: true,
  label: 'Username',
  constraints: { minLength: 3, maxLength: 24, pattern: '^[a-zA-Z0-9_]+$' },
};
const TOKEN = 'A'.repeat(43);
const USER = testUser({ id: 9, username: 'ada_2', phone: '+4915123456789', dateOfBirth: '1990-04-12' });

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const balances = {
  mainBalance: { balance: '0.00', ajaxRefreshRoute: '/m' },
  bonusBalance: { balance: '0.00', ajaxRefreshRoute: '/b' },
  code: 'EUR',
  flipBalances: false,
};

describe('ConfirmEmailForm', () => {
  beforeEach(() => {
    navigationState.reset('/en/auth/confirm-email');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('asks for another username when the first was taken, then signs in and goes where registration wanted', async () => {
    rememberNextAfterConfirmation('/cashbox');
    fetchMock.mockImplementation(async (url, init) => {
      if (!String(url).endsWith('/spa/users/registration/confirmation')) return json(200, balances);
      const body = JSON.parse(String(init?.body)) as { username?: string };
      if (!body.username) {
        return json(409, {
          error: { code: 'username_taken', message: 'taken', fields: { username: 'taken' } },
          requestId: 'r1',
        });
      }
      return json(201, { user: USER });
    });
    const { store } = renderWithProviders(<ConfirmEmailForm lng="en" token={TOKEN} usernameField={USERNAME} />);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect(await screen.findByText(/has been taken in the meantime/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ada_2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    await waitFor(() => expect(store.getState().userSlice.user).toEqual(USER));
    const sent = fetchMock.mock.calls
      .filter(([url]) => String(url).endsWith('/confirmation'))
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
    expect(sent).toEqual([{ token: TOKEN }, { token: TOKEN, username: 'ada_2' }]);
    expect(navigationState.push).toHaveBeenCalledWith('/en/cashbox');
  });

  it('says so when the link is invalid or expired, with the way back to registration', async () => {
    fetchMock.mockResolvedValue(json(400, { error: { code: 'invalid_token', message: 'invalid' }, requestId: 'r2' }));
    renderWithProviders(<ConfirmEmailForm lng="en" token={TOKEN} usernameField={USERNAME} />);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect((await screen.findByText('This link is invalid or has expired.')).getAttribute('role')).toBe('alert');
    expect(screen.getByRole('link', { name: 'Register again' })).toBeTruthy();
  });
});
