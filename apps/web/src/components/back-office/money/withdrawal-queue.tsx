'use client';

import { CURRENCY_CODES } from '@playhouse/shared/money';
import type { StaffWithdrawal } from '@playhouse/shared/contracts/cashbox';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { DataTable, type DataColumn } from '@/components/back-office/data-table';
import { TableFilters } from '@/components/back-office/table-filters';
import { Link } from '@/i18n/navigation';
import { formatDateTime, formatMoney } from '@/lib/account/money-format';
import { WITHDRAWALS_PATH, fetchWithdrawalQueue } from '@/lib/back-office/money-api';
import styles from './money.module.css';

export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'paid', 'rejected'] as const;

/** The withdrawal queue: filters in the address, the server pages and sorts, each row opens the withdrawal's page. */
export function WithdrawalQueue({ lng }: { lng: Locale }) {
  const t = useTranslations('boMoney');
  const columns: DataColumn<StaffWithdrawal>[] = [
    {
      id: 'id',
      header: t('columns.reference'),
      cell: (row) => (
        <Link className={styles.mono} href={`/staff/money/withdrawals/${row.id}`}>
          {row.id.slice(0, 8)}
        </Link>
      ),
    },
    {
      id: 'createdAt',
      header: t('columns.requestedAt'),
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
    { id: 'status', header: t('columns.status'), sortable: true, cell: (row) => t(`statuses.${row.status}`) },
  ];
  return (
    <div className={styles.page}>
      <TableFilters
        label={t('withdrawals.filters')}
        fields={[
          { name: 'q', label: t('filters.player'), type: 'search' },
          {
            name: 'status',
            label: t('filters.status'),
            type: 'select',
            options: WITHDRAWAL_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
          },
          {
            name: 'currency',
            label: t('filters.currency'),
            type: 'select',
            options: CURRENCY_CODES.map((code) => ({ value: code, label: code })),
          },
          { name: 'from', label: t('filters.from'), type: 'date' },
          { name: 'to', label: t('filters.to'), type: 'date' },
        ]}
      />
      <DataTable
        caption={t('withdrawals.caption')}
        columns={columns}
        fetchPage={(query) => fetchWithdrawalQueue(lng, query)}
        cacheKey="money-withdrawals"
        rowKey={(row) => row.id}
        csvPath={WITHDRAWALS_PATH}
        defaultSort={{ sort: 'createdAt', dir: 'desc' }}
      />
    </div>
  );
}
