import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { StaffChat } from './staff-chat';

const at = '2030-01-15T12:00:00.000Z';
const visitorMessage = {
  id: 11,
  author: 'visitor',
  staffName: null,
  text: 'Where is my bonus?',
  leftOffline: true,
  createdAt: at,
};
const summary = (overrides: Record<string, unknown> = {}) => ({
  id: 5,
  status: 'open',
  playerName: null,
  playerId: null,
  contactEmail: 'ann@example.com',
  unreadCount: 1,
  lastMessage: visitorMessage,
  createdAt: at,
  lastMessageAt: at,
  ...overrides,
});

const playerProfile = {
  id: 42,
  email: 'ann@example.com',
  username: 'ann_p',
  phone: '+491511234567',
  country: 'DE',
  currency: 'EUR',
  dateOfBirth: '1990-04-12',
  fullName: 'Ann Player',
  locale: 'en',
  timezone: null,
  promoCode: null,
  status: 'active',
  blockedReason: null,
  blockedAt: null,
  createdAt: at,
  termsAcceptedAt: at,
  tags: [],
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A tiny api: the queue, one conversation, and the staff actions on it. */
function fakeApi(conversation: Record<string, unknown> = {}) {
  let unread = 1;
  let status = 'open';
  const messages: unknown[] = [visitorMessage];
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const current = () => summary({ unreadCount: unread, status, ...conversation });
    if (url.startsWith('/spa/staff/chat/conversations?')) {
      return json(200, { conversations: url.endsWith('status=open') && status === 'open' ? [current()] : [] });
    }
    if (url === '/spa/staff/chat/conversations/5') return json(200, { conversation: current(), messages });
    if (url === '/spa/staff/chat/conversations/5/read') {
      unread = 0;
      return json(200, { conversation: current() });
    }
    if (url === '/spa/staff/chat/conversations/5/messages') {
      const reply = {
        id: 12,
        author: 'staff',
        staffName: 'anna',
        text: 'Here it is',
        leftOffline: false,
        createdAt: at,
      };
      messages.push(reply);
      return json(201, { message: reply });
    }
    if (url === '/spa/staff/players/42') return json(200, { player: playerProfile });
    if (url === '/spa/staff/chat/conversations/5/close') {
      status = 'closed';
      return json(200, { conversation: current() });
    }
    return json(404, { error: { code: 'not_found', message: 'x' }, requestId: 'r' });
  });
  return { fetchMock, calls };
}

describe('StaffChat', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(() => {
    api = fakeApi();
    vi.stubGlobal('fetch', api.fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists open conversations with unread counts, opens one, marks it read, answers and closes it', async () => {
    renderWithProviders(<StaffChat />);
    const queue = screen.getByRole('navigation', { name: 'Conversations' });
    const entry = await within(queue).findByRole('button', { name: /^Visitor #5/ });
    expect(entry.textContent).toContain('1 unread message');

    fireEvent.click(entry);
    const log = await screen.findByRole('log', { name: 'Messages' });
    await waitFor(() => expect(log.textContent).toContain('Where is my bonus?'));
    expect(log.textContent).toContain('Left while support was offline');
    expect(screen.getByText('E-mail: ann@example.com')).not.toBeNull();
    await waitFor(() => expect(entry.textContent).not.toContain('unread'));
    expect(api.calls.find((call) => call.url.endsWith('/read'))).toMatchObject({ method: 'POST', body: { upTo: 11 } });

    fireEvent.change(screen.getByLabelText('Your answer'), { target: { value: 'Here it is' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(log.textContent).toContain('Here it is'));
    expect(api.calls.find((call) => call.url.endsWith('/messages'))?.body).toEqual({ text: 'Here it is' });

    fireEvent.click(screen.getByRole('button', { name: 'Close the conversation' }));
    expect(await screen.findByText('This conversation is closed.')).not.toBeNull();
    await waitFor(() => expect(within(queue).queryByRole('button', { name: /^Visitor #5/ })).toBeNull());
    expect(within(queue).getByText('No open conversations.')).not.toBeNull();
  });

  it("shows the conversation's player beside it to a member who may read players, and to nobody else", async () => {
    vi.stubGlobal('fetch', fakeApi({ playerId: 42, playerName: 'ann_p' }).fetchMock);
    const { unmount } = renderWithProviders(
      <SWRConfig value={{ provider: () => new Map() }}>
        <StaffChat canReadPlayers />
      </SWRConfig>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /^ann_p/ }));
    const panel = await screen.findByRole('region', { name: 'Player ann_p' });
    expect(within(panel).getByText('+491511234567')).not.toBeNull();
    expect(within(panel).getByRole('link', { name: "Open the player's page" }).getAttribute('href')).toContain(
      '/staff/players/42',
    );
    unmount();

    const without = fakeApi({ playerId: 42, playerName: 'ann_p' });
    vi.stubGlobal('fetch', without.fetchMock);
    renderWithProviders(
      <SWRConfig value={{ provider: () => new Map() }}>
        <StaffChat />
      </SWRConfig>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /^ann_p/ }));
    await screen.findByRole('log', { name: 'Messages' });
    expect(screen.queryByRole('region', { name: 'Player ann_p' })).toBeNull();
    expect(without.calls.some((call) => call.url.startsWith('/spa/staff/players'))).toBe(false);
  });
});
