'use client';

import type { Currency } from '@playhouse/shared/money';
import type { DepositStatus, WithdrawalStatus } from '@playhouse/shared/contracts/cashbox';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { DataTable, type DataColumn, type TablePage } from '@/components/back-office/data-table';
import { choiceFilter, currencyFilter, periodFilters, TableFilters } from '@/components/back-office/table-filters';
import { Link } from '@/i18n/navigation';
import { formatDateTime, formatMoney } from '@/lib/account/money-format';
import type { TableQuery } from '@/lib/back-office/office-api';
import styles from './money.module.css';

type MoneyStatus = DepositStatus | WithdrawalStatus;

/** What a row of the money lists shows: payments and withdrawals alike. */
export interface MoneyRow {
  id: string;
  createdAt: string;
  login: string;
  amount: string;
  currency: Currency;
  method: string;
  status: MoneyStatus;
}

/**
 * A server-paged list of players' money movements (the payments, the withdrawal queue): filters in the address
 * (player, status, currency, period), sortable by date, amount and status, CSV export; each row opens its own page.
 */
export function MoneyList<Row extends MoneyRow>({
  lng,
  area,
  statuses,
  dateHeader,
  fetchPage,
  csvPath,
}: {
  lng: Locale;
  /** The list's texts (boMoney.<area>.filters, .caption) and its rows' pages (/staff/money/<area>/<id>). */
  area: 'payments' | 'withdrawals';
  statuses: readonly MoneyStatus[];
  dateHeader: 'createdAt' | 'requestedAt';
  fetchPage: (query: TableQuery) => Promise<TablePage<Row>>;
  csvPath: string;
}) {
  const t = useTranslations('boMoney');
  const statusLabel = (status: MoneyStatus) => t(`statuses.${status}`);
  const columns: DataColumn<Row>[] = [
    {
      id: 'id',
      header: t('columns.reference'),
      cell: (row) => (
        <Link className={styles.mono} href={`/staff/money/${area}/${row.id}`}>
          {row.id.slice(0, 8)}
        </Link>
      ),
    },
    {
      id: 'createdAt',
      header: t(`columns.${dateHeader}`),
      sortable: true,
      cell: (row) => formatDateTime(row.createdAt, lng),
    },
    { id: 'player', header: t('columns.player'), cell: (row) => row.login },
    {
      id: 'amount',
      header: t('columns.amount'),
      sortable: true,
      numeric: true,
      cell: (row) => formatMoney(row.amount, row.currency, lng),
    },
    { id: 'method', header: t('columns.method'), cell: (row) => row.method },
    {
      id: 'status',
      header: t('columns.status'),
      sortable: true,
      // A withdrawal a re-settlement holds says so beside its status.
      cell: (row) =>
        'heldAt' in row && row.heldAt ? `${statusLabel(row.status)} (${t('held')})` : statusLabel(row.status),
    },
  ];
  return (
    <div className={styles.page}>
      <TableFilters
        label={t(`${area}.filters`)}
        search={t('filters.player')}
        fields={[
          choiceFilter('status', t('filters.status'), statuses, statusLabel),
          currencyFilter(t('filters.currency')),
          ...periodFilters(t('filters.from'), t('filters.to')),
        ]}
      />
      <DataTable
        caption={t(`${area}.caption`)}
        columns={columns}
        fetchPage={fetchPage}
        cacheKey={`money-${area}`}
        rowKey={(row) => row.id}
        csvPath={csvPath}
        defaultSort={{ sort: 'createdAt', dir: 'desc' }}
      />
    </div>
  );
}
