import { fireEvent, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { browserApi } from '@/lib/browser-api';
import { renderWithProviders } from '@/test/render';
import { SecondFactorDialog } from './second-factor-dialog';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const stale = () =>
  json(403, { error: { code: 'fresh_second_factor_required', message: 'Enter a code.' }, requestId: 'r1' });
const approve = () =>
  browserApi('/spa/staff/withdrawals/w1/approve', z.object({ ok: z.boolean() }), {
    method: 'POST',
    idempotencyKey: 'key-1',
  });

describe('SecondFactorDialog', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('asks for a fresh code when the api wants one, then sends the refused request again', async () => {
    fetchMock
      .mockImplementationOnce(async () => stale())
      .mockImplementationOnce(async () =>
        json(401, { error: { code: 'invalid_totp_code', message: 'Wrong.' }, requestId: 'r2' }),
      )
      .mockImplementationOnce(async () => json(200, { secondFactorAt: new Date().toISOString() }))
      .mockImplementationOnce(async () => json(200, { ok: true }));
    renderWithProviders(<SecondFactorDialog lng="en" />);
    const done = approve();

    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your authenticator' });
    const input = screen.getByLabelText('Six-digit code');
    // The dialog moves focus in an effect, which may run a moment after the dialog is in the document.
    await waitFor(() => expect(document.activeElement).toBe(input));
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the six digits your app shows.')).toBeTruthy();

    fireEvent.change(input, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/That code is wrong or has already been used/)).toBeTruthy();
    fireEvent.change(input, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    await expect(done).resolves.toEqual({ ok: true });
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    const calls = fetchMock.mock.calls.map(([url, init]) => [String(url), init?.method, init?.body]);
    expect(calls[1]).toEqual(['/spa/auth/staff/second-factor', 'POST', JSON.stringify({ code: '123456' })]);
    expect(calls[3]![0]).toBe('/spa/staff/withdrawals/w1/approve');
    // The same gesture: the retry carries the same idempotency key.
    expect(fetchMock.mock.calls[3]![1]?.headers).toMatchObject({ 'Idempotency-Key': 'key-1' });
  });

  it('leaves the refusal to the screen when the member cancels', async () => {
    fetchMock.mockImplementationOnce(async () => stale());
    renderWithProviders(<SecondFactorDialog lng="en" />);
    const done = approve();
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(done).rejects.toBeInstanceOf(ApiError);
    await expect(done).rejects.toMatchObject({ code: 'fresh_second_factor_required' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('outside the back office (no dialog) the refusal stands', async () => {
    fetchMock.mockImplementationOnce(async () => stale());
    await expect(approve()).rejects.toMatchObject({ code: 'fresh_second_factor_required' });
  });
});
