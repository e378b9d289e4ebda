import { fireEvent, screen, within } from '@testing-library/react';
import type { StaffWithdrawalDetail } from '@playhouse/shared/contracts/back-office-money';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SWRConfig } from 'swr';
import { ApiError } from '@/lib/api-error';
import { renderWithProviders } from '@/test/render';
import { WithdrawalDetail } from './withdrawal-detail';

const api = vi.hoisted(() => ({ fetchWithdrawalDetail: vi.fn(), decideWithdrawal: vi.fn() }));
vi.mock('@/lib/back-office/money-api', () => api);

const ID = '0b7c6f1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e';

function detail(overrides: Partial<StaffWithdrawalDetail['withdrawal']> = {}): StaffWithdrawalDetail {
  return {
    withdrawal: {
      id: ID,
      status: 'approved',
      method: 'sandbox_bank',
      amount: '40.00',
      currency: 'EUR',
      details: { iban: 'DE89370400440532013000', accountHolder: 'Ada Lovelace' },
      reason: null,
      createdAt: '2026-11-25T08:00:00.000Z',
      approvedAt: '2026-11-25T08:05:00.000Z',
      paidAt: null,
      rejectedAt: null,
      userId: 7,
      login: 'ada@example.com',
      reviewedBy: 2,
      approvedBy: 2,
      paidBy: null,
      heldAt: null,
      ...overrides,
    },
    player: { id: 7, email: 'ada@example.com', username: 'ada', currency: 'EUR', mainBalance: '60.00' },
    approvedBy: { id: 2, login: 'finance2@playhouse.example' },
    paidBy: null,
    rejectedBy: null,
    history: [
      { event: 'requested', at: '2026-11-25T08:00:00.000Z', actor: null, reason: null },
      {
        event: 'approved',
        at: '2026-11-25T08:05:00.000Z',
        actor: { id: 2, login: 'finance2@playhouse.example' },
        reason: null,
      },
    ],
  };
}

function renderDetail() {
  return renderWithProviders(
    <SWRConfig value={{ provider: () => new Map() }}>
      <WithdrawalDetail lng="en" id={ID} />
    </SWRConfig>,
  );
}

describe('WithdrawalDetail', () => {
  beforeEach(() => {
    api.fetchWithdrawalDetail.mockReset();
    api.decideWithdrawal.mockReset();
  });

  it('names the player, the member who approved and the history, and offers to pay an approved withdrawal', async () => {
    api.fetchWithdrawalDetail.mockResolvedValue(detail());
    renderDetail();
    expect(await screen.findByText('€40.00')).toBeTruthy();
    expect(screen.getByText('ada (ada@example.com, #7)')).toBeTruthy();
    const history = screen.getByRole('region', { name: 'History' });
    expect(
      within(history)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'WhenWhat happenedWhoReason',
      expect.stringMatching(/RequestedThe player$/),
      expect.stringMatching(/Approvedfinance2@playhouse\.example$/),
    ]);
    expect(screen.getByRole('button', { name: 'Mark as paid' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('shows the refusal text when the api refuses (the member who approved cannot pay)', async () => {
    api.fetchWithdrawalDetail.mockResolvedValue(detail());
    api.decideWithdrawal.mockRejectedValue(new ApiError(403, 'four_eyes_required', 'refused'));
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as paid' }));
    expect(await screen.findByText(/^Four eyes: a second staff member has to do this/)).toBeTruthy();
    expect(api.decideWithdrawal).toHaveBeenCalledWith('en', ID, 'pay', undefined);
  });

  it('asks for a reason before rejecting, then sends it', async () => {
    api.fetchWithdrawalDetail.mockResolvedValue(detail({ status: 'pending', approvedBy: null, approvedAt: null }));
    api.decideWithdrawal.mockResolvedValue({});
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(screen.getByText('Give a reason of at least 3 characters.')).toBeTruthy();
    expect(api.decideWithdrawal).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Reason for rejecting'), { target: { value: 'name does not match' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText("Rejected. The money is back on the player's main balance.")).toBeTruthy();
    expect(api.decideWithdrawal).toHaveBeenCalledWith('en', ID, 'reject', 'name does not match');
  });
});
