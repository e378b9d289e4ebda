import type { WithdrawalMethod } from '@playhouse/shared/contracts/cashbox';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { WithdrawalForm } from './withdrawals-view';

const BANK: WithdrawalMethod = {
  code: 'sandbox_bank',
  name: 'Bank transfer',
  kind: 'bank_transfer',
  logo: '/media/payments/bank.svg',
  min: '10.00',
  max: '5000.00',
  detailFields: ['iban', 'accountHolder'],
};

const fetchMock = vi.fn<typeof fetch>();

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const WITHDRAWAL = {
  id: '7a1b5c3e-1111-4222-8333-944445555666',
  status: 'pending',
  method: 'sandbox_bank',
  amount: '50.00',
  currency: 'EUR',
  details: { iban: 'DE89370400440532013000', accountHolder: 'Ada Player' },
  reason: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  approvedAt: null,
  paidAt: null,
  rejectedAt: null,
};

function fillIn() {
  fireEvent.change(screen.getByLabelText('Amount (EUR)'), { target: { value: '50' } });
  fireEvent.change(screen.getByLabelText('IBAN'), { target: { value: 'DE89370400440532013000' } });
  fireEvent.change(screen.getByLabelText('Account holder'), { target: { value: 'Ada Player' } });
  fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
}

describe('the withdrawal form while a bonus is being wagered', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('asks before giving the bonus up, and withdraws with the confirmation', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ error: { code: 'withdrawal_forfeits_bonus', message: 'confirm' }, requestId: 'r1' }, 409),
    );
    fetchMock.mockResolvedValueOnce(json({ withdrawal: WITHDRAWAL }, 201));
    const onRequested = vi.fn();
    renderWithProviders(<WithdrawalForm lng="en" currency="EUR" methods={[BANK]} onRequested={onRequested} />);
    fillIn();

    const dialog = await screen.findByRole('alertdialog', { name: 'Withdrawing gives up your bonus' });
    expect(dialog.textContent).toContain('the bonus money left on your bonus balance is removed');
    // The safe answer has the focus; nothing was requested yet.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep my bonus' })));
    expect(onRequested).not.toHaveBeenCalled();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).not.toHaveProperty('forfeitBonus');

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw and give up the bonus' }));
    await waitFor(() => expect(onRequested).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/spa/cashbox/withdrawals');
    expect(JSON.parse(String(init?.body))).toMatchObject({ method: 'sandbox_bank', forfeitBonus: true });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText('Your withdrawal of €50.00 is waiting for review.')).toBeTruthy();
  });

  it('keeps the bonus when the player says so, and requests nothing', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ error: { code: 'withdrawal_forfeits_bonus', message: 'confirm' }, requestId: 'r1' }, 409),
    );
    const onRequested = vi.fn();
    renderWithProviders(<WithdrawalForm lng="en" currency="EUR" methods={[BANK]} onRequested={onRequested} />);
    fillIn();
    fireEvent.click(await screen.findByRole('button', { name: 'Keep my bonus' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onRequested).not.toHaveBeenCalled();
  });
});
