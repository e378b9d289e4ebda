import type { FormField } from '@playhouse/shared/contracts/accounts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import { RegisterForm, registerBody } from './register-form';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

const FIELDS: FormField[] = [
  { name: 'email', type: 'email', required: true, label: 'E-mail address', constraints: { maxLength: 254 } },
  {
    name: 'username',
    type: 'text',
    required: true,
    label: 'Username',
    constraints: { minLength: 3, maxLength: 24, pattern: '^[a-zA-Z0-9_]+$' },
  },
  { name: 'password', type: 'password', required: true, label: 'Password', constraints: { minLength: 10 } },
  { name: 'phone', type: 'tel', required: true, label: 'Phone number', constraints: { minLength: 7, maxLength: 32 } },
  {
    name: 'country',
    type: 'select',
    required: true,
    label: 'Country',
    constraints: {},
    options: [
      { value: 'DE', label: 'Germany' },
      { value: 'GB', label: 'United Kingdom' },
    ],
  },
  {
    name: 'currency',
    type: 'select',
    required: true,
    label: 'Currency',
    constraints: {},
    options: [
      { value: 'EUR', label: 'EUR · Euro' },
      { value: 'GBP', label: 'GBP · British Pound' },
    ],
  },
  {
    name: 'dateOfBirth',
    type: 'date',
    required: true,
    label: 'Date of birth',
    constraints: { min: '1900-01-01', max: '2007-06-01' },
  },
  { name: 'promoCode', type: 'text', required: false, label: 'Promo code (optional)', constraints: { maxLength: 32 } },
  { name: 'termsAccepted', type: 'checkbox', required: true, label: 'I accept the terms', constraints: {} },
];

const USER = {
  id: 9,
  login: 'ada@example.com',
  username: 'ada_l',
  email: 'ada@example.com',
  currency: 'EUR',
  country: 'DE',
  phone: '+4915123456789',
  dateOfBirth: '1990-04-12',
  locale: 'en',
  timezone: null,
  oddType: 'decimal',
  role: 'player',
  createdAt: '2025-01-01T00:00:00.000Z',
};

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function fillValidForm() {
  fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ada_l' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse battery' } });
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '+49 151 23456789' } });
  fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'DE' } });
  fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1990-04-12' } });
  fireEvent.click(screen.getByLabelText('I accept the terms'));
}

describe('RegisterForm', () => {
  beforeEach(() => {
    navigationState.reset('/en/auth/register');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('leaves an empty promo code out of the body', () => {
    expect(registerBody({ email: ' a@b.co ', promoCode: '', termsAccepted: true })).toEqual({
      email: 'a@b.co',
      termsAccepted: true,
    });
    expect(registerBody({ promoCode: 'WELCOME' })).toEqual({ promoCode: 'WELCOME' });
  });

  it('sends the form with the solved captcha, keeps the user and goes on', async () => {
    fetchMock.mockImplementation(async (url) => {
      if (String(url).endsWith('/spa/captcha/challenge')) return json(200, { token: 'tok', difficulty: 4 });
      if (String(url).endsWith('/spa/users')) return json(201, { user: USER });
      return json(200, {
        mainBalance: { balance: '0.00', ajaxRefreshRoute: '/m' },
        bonusBalance: { balance: '0.00', ajaxRefreshRoute: '/b' },
        code: 'EUR',
        flipBalances: false,
      });
    });
    const { store } = renderWithProviders(<RegisterForm lng="en" fields={FIELDS} next="/cashbox" />);
    await screen.findByText('Security check passed.');
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(store.getState().userSlice.user).toEqual(USER));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/spa/users'))!;
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      email: 'ada@example.com',
      username: 'ada_l',
      phone: '+4915123456789',
      country: 'DE',
      currency: 'EUR',
      dateOfBirth: '1990-04-12',
      termsAccepted: true,
      captcha: { token: 'tok' },
    });
    expect(body).not.toHaveProperty('promoCode');
    expect(init?.headers).toMatchObject({ 'X-Locale': 'en' });
    expect(navigationState.push).toHaveBeenCalledWith('/en/cashbox');
  });

  it('shows what the api refused next to its field, translated, and the code above the form', async () => {
    fetchMock.mockImplementation(async (url) => {
      if (String(url).endsWith('/spa/captcha/challenge')) return json(200, { token: 'tok', difficulty: 2 });
      return json(400, {
        error: {
          code: 'validation_failed',
          message: 'Some fields are invalid.',
          fields: { phone: 'Enter a valid phone number.', dateOfBirth: 'You must be at least 18 years old.' },
        },
        requestId: 'r1',
      });
    });
    renderWithProviders(<RegisterForm lng="de" fields={FIELDS} next="/" />, { locale: 'de' });
    await screen.findByText('Sicherheitsprüfung bestanden.');
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }));
    expect(await screen.findByText('Geben Sie eine gültige Telefonnummer ein.')).toBeTruthy();
    expect(
      screen.getByText('Geben Sie Ihr echtes Geburtsdatum ein; Sie müssen mindestens 18 Jahre alt sein.'),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Einige Ihrer Angaben sind ungültig.');
    expect(screen.getByLabelText('Phone number').getAttribute('aria-invalid')).toBe('true');
  });

  it('checks the fields first and sends nothing while one is wrong', async () => {
    fetchMock.mockImplementation(async () => json(200, { token: 'tok', difficulty: 2 }));
    renderWithProviders(<RegisterForm lng="en" fields={FIELDS} next="/" />);
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThan(0);
    expect(screen.getByText('Please accept to continue.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail address'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/spa/users'))).toBe(false);
  });
});
