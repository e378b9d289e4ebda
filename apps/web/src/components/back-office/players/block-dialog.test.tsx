import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { BlockDialog } from './block-dialog';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('BlockDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a reason before sending, then blocks with it', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json(200, { status: 'blocked', sessionsEnded: 2 }));
    vi.stubGlobal('fetch', fetchMock);
    const onDone = vi.fn();
    renderWithProviders(<BlockDialog playerId={7} name="ann" block onClose={() => undefined} onDone={onDone} />);
    const dialog = screen.getByRole('dialog', { name: 'Block ann' });
    fireEvent.click(screen.getByRole('button', { name: 'Block the player' }));
    expect(await screen.findByText('Give a reason of at least 3 characters.')).not.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(dialog.contains(document.activeElement)).toBe(true);

    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '  chargeback fraud  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Block the player' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/spa/staff/players/7/block');
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'chargeback fraud' });
  });

  it("shows the api's refusal in words and stays open", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        json(409, { error: { code: 'player_status_unchanged', message: 'x' }, requestId: 'r' }),
      ),
    );
    const onDone = vi.fn();
    renderWithProviders(
      <BlockDialog playerId={7} name="ann" block={false} onClose={() => undefined} onDone={onDone} />,
    );
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'cleared by the bank' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unblock the player' }));
    expect(await screen.findByText('The player already has this status.')).not.toBeNull();
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Unblock ann' })).not.toBeNull();
  });
});
