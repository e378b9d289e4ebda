import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import { choiceFilter, currencyFilter, periodFilters, TableFilters, yesNoFilter } from './table-filters';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

/** The address the filters asked the router to show. */
const lastAddress = () => new URL(navigationState.replace.mock.calls.at(-1)![0], 'http://x');

describe('TableFilters', () => {
  afterEach(() => navigationState.reset());

  it('puts the search first and builds each select from its helper, every choice after "any"', () => {
    navigationState.reset('/en/staff/things', 'held=true');
    renderWithProviders(
      <TableFilters
        label="Filter the things"
        search="Search"
        fields={[
          choiceFilter('status', 'Status', ['open', 'closed'] as const, (status) => status.toUpperCase()),
          yesNoFilter('held', 'Held', 'Yes', 'No'),
          currencyFilter('Currency'),
          ...periodFilters('From', 'To'),
        ]}
      />,
    );
    const form = screen.getByRole('search', { name: 'Filter the things' });
    const labels = within(form)
      .getAllByText(/./, { selector: 'label > span' })
      .map((label) => label.textContent);
    expect(labels).toEqual(['Search', 'Status', 'Held', 'Currency', 'From', 'To']);
    expect(screen.getByLabelText('Search').getAttribute('type')).toBe('search');
    const status = within(screen.getByLabelText('Status'));
    expect(status.getAllByRole('option').map((option) => option.textContent)).toEqual(['Any', 'OPEN', 'CLOSED']);
    expect((screen.getByLabelText('Held') as HTMLSelectElement).value).toBe('true');
    expect(within(screen.getByLabelText('Currency')).getByRole('option', { name: 'EUR' })).toBeTruthy();
    expect(screen.getByLabelText('From').getAttribute('type')).toBe('date');
  });

  it('writes the search and the choices into the address', () => {
    navigationState.reset('/en/staff/things', '');
    renderWithProviders(
      <TableFilters label="Filter the things" search="Search" fields={[yesNoFilter('held', 'Held', 'Yes', 'No')]} />,
    );
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' ada ' } });
    fireEvent.change(screen.getByLabelText('Held'), { target: { value: 'false' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(lastAddress().searchParams.get('q')).toBe('ada');
    expect(lastAddress().searchParams.get('held')).toBe('false');
  });
});
