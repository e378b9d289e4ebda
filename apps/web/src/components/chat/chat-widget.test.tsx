import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ChatWidget } from './chat-widget';
import { mergeMessages } from './use-chat';

const message = (id: number, text: string, author: 'visitor' | 'staff' = 'visitor') => ({
  id,
  author,
  staffName: author === 'staff' ? 'anna' : null,
  text,
  leftOffline: false,
  createdAt: '2030-01-15T12:00:00.000Z',
});
const conversation = { id: 7, status: 'open', contactEmail: null, createdAt: '2030-01-15T12:00:00.000Z' };

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

describe('ChatWidget', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the history as plain text in a polite log and reports ready once loaded', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, {
        conversation,
        messages: [message(1, '<b>bold?</b>'), message(2, 'Hi there', 'staff')],
        staffOnline: true,
      }),
    );
    const onReady = vi.fn();
    renderWithProviders(<ChatWidget visible takeFocus onReady={onReady} onClose={vi.fn()} />);
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(log.textContent).toContain('<b>bold?</b>'));
    expect(log.querySelector('b')).toBeNull();
    expect(log.textContent).toContain('anna, support');
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Support is online.')).not.toBeNull();
    expect(screen.queryByLabelText('Your e-mail (optional)')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Your message')));
  });

  it('offers the e-mail field while nobody is online and sends it with the message', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { conversation: null, messages: [], staffOnline: false }));
    renderWithProviders(<ChatWidget visible takeFocus onReady={vi.fn()} onClose={vi.fn()} />);
    expect(await screen.findByText(/No one from support is online right now/)).not.toBeNull();
    fireEvent.change(screen.getByLabelText('Your e-mail (optional)'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: '  Call me back  ' } });
    fetchMock.mockResolvedValueOnce(
      json(201, { conversation, message: { ...message(3, 'Call me back'), leftOffline: true } }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const log = screen.getByRole('log', { name: 'Messages' });
    await waitFor(() => expect(log.textContent).toContain('Call me back'));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/spa/chat/messages');
    expect(JSON.parse(String(init?.body))).toEqual({ text: 'Call me back', email: 'ann@example.com' });
    expect(log.textContent).toContain('Left while support was offline');
    expect((screen.getByLabelText('Your message') as HTMLTextAreaElement).value).toBe('');
  });

  it('says so when messages go too fast, and keeps the text', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { conversation, messages: [], staffOnline: true }));
    renderWithProviders(<ChatWidget visible takeFocus onReady={vi.fn()} onClose={vi.fn()} />);
    const input = await screen.findByLabelText('Your message');
    await waitFor(() => expect((input as HTMLTextAreaElement).disabled).toBe(false));
    fireEvent.change(input, { target: { value: 'again' } });
    fetchMock.mockResolvedValueOnce(
      json(429, { error: { code: 'rate_limit_exceeded', message: 'slow' }, requestId: 'r' }),
    );
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You are sending messages too quickly. Please wait a moment.',
    );
    expect((input as HTMLTextAreaElement).value).toBe('again');
  });

  it('closes through onClose on Escape and on the close button', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { conversation: null, messages: [], staffOnline: true }));
    const onClose = vi.fn();
    renderWithProviders(<ChatWidget visible takeFocus={false} onReady={vi.fn()} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Support chat' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close the chat' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('offers a retry when the conversation cannot be loaded, and still reports ready', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { error: { code: 'internal', message: 'x' }, requestId: 'r' }));
    const onReady = vi.fn();
    renderWithProviders(<ChatWidget visible takeFocus onReady={onReady} onClose={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toBe('The chat could not be loaded.');
    expect(onReady).toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(json(200, { conversation: null, messages: [], staffOnline: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Support is online.')).not.toBeNull();
  });
});

describe('mergeMessages', () => {
  it('keeps one copy of each message, oldest first', () => {
    const merged = mergeMessages([message(1, 'a'), message(3, 'c')], [message(2, 'b'), message(3, 'c')]);
    expect(merged.map((item) => item.id)).toEqual([1, 2, 3]);
  });
});
