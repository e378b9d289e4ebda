import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { MoneyPending, MoneyTableSection } from './money-table';

describe('MoneyTableSection', () => {
  it('names the scrollable table by its heading and right-aligns the numeric columns', () => {
    renderWithProviders(
      <MoneyTableSection title="History" hint="Newest first." columns={['When', { label: 'Amount', numeric: true }]}>
        <tr>
          <td>Today</td>
          <td>1.00</td>
        </tr>
      </MoneyTableSection>,
    );
    const region = screen.getByRole('region', { name: 'History' });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('columnheader', { name: 'Amount' }).className).toMatch(/number/);
    expect(within(region).getByRole('cell', { name: 'Today' })).toBeTruthy();
    expect(screen.getByText('Newest first.')).toBeTruthy();
  });

  it('shows what it is given instead of the table', () => {
    renderWithProviders(
      <MoneyTableSection title="Webhooks" columns={['When']} instead={<p>None yet.</p>}>
        {null}
      </MoneyTableSection>,
    );
    expect(screen.getByText('None yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('MoneyPending', () => {
  it('says it is loading, or that loading failed with a retry', () => {
    const onRetry = vi.fn();
    const { rerender } = renderWithProviders(<MoneyPending failed={false} onRetry={onRetry} />);
    expect(screen.getByRole('status')).toBeTruthy();
    rerender(<MoneyPending failed onRetry={onRetry} />);
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button'));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
