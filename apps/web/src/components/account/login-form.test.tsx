import type { FormField } from '@playhouse/shared/contracts/accounts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import { LoginForm } from './login-form';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);
// The widget's proof-of-work runs in Chromium in the e2e suite; here a stand-in says which level the form asked for.
const altcha = vi.hoisted(() => ({
  options: [] as { level?: number; enabled?: boolean }[],
  take: vi.fn(async () => 'ALTCHA-PAYLOAD'),
  renew: vi.fn(),
}));
vi.mock('./use-altcha', () => ({
  useAltcha: (_lng: string, options: { level?: number; enabled?: boolean }) => {
    altcha.options.push(options);
    return { widget: <div data-testid="captcha">captcha level {options.level}</div>, ...altcha };
  },
}));

const FIELDS: FormField[] = [
  { name: 'login', type: 'text', required: true, label: 'E-mail or username', constraints: { maxLength: 254 } },
  { name: 'password', type: 'password', required: true, label: 'Password', constraints: {} },
];

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function fillAndSend() {
  fireEvent.change(screen.getByLabelText('E-mail or username'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse battery' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginForm', () => {
  beforeEach(() => {
    navigationState.reset('/en/auth/login');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    altcha.take.mockClear();
    altcha.renew.mockReset();
    altcha.options.length = 0;
    vi.unstubAllGlobals();
  });

  it('shows no captcha until the api asks for one, then the level it named, and sends the solution with the next try', async () => {
    fetchMock.mockImplementationOnce(async () =>
      json(401, {
        error: { code: 'captcha_required', message: 'Solve it.', fields: { level: '2' } },
        requestId: 'r1',
      }),
    );
    renderWithProviders(<LoginForm lng="en" fields={FIELDS} next="/" />);
    expect(screen.queryByTestId('captcha')).toBeNull();
    expect(altcha.options.every((options) => options.enabled === false)).toBe(true);
    fillAndSend();
    expect(await screen.findByTestId('captcha')).toBeTruthy();
    expect(screen.getByTestId('captcha').textContent).toBe('captcha level 2');
    // Translated, announced above the form; the level is not a field problem.
    expect(screen.getByRole('alert').textContent).toBe('Please complete the security check below, then log in again.');
    const firstBody = JSON.parse(String(fetchMock.mock.calls[0]![1]?.body)) as Record<string, unknown>;
    expect(firstBody).not.toHaveProperty('captcha');

    fetchMock.mockImplementationOnce(async () =>
      json(200, { user: { id: 7, login: 'ada@example.com', username: 'ada', role: 'player' } }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(2));
    const secondBody = JSON.parse(String(fetchMock.mock.calls[1]![1]?.body)) as Record<string, unknown>;
    expect(secondBody).toMatchObject({ login: 'ada@example.com', captcha: 'ALTCHA-PAYLOAD' });
  });

  it('prepares a fresh captcha after a refused try once one is shown', async () => {
    fetchMock.mockImplementationOnce(async () =>
      json(401, { error: { code: 'captcha_required', message: 'Solve it.', fields: { level: '0' } }, requestId: 'r' }),
    );
    renderWithProviders(<LoginForm lng="en" fields={FIELDS} next="/" />);
    fillAndSend();
    await screen.findByTestId('captcha');
    fetchMock.mockImplementationOnce(async () =>
      json(401, { error: { code: 'invalid_credentials', message: 'Wrong.' }, requestId: 'r2' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(altcha.renew).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('alert').textContent).toBe('E-mail/username or password is incorrect.');
  });
});
