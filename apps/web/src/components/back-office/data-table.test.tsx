import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SWRConfig } from 'swr';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import type { TableQuery } from '@/lib/back-office/office-api';
import { DataTable, type DataColumn, type TablePage } from './data-table';
import { TableFilters } from './table-filters';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

type Row = { id: number; name: string; amount: string };
const COLUMNS: DataColumn<Row>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.name, sortable: true },
  { id: 'amount', header: 'Amount', cell: (row) => row.amount, sortable: true, numeric: true },
  { id: 'note', header: 'Note', cell: () => '—' },
];

const ROWS: Row[] = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, name: `player ${i + 1}`, amount: `${i}.00` }));

/** A fake api: pages ROWS as the server would, recording each query it was asked. */
const fetchPage = vi.fn(async (query: TableQuery): Promise<TablePage<Row>> => {
  const page = Number(query.page ?? 1);
  const pageSize = Number(query.pageSize ?? 25);
  const rows = query.dir === 'asc' ? ROWS : [...ROWS].reverse();
  return { items: rows.slice((page - 1) * pageSize, page * pageSize), total: ROWS.length, page, pageSize };
});

function renderTable(search = '') {
  navigationState.reset('/en/staff/things', search);
  return renderWithProviders(
    // A fresh cache per test, so each starts by asking the fake api.
    <SWRConfig value={{ provider: () => new Map() }}>
      <TableFilters label="Filter the things" fields={[{ name: 'q', label: 'Search', type: 'search' }]} />
      <DataTable
        caption="Things"
        columns={COLUMNS}
        fetchPage={fetchPage}
        cacheKey="things"
        rowKey={(row) => row.id}
        csvPath="/spa/staff/things"
      />
    </SWRConfig>,
  );
}

/** The address the table asked the router to show. */
const lastAddress = () => new URL(navigationState.replace.mock.calls.at(-1)![0], 'http://x');

describe('DataTable', () => {
  beforeEach(() => {
    fetchPage.mockClear();
  });
  afterEach(() => {
    navigationState.reset();
  });

  it('shows the page the address names and asks the api with the address’s state', async () => {
    renderTable('page=2&pageSize=10&sort=name&dir=asc&status=open');
    const table = await screen.findByRole('table', { name: 'Things' });
    await within(table).findByText('player 11');
    expect(fetchPage).toHaveBeenCalledWith({ page: '2', pageSize: '10', sort: 'name', dir: 'asc', status: 'open' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByRole('status').textContent).toContain('Rows 11–20 of 60');
    expect(screen.getByText('Page 2 of 6')).toBeTruthy();
  });

  it('makes sortable headers buttons with aria-sort, and sorting writes the address from page 1', async () => {
    renderTable('page=3&sort=name&dir=asc');
    await screen.findByText('player 51');
    const [name, amount, note] = screen.getAllByRole('columnheader') as [HTMLElement, HTMLElement, HTMLElement];
    expect(name.getAttribute('aria-sort')).toBe('ascending');
    expect(amount.getAttribute('aria-sort')).toBe('none');
    expect(note.hasAttribute('aria-sort')).toBe(false);
    expect(within(note).queryByRole('button')).toBeNull();

    fireEvent.click(within(name).getByRole('button', { name: /Name/ }));
    expect(Object.fromEntries(lastAddress().searchParams)).toEqual({ sort: 'name', dir: 'desc' });
    fireEvent.click(within(amount).getByRole('button', { name: /Amount/ }));
    expect(Object.fromEntries(lastAddress().searchParams)).toEqual({ sort: 'amount', dir: 'asc' });
  });

  it('pages forward and back through the address, and a new page size starts at page 1', async () => {
    renderTable('page=2');
    await screen.findByText('Page 2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(lastAddress().searchParams.get('page')).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(lastAddress().searchParams.get('page')).toBe('1');
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '50' } });
    expect(Object.fromEntries(lastAddress().searchParams)).toEqual({ pageSize: '50' });
  });

  it('cannot page past the last page', async () => {
    renderTable('page=3');
    await screen.findByText('Page 3 of 3');
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('applies filters into the address from page 1, and exports the same filtered view as CSV', async () => {
    renderTable('page=2&sort=amount&dir=asc&q=old');
    await screen.findByText('Page 2 of 3');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/spa/staff/things?sort=amount&dir=asc&q=old&format=csv',
    );
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect((search as HTMLInputElement).value).toBe('old');
    fireEvent.change(search, { target: { value: ' ann ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(Object.fromEntries(lastAddress().searchParams)).toEqual({ sort: 'amount', dir: 'asc', q: 'ann' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(Object.fromEntries(lastAddress().searchParams)).toEqual({ sort: 'amount', dir: 'asc' });
  });

  it('says when nothing matches, and offers to try again when the api fails', async () => {
    fetchPage.mockResolvedValueOnce({ items: [], total: 0, page: 1, pageSize: 25 });
    renderTable();
    expect(await screen.findByText('Nothing matches these filters.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('No rows');
  });

  it('shows a failed load with a retry that asks again', async () => {
    fetchPage.mockRejectedValueOnce(new Error('down'));
    renderTable('q=x');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The list could not be loaded.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
    await screen.findByText('player 60');
  });

  it('keeps the wide table in a keyboard-scrollable region named by its caption', async () => {
    renderTable();
    await screen.findByText('player 60');
    const region = screen.getByRole('region', { name: 'Things' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('navigation', { name: 'Pages of Things' })).toBeTruthy();
  });
});
