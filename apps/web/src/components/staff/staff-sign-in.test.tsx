import type { FormField } from '@playhouse/shared/contracts/accounts';
import { STAFF_ERROR_CODES } from '@playhouse/shared/contracts/staff';
import { LOCALES } from '@playhouse/shared/locales';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seededMessages } from '@/test/messages';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import { StaffSignIn } from './staff-sign-in';
import { testUser } from '@/test/user-fixtures';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

const FIELDS: FormField[] = [
  { name: 'login', type: 'text', required: true, label: 'E-mail or username', constraints: { maxLength: 254 } },
  { name: 'password', type: 'password', required: true, label: 'Password', constraints: {} },
];

const STAFF_USER = testUser({
  id: 3,
  login: 'agent@staff.example',
  username: 'agent',
  email: 'agent@staff.example',
  country: null,
  role: 'staff',
});
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function signInWithPassword() {
  fireEvent.change(screen.getByLabelText('E-mail or username'), { target: { value: 'agent' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'agent passphrase' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('StaffSignIn', () => {
  beforeEach(() => {
    navigationState.reset('/en/staff/login');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('sets up the authenticator first: a QR code with a name, the key as text, then the code signs in', async () => {
    let attempts = 0;
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      if (path.endsWith('/spa/auth/staff/login'))
        return json(200, { step: 'totp_setup', expiresAt: '2030-01-01T00:00:00Z' });
      if (path.endsWith('/spa/auth/staff/totp-setup')) {
        return json(200, {
          secret: SECRET,
          uri: `otpauth://totp/Playhouse:agent%40staff.example?secret=${SECRET}&issuer=Playhouse`,
          account: 'agent@staff.example',
        });
      }
      if (path.endsWith('/spa/auth/staff/totp')) {
        attempts += 1;
        const { code } = JSON.parse(String(init?.body)) as { code: string };
        if (code !== '123456') {
          return json(401, { error: { code: 'invalid_totp_code', message: 'wrong' }, requestId: 'r' });
        }
        return json(200, { user: STAFF_USER });
      }
      return json(200, {
        mainBalance: { balance: '0.00', ajaxRefreshRoute: '/m' },
        bonusBalance: { balance: '0.00', ajaxRefreshRoute: '/b' },
        code: 'EUR',
        flipBalances: false,
      });
    });
    const { store } = renderWithProviders(<StaffSignIn lng="en" fields={FIELDS} next="/staff/chat" />);
    signInWithPassword();

    const heading = await screen.findByRole('heading', { name: 'Set up two-step sign-in' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await screen.findByRole('img', { name: 'QR code to add agent@staff.example to an authenticator app' });
    screen.getByText(SECRET);

    const code = screen.getByLabelText('Six-digit code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    await screen.findByText('Enter the six digits your app shows.');
    expect(attempts).toBe(0);

    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    await screen.findByText(/That code is wrong or has already been used/);
    expect(document.activeElement).toBe(code);

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    await waitFor(() => expect(store.getState().userSlice.user).toEqual(STAFF_USER));
    expect(navigationState.push).toHaveBeenCalledWith('/en/staff/chat');
  });

  it('asks an enrolled staff member for the code; an expired sign-in starts again with the password', async () => {
    fetchMock.mockImplementation(async (url) => {
      const path = String(url);
      if (path.endsWith('/spa/auth/staff/login')) return json(200, { step: 'totp', expiresAt: '2030-01-01T00:00:00Z' });
      return json(401, { error: { code: 'staff_sign_in_expired', message: 'expired' }, requestId: 'r' });
    });
    renderWithProviders(<StaffSignIn lng="en" fields={FIELDS} next="/staff/chat" />);
    signInWithPassword();
    await screen.findByRole('heading', { name: 'Enter your code' });
    expect(screen.queryByRole('img')).toBeNull();
    fireEvent.change(screen.getByLabelText('Six-digit code'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('This sign-in has expired. Sign in again with your password.');
    screen.getByLabelText('Password');
  });

  it.each(LOCALES)('%s has every staff sign-in text and a text for each staff error the screen shows', (locale) => {
    const messages = seededMessages(locale).staffAuth as { errors: Record<string, string> };
    for (const code of ['invalid_totp_code', 'staff_sign_in_expired', 'staff_sign_in_step']) {
      expect(STAFF_ERROR_CODES).toContain(code);
      expect(messages.errors[code]).toBeTruthy();
    }
    expect((seededMessages(locale).errors as Record<string, string>).staff_sign_in_required).toBeTruthy();
  });
});
