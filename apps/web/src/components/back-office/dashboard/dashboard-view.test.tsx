import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SWRConfig } from 'swr';
import '@playhouse/shared/contracts/dashboard';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import { DashboardView } from './dashboard-view';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

const zero = { bets: '0.00', wins: '0.00', ggr: '0.00', ngr: '0.00' };
const figures = (deposits: string, activePlayers: number) => ({
  deposits,
  withdrawals: '0.00',
  casino: { bets: '10.00', wins: '4.00', ggr: '6.00', ngr: '6.00' },
  sports: zero,
  bonusCost: '0.00',
  ngr: '6.00',
  activePlayers,
  newPlayers: 1,
});
const ANSWER = {
  from: '2026-11-24',
  to: '2026-11-25',
  today: '2026-11-25',
  currencies: [
    {
      currency: 'EUR',
      period: figures('1250.50', 3),
      today: figures('50.00', 1),
      days: [
        { day: '2026-11-24', ...figures('1200.50', 2) },
        { day: '2026-11-25', ...figures('50.00', 1) },
      ],
    },
    {
      currency: 'BRL',
      period: figures('300.00', 1),
      today: figures('0.00', 0),
      days: [
        { day: '2026-11-24', ...figures('300.00', 1) },
        { day: '2026-11-25', ...figures('0.00', 0) },
      ],
    },
  ],
};

const fetchMock = vi.fn<typeof fetch>();

describe('DashboardView', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async () => new Response(JSON.stringify(ANSWER), { status: 200 }));
    navigationState.reset('/en/staff/dashboard', 'from=2026-11-24&to=2026-11-25');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('asks for the period in the address and shows each currency apart, never summed together', async () => {
    renderWithProviders(
      <SWRConfig value={{ provider: () => new Map() }}>
        <DashboardView />
      </SWRConfig>,
    );
    const eur = await screen.findByRole('region', { name: 'Figures in EUR' });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/spa/staff/dashboard?from=2026-11-24&to=2026-11-25');
    const eurTable = within(eur).getByRole('table', { name: 'Today and the period in EUR' });
    const deposits = within(eurTable).getByRole('row', { name: /Deposits/ });
    expect(
      within(deposits)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['€50.00', '€1,250.50']);
    const brl = screen.getByRole('region', { name: 'Figures in BRL' });
    const brlDeposits = within(within(brl).getByRole('table', { name: 'Today and the period in BRL' })).getByRole(
      'row',
      { name: /Deposits/ },
    );
    expect(
      within(brlDeposits)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['R$0.00', 'R$300.00']);
    // The charts' figures, for screen readers, per currency too.
    expect(within(eur).getByRole('table', { name: 'Deposits and withdrawals by day, EUR, as a table' })).toBeTruthy();
    expect(screen.queryByText('€1,550.50')).toBeNull();
  });
});
