import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import { StaffInvitation } from './staff-invitation';
import { testUser } from '@/test/user-fixtures';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

const TOKEN = 'a'.repeat(43);
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const USER = testUser({
  id: 9,
  login: 'agent@staff.example',
  username: 'agent',
  email: 'agent@staff.example',
  country: null,
  role: 'staff',
  createdAt: '2026-11-27T10:00:00.000Z',
});
const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('StaffInvitation', () => {
  beforeEach(() => {
    navigationState.reset('/en/staff/invitation');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("shows the roles and the key to scan; the invitee's own password and a code sign them in", async () => {
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      if (path.endsWith('/spa/auth/staff/invitation')) {
        return json(200, {
          email: 'agent@staff.example',
          username: null,
          roles: ['support'],
          expiresAt: '2026-11-30T10:00:00.000Z',
          totp: {
            secret: SECRET,
            uri: `otpauth://totp/Playhouse:agent?secret=${SECRET}`,
            account: 'agent@staff.example',
          },
        });
      }
      if (path.endsWith('/spa/auth/staff/invitation/accept') && init?.method === 'POST') {
        return json(201, { user: USER });
      }
      return json(404, { error: { code: 'not_found', message: 'Not found.' }, requestId: 'r' });
    });
    renderWithProviders(<StaffInvitation lng="en" token={TOKEN} />);
    expect(await screen.findByText('Roles: Support')).toBeTruthy();
    expect(screen.getByText(SECRET)).toBeTruthy();
    expect(
      screen.getByRole('img', { name: 'QR code to add agent@staff.example to an authenticator app' }),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create my staff account' }));
    expect((await screen.findAllByText(/At least 10 characters/)).length).toBeGreaterThan(0);
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/accept'))).toBe(false);

    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'my own passphrase' } });
    fireEvent.change(screen.getByLabelText('Six-digit code'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create my staff account' }));
    await vi.waitFor(() => expect(navigationState.push).toHaveBeenCalledWith('/en/staff'));
    const accept = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/accept'))!;
    expect(JSON.parse(String(accept[1]!.body))).toEqual({
      token: TOKEN,
      password: 'my own passphrase',
      code: '123 456',
    });
  });

  it('says a used or expired link is no longer valid', async () => {
    fetchMock.mockResolvedValue(
      json(404, { error: { code: 'invitation_not_found', message: 'Not valid.' }, requestId: 'r' }),
    );
    renderWithProviders(<StaffInvitation lng="en" token={TOKEN} />);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'This invitation is not valid any more: it was used, replaced or has expired. Ask an admin for a new one.',
    );
  });
});
