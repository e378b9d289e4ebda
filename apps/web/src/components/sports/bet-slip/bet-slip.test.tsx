import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bet } from '@playhouse/shared/contracts/sports';
import { ApiError } from '@/lib/api-error';
import { slipStore } from '@/lib/sports/bet-slip-store';
import { placeBet } from '@/lib/sports/sports-api';
import { EMPTY_SLIP } from '@/lib/sports/bet-slip';
import { makeStore } from '@/store/store';
import { login } from '@/store/user-slice';
import { renderWithProviders } from '@/test/render';
import { BetSlip } from './bet-slip';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);
vi.mock('@/lib/sports/sports-api', () => ({
  placeBet: vi.fn(),
  fetchOddType: vi.fn(() => new Promise(() => undefined)),
  saveOddType: vi.fn(),
}));

const PICK = {
  outcomeId: 501,
  matchId: 77,
  matchDateTimeUTC: Date.now() + 3_600_000,
  teams: ['Lions', 'Tigers'] as [string, string],
  betName: 'Match result',
  label: '1',
  odd: 1.43,
};
const BET: Bet = {
  id: 'bet-1',
  kind: 'single',
  status: 'open',
  stake: '50.00',
  currency: 'EUR',
  totalOdd: 1.43,
  potentialPayout: '71.50',
  payout: null,
  oddsChangePolicy: 'none',
  placedAt: new Date().toISOString(),
  settledAt: null,
  selections: [],
  funding: { stake: { cash: '50.00', bonus: '0.00', freeSpin: '0.00' }, payout: null },
};
const lostAnswer = () => new ApiError(0, 'network_error', 'Failed to fetch');

/** The idempotency key of each bet placement the slip sent. */
const keysSent = () => vi.mocked(placeBet).mock.calls.map(([, , key]) => key);

function renderSlip() {
  const store = makeStore();
  store.dispatch(login({ id: 7, username: 'ada', currency: 'EUR' }));
  return renderWithProviders(<BetSlip lng="en" returnTo="/en" />, { store });
}

describe('the bet slip: one submission, one key', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    act(() => slipStore.update(() => ({ ...EMPTY_SLIP, selections: [PICK], stake: '50.00' })));
  });
  afterEach(() => {
    vi.mocked(placeBet).mockReset();
    act(() => slipStore.update(() => EMPTY_SLIP));
  });

  it('sends the same key again after a lost answer, so the api places the bet once', async () => {
    vi.mocked(placeBet).mockRejectedValueOnce(lostAnswer());
    renderSlip();
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).not.toBe(''));
    vi.mocked(placeBet).mockResolvedValueOnce(BET);
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    await screen.findByText(/Your bet is placed\./);
    const keys = keysSent();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('keeps the key of an unanswered submission across a reload of the page', async () => {
    vi.mocked(placeBet).mockRejectedValueOnce(lostAnswer());
    const first = renderSlip();
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).not.toBe(''));
    first.unmount();
    vi.mocked(placeBet).mockResolvedValueOnce(BET);
    renderSlip();
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    await screen.findByText(/Your bet is placed\./);
    const keys = keysSent();
    expect(keys[1]).toBe(keys[0]);
  });

  it('makes a new key for a different submission and after an answered one', async () => {
    vi.mocked(placeBet).mockRejectedValueOnce(new ApiError(409, 'insufficient_funds', 'No.'));
    renderSlip();
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).not.toBe(''));
    // Answered (refused): sending it again is a new submission, which the api judges afresh.
    vi.mocked(placeBet).mockResolvedValueOnce(BET);
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    await screen.findByText(/Your bet is placed\./);
    await waitFor(() => expect(keysSent()).toHaveLength(2));
    const keys = keysSent();
    expect(keys[1]).not.toBe(keys[0]);
  });
});
