import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SWRConfig } from 'swr';
import '@playhouse/shared/contracts/staff';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import { StaffAccounts } from './staff-accounts';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

const account = (id: number, username: string, extra: object = {}) => ({
  id,
  email: `${username}@staff.example`,
  username,
  status: 'active',
  roles: ['support'],
  totpEnabled: true,
  createdBy: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...extra,
});

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
let items: ReturnType<typeof account>[];
let invitations: object[];

function renderScreen(canManage = true) {
  return renderWithProviders(
    <SWRConfig value={{ provider: () => new Map() }}>
      <StaffAccounts canManage={canManage} meId={1} />
    </SWRConfig>,
  );
}

describe('StaffAccounts', () => {
  beforeEach(() => {
    navigationState.reset('/en/staff/accounts');
    items = [account(1, 'boss', { roles: ['admin'] }), account(2, 'agent')];
    invitations = [];
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      if (path === '/spa/staff/accounts' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { email: string; username?: string; roles: string[] };
        const invitation = {
          id: '5f0c8a4e-1b2c-4d3e-8f9a-0b1c2d3e4f5a',
          email: body.email,
          username: body.username ?? null,
          roles: body.roles,
          status: 'sent',
          invitedBy: 1,
          approvedBy: null,
          createdAt: '2026-11-27T10:00:00.000Z',
          expiresAt: '2026-11-30T10:00:00.000Z',
        };
        // A role touching money or players is a request a second admin approves; content goes out at once.
        if (body.roles.includes('content')) {
          invitations.push(invitation);
          return json(201, { invitation });
        }
        return json(202, {
          request: {
            id: '6a1d9b5f-2c3d-4e4f-9a0b-1c2d3e4f5a6b',
            kind: 'staff_invitation',
            status: 'pending',
            subject: null,
            payload: { email: body.email, roles: body.roles },
            requestedBy: 1,
            requestedAt: '2026-11-27T10:00:00.000Z',
            decidedBy: null,
            decidedAt: null,
            decisionReason: null,
            result: null,
          },
        });
      }
      if (path === '/spa/staff/accounts') return json(200, { items });
      if (path === '/spa/staff/accounts/invitations') return json(200, { items: invitations });
      if (path.startsWith('/spa/staff/accounts/requests'))
        return json(200, { items: [], page: 1, perPage: 100, total: 0 });
      if (path === '/spa/staff/accounts/2/block') {
        items[1] = { ...items[1]!, status: 'blocked' };
        return json(200, { account: items[1] });
      }
      return json(404, { error: { code: 'not_found', message: 'Not found.' }, requestId: 'r' });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('lists staff with roles, status and whether the second factor is set up', async () => {
    renderScreen(false);
    const table = await screen.findByRole('table', { name: 'Staff accounts' });
    await within(table).findByText('agent');
    const agent = within(table).getByRole('row', { name: /agent@staff\.example/ });
    expect(
      within(agent)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Support', 'Active', 'Set up', 'Nov 1, 2026']);
    // Reading is not managing: no form, no actions.
    expect(screen.queryByRole('region', { name: 'Invite a staff member' })).toBeNull();
    expect(screen.queryByText('Manage agent')).toBeNull();
  });

  it('invites with a role only, never with a password; money roles wait for a second admin', async () => {
    renderScreen();
    const form = await screen.findByRole('region', { name: 'Invite a staff member' });
    expect(within(form).queryByLabelText(/password/i)).toBeNull();
    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'newbie@staff.example' } });
    fireEvent.change(within(form).getByLabelText('Username (optional)'), { target: { value: 'newbie' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect(await within(form).findByText('Choose at least one role.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.click(within(form).getByRole('checkbox', { name: 'Risk' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect(
      await screen.findByText(
        'The invitation of newbie@staff.example waits for a second admin; it is sent once they approve.',
      ),
    ).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      email: 'newbie@staff.example',
      username: 'newbie',
      roles: ['risk'],
      locale: 'en',
    });

    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'editor@staff.example' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Content' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('The invitation is on its way to editor@staff.example.')).toBeTruthy();
    const invited = await screen.findByRole('table', { name: 'Invitations not yet accepted' });
    expect(within(invited).getByRole('row', { name: /editor@staff\.example/ })).toBeTruthy();
  });

  it('blocks with a reason only', async () => {
    renderScreen();
    const row = await screen.findByRole('row', { name: /agent@staff\.example/ });
    fireEvent.click(within(row).getByText('Manage agent'));
    const block = within(row).getByRole('button', { name: 'Block' });
    expect((block as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(row).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'left us' } });
    fireEvent.click(block);
    expect(await within(row).findByText('The account is blocked and signed out.')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/block'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ reason: 'left us' });
    await waitFor(() => expect(within(row).getAllByRole('cell')[1]!.textContent).toBe('Blocked'));
  });
});
