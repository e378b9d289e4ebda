'use client';

import type { StaffPayment } from '@playhouse/shared/contracts/back-office-money';
import { DEPOSIT_STATUSES } from '@playhouse/shared/contracts/cashbox';
import { CURRENCY_CODES } from '@playhouse/shared/money';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { DataTable, type DataColumn } from '@/components/back-office/data-table';
import { TableFilters } from '@/components/back-office/table-filters';
import { Link } from '@/i18n/navigation';
import { formatDateTime, formatMoney } from '@/lib/account/money-format';
import { PAYMENTS_PATH, fetchPayments } from '@/lib/back-office/money-api';
import styles from './money.module.css';

/** The deposits of all players; each row opens the payment with its webhook history. */
export function PaymentsList({ lng }: { lng: Locale }) {
  const t = useTranslations('boMoney');
  const columns: DataColumn<StaffPayment>[] = [
    {
      id: 'id',
      header: t('columns.reference'),
      cell: (row) => (
        <Link className={styles.mono} href={`/staff/money/payments/${row.id}`}>
          {row.id.slice(0, 8)}
        </Link>
      ),
    },
    {
      id: 'createdAt',
      header: t('columns.createdAt'),
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
        label={t('payments.filters')}
        fields={[
          { name: 'q', label: t('filters.player'), type: 'search' },
          {
            name: 'status',
            label: t('filters.status'),
            type: 'select',
            options: DEPOSIT_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
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
        caption={t('payments.caption')}
        columns={columns}
        fetchPage={(query) => fetchPayments(lng, query)}
        cacheKey="money-payments"
        rowKey={(row) => row.id}
        csvPath={PAYMENTS_PATH}
        defaultSort={{ sort: 'createdAt', dir: 'desc' }}
      />
    </div>
  );
}
