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

function renderScreen(canManage = true) {
  return renderWithProviders(
    <SWRConfig value={{ provider: () => new Map() }}>
      <StaffAccounts canManage={canManage} />
    </SWRConfig>,
  );
}

describe('StaffAccounts', () => {
  beforeEach(() => {
    navigationState.reset('/en/staff/accounts');
    items = [account(1, 'boss', { roles: ['admin'] }), account(2, 'agent')];
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      if (path === '/spa/staff/accounts' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { email: string; username?: string; roles: string[] };
        const created = account(3, body.username ?? 'new', {
          email: body.email,
          roles: body.roles,
          totpEnabled: false,
        });
        items.push(created);
        return json(201, { account: created });
      }
      if (path === '/spa/staff/accounts') return json(200, { items });
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
    expect(screen.queryByRole('region', { name: 'New staff account' })).toBeNull();
    expect(screen.queryByText('Manage agent')).toBeNull();
  });

  it('creates an account only with a role, and shows it waiting for its second factor', async () => {
    renderScreen();
    const form = await screen.findByRole('region', { name: 'New staff account' });
    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'newbie@staff.example' } });
    fireEvent.change(within(form).getByLabelText('Username (optional)'), { target: { value: 'newbie' } });
    fireEvent.change(within(form).getByLabelText('First password'), { target: { value: 'a long passphrase' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create the account' }));
    expect(await within(form).findByText('Choose at least one role.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.click(within(form).getByRole('checkbox', { name: 'Risk' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Create the account' }));
    expect(
      await screen.findByText('newbie@staff.example can now sign in; the first sign-in sets up the second factor.'),
    ).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      email: 'newbie@staff.example',
      username: 'newbie',
      password: 'a long passphrase',
      roles: ['risk'],
    });
    const row = await screen.findByRole('row', { name: /newbie@staff\.example/ });
    expect(within(row).getByText('Not set up yet')).toBeTruthy();
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
