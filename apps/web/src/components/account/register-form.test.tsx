import type { FormField } from '@playhouse/shared/contracts/accounts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import { RegisterForm, registerBody } from './register-form';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);
// The ALTCHA widget solves real proof-of-work in the browser's workers: the e2e suite runs it in Chromium; here the
// form gets its payload from a stand-in, and must renew it after a refusal.
const altcha = vi.hoisted(() => ({ take: vi.fn(async () => 'ALTCHA-PAYLOAD'), renew: vi.fn() }));
vi.mock('./use-altcha', () => ({ useAltcha: () => ({ widget: null, take: altcha.take, renew: altcha.renew }) }));

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
    altcha.renew.mockReset();
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

  it('sends the form with the captcha payload, then asks the visitor to open the e-mailed link', async () => {
    fetchMock.mockImplementation(async () => json(202, { accepted: true }));
    const { store } = renderWithProviders(<RegisterForm lng="en" fields={FIELDS} next="/cashbox" />);
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('ada@example.com');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/spa\/users$/);
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      email: 'ada@example.com',
      username: 'ada_l',
      phone: '+4915123456789',
      country: 'DE',
      currency: 'EUR',
      dateOfBirth: '1990-04-12',
      termsAccepted: true,
      captcha: 'ALTCHA-PAYLOAD',
    });
    expect(body).not.toHaveProperty('promoCode');
    expect(init?.headers).toMatchObject({ 'X-Locale': 'en' });
    // Nobody is signed in yet: the account exists once the link is used, which then goes on to the cashbox.
    expect(store.getState().userSlice.user).toBeNull();
    expect(localStorage.getItem('playhouse.afterConfirmation')).toBe('/cashbox');
  });

  it('shows what the api refused next to its field, translated, and the code above the form', async () => {
    fetchMock.mockImplementation(async () => {
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
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }));
    expect(await screen.findByText('Geben Sie eine gültige Telefonnummer ein.')).toBeTruthy();
    expect(
      screen.getByText('Geben Sie Ihr echtes Geburtsdatum ein; Sie müssen mindestens 18 Jahre alt sein.'),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Einige Ihrer Angaben sind ungültig.');
    expect(screen.getByLabelText('Phone number').getAttribute('aria-invalid')).toBe('true');
    expect(altcha.renew).toHaveBeenCalledTimes(1);
  });

  it('checks the fields first and sends nothing while one is wrong', async () => {
    renderWithProviders(<RegisterForm lng="en" fields={FIELDS} next="/" />);
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThan(0);
    expect(screen.getByText('Please accept to continue.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail address'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/spa/users'))).toBe(false);
  });

  it('starts on the country the edge located the visitor in (GEO_IPCOUNTRY), the phone field too', async () => {
    renderWithProviders(<RegisterForm lng="en" fields={FIELDS} next="/" countryGuess="GB" />);
    await waitFor(() => expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('GB'));
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('+44');
  });

  it('ignores a located country the form does not offer', async () => {
    renderWithProviders(<RegisterForm lng="en" fields={FIELDS} next="/" countryGuess="MT" />);
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).not.toBe('MT');
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('');
  });
});
