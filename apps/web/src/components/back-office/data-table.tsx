'use client';

import type { StaffPageQuery } from '@playhouse/shared/staff/paging';
import { STAFF_PAGE_SIZE_DEFAULT } from '@playhouse/shared/staff/paging';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import { useId, useMemo, type ReactNode } from 'react';
import useSWR from 'swr';
import { LoadError } from '@/components/ui/load-error';
import { csvExportHref, type TableQuery } from '@/lib/back-office/office-api';
import { Pager } from './pager';
import { SWR_OPTIONS } from '@/lib/swr-options';
import buttons from '@/components/ui/button.module.css';
import styles from './data-table.module.css';
import { useTableQuery } from './use-table-query';
import layout from '@/components/ui/layout.module.css';

export interface DataColumn<Row> {
  /** The column's id, also its sort key in the api's whitelist when `sortable`. */
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  /** Figures align to the end, so digits line up. */
  numeric?: boolean;
}

export interface TablePage<Row> {
  items: Row[];
  total: number;
  page: number;
  pageSize: number;
}

type DataTableProps<Row> = {
  /** Names the table (its caption) and the scrollable region around it. */
  caption: string;
  columns: DataColumn<Row>[];
  /** One page of rows for the URL state (`query` holds page, pageSize, sort, dir, q and the screen's filters). */
  fetchPage: (query: TableQuery) => Promise<TablePage<Row>>;
  /** Caches answers per screen: a short name unique to the screen's list, e.g. 'audit'. */
  cacheKey: string;
  rowKey: (row: Row) => string | number;
  /** The api path of the list: when given, a link downloads the whole filtered result as CSV. */
  csvPath?: string;
  /** The sort when the address names none (the api's default should be the same). */
  defaultSort?: { sort: string; dir: StaffPageQuery['dir'] };
};

const PAGE_SIZES = [10, 25, 50, 100];

/**
 * A back-office list: the server pages, sorts and filters (@tanstack/react-table in manual mode), the view lives in
 * the address (a link shows the same view), sortable headers are buttons with aria-sort, and the whole filtered
 * result downloads as CSV.
 */
export function DataTable<Row>({
  caption,
  columns,
  fetchPage,
  cacheKey,
  rowKey,
  csvPath,
  defaultSort,
}: DataTableProps<Row>) {
  const t = useTranslations('backOffice.table');
  const captionId = useId();
  const { query, update } = useTableQuery();
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    ['back-office', cacheKey, JSON.stringify(query)],
    () => fetchPage(query),
    { ...SWR_OPTIONS, keepPreviousData: true },
  );
  const page = Number(query.page ?? 1) || 1;
  const pageSize = Number(query.pageSize ?? STAFF_PAGE_SIZE_DEFAULT) || STAFF_PAGE_SIZE_DEFAULT;
  const sort = query.sort ?? defaultSort?.sort;
  const dir = query.dir ?? defaultSort?.dir ?? 'desc';
  const sorting: SortingState = sort ? [{ id: sort, desc: dir === 'desc' }] : [];
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  const columnDefs = useMemo<ColumnDef<Row>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        // The server sorts; an accessor only makes the column sortable to the table.
        accessorFn: () => null,
        cell: (context) => column.cell(context.row.original),
        enableSorting: column.sortable === true,
        meta: { numeric: column.numeric === true },
      })),
    [columns],
  );
  // The compiler leaves this component unmemoized (the table's functions change with its state): that is intended.
  // eslint-disable-next-line react-hooks/incompatible-library -- the maintained table library's documented hook
  const table = useReactTable({
    data: data?.items ?? [],
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(rowKey(row)),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableSortingRemoval: false,
    sortDescFirst: false,
    rowCount: total,
    state: { sorting, pagination: { pageIndex: page - 1, pageSize } },
    onSortingChange: (updater: Updater<SortingState>) => {
      const [next] = typeof updater === 'function' ? updater(sorting) : updater;
      if (next) update({ sort: next.id, dir: next.desc ? 'desc' : 'asc', page: undefined });
    },
  });

  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);

  return (
    <div className={styles.table}>
      <div className={layout.spread}>
        <p className={styles.summary} role="status">
          {isLoading ? t('loading') : t('summary', { from, to, total })}
        </p>
        {csvPath ? (
          <a className={buttons.secondary} href={csvExportHref(csvPath, query)} download>
            {t('exportCsv')}
          </a>
        ) : null}
      </div>
      {error ? <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void mutate()} /> : null}
      <div className={styles.scroll} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table aria-busy={isValidating}>
          <caption id={captionId}>{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const numeric = (header.column.columnDef.meta as { numeric?: boolean } | undefined)?.numeric;
                  const sorted = header.column.getIsSorted();
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={numeric ? styles.numeric : undefined}
                      aria-sort={
                        header.column.getCanSort()
                          ? sorted === 'asc'
                            ? 'ascending'
                            : sorted === 'desc'
                              ? 'descending'
                              : 'none'
                          : undefined
                      }
                    >
                      {header.column.getCanSort() ? (
                        <button type="button" className={styles.sort} onClick={header.column.getToggleSortingHandler()}>
                          {label}
                          <span aria-hidden="true" className={styles.arrow}>
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => {
                  const numeric = (cell.column.columnDef.meta as { numeric?: boolean } | undefined)?.numeric;
                  return (
                    <td key={cell.id} className={numeric ? styles.numeric : undefined}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  );
                })}
              </tr>
            ))}
            {data && data.items.length === 0 ? (
              <tr>
                <td colSpan={columns.length}>{t('empty')}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <Pager
        className={styles.pager}
        label={t('pagination', { caption })}
        page={page}
        pages={pages}
        onPage={(next) => update({ page: String(next) })}
      >
        <label className={styles.size}>
          {t('rowsPerPage')}
          <select value={pageSize} onChange={(event) => update({ pageSize: event.target.value })}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      </Pager>
    </div>
  );
}
