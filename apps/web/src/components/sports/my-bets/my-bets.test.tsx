import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Bet } from '@playhouse/shared/contracts/sports';
import { fetchBets } from '@/lib/sports/sports-api';
import { renderWithProviders } from '@/test/render';
import { MyBets } from './my-bets';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);
vi.mock('@/lib/sports/sports-api', () => ({
  fetchBets: vi.fn(),
  fetchOddType: vi.fn(() => new Promise(() => undefined)),
  saveOddType: vi.fn(),
}));

const bet = (overrides: Partial<Bet>): Bet => ({
  id: 'bet-1',
  kind: 'single',
  status: 'won',
  stake: '5.00',
  currency: 'EUR',
  totalOdd: 2.2,
  potentialPayout: '11.00',
  payout: '11.00',
  oddsChangePolicy: 'none',
  placedAt: new Date().toISOString(),
  settledAt: new Date().toISOString(),
  selections: [],
  funding: {
    stake: { cash: '3.00', bonus: '2.00', freeSpin: '0.00' },
    payout: { cash: '0.00', bonus: '11.00', bonusPool: '0.00', withheld: '0.00' },
  },
  ...overrides,
});

describe('My bets: the split of each bet', () => {
  it('shows how each stake was paid and where its payout went, as recorded', async () => {
    vi.mocked(fetchBets).mockResolvedValue({
      items: [bet({}), bet({ id: 'bet-2', status: 'open', payout: null, funding: null })],
      total: 2,
      page: 1,
      perPage: 20,
    });
    renderWithProviders(<MyBets lng="en" initialFilter={null} />);
    // Two cards (their selection lists are empty here).
    const [settled, open] = await screen.findAllByRole('listitem');
    expect(settled!.textContent).toContain('€3.00 cash and €2.00 bonus money');
    expect(settled!.textContent).toContain('Paid out€11.00 bonus money');
    // A bet without a record of its money shows no split rather than a guessed one.
    expect(open!.textContent).not.toContain('cash and');
  });
});
