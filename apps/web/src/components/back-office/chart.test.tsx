import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { Chart } from './chart';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

describe('Chart', () => {
  it('hides the drawing from screen readers and gives them the same figures as a table', () => {
    renderWithProviders(
      <Chart
        title="Deposits by day"
        xKey="day"
        xLabel="Day"
        series={[
          { key: 'deposits', label: 'Deposits' },
          { key: 'withdrawals', label: 'Withdrawals' },
        ]}
        data={[
          { day: '2026-11-24', deposits: 1250, withdrawals: 0 },
          { day: '2026-11-25', deposits: 300, withdrawals: 125 },
        ]}
        formatValue={(value) => `€${(value / 100).toFixed(2)}`}
      />,
    );
    const figure = screen.getByRole('figure', { name: 'Deposits by day' });
    const table = within(figure).getByRole('table', { name: 'Deposits by day, as a table' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'Deposits', 'Withdrawals']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['2026-11-24', '€12.50', '€0.00'],
      ['2026-11-25', '€3.00', '€1.25'],
    ]);
    expect(figure.querySelector('[aria-hidden="true"]')).not.toBeNull();
  });

  it('says when a period has no figures', () => {
    renderWithProviders(
      <Chart title="Bets" xKey="day" xLabel="Day" series={[{ key: 'bets', label: 'Bets' }]} data={[]} />,
    );
    expect(screen.getByText('No figures for this period.')).toBeTruthy();
  });
});
