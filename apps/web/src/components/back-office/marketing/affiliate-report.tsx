'use client';

import type { AffiliateRow } from '@playhouse/shared/contracts/marketing';
import type { Locale } from '@playhouse/shared/locales';
import { useLocale, useTranslations } from 'next-intl';
import { DataTable, type DataColumn } from '@/components/back-office/data-table';
import { currencyFilter, periodFilters, TableFilters } from '@/components/back-office/table-filters';
import { useTableQuery } from '@/components/back-office/use-table-query';
import { formatDateTime, formatMoney } from '@/lib/account/money-format';
import { AFFILIATES_PATH, fetchAffiliates } from '@/lib/back-office/marketing-api';

/** /staff/affiliates: registrations, depositing players, deposits and NGR per affiliate code, in one currency. */
export function AffiliateReport() {
  const t = useTranslations('boMarketing.affiliates');
  const locale = useLocale() as Locale;
  const { query } = useTableQuery();
  const currency = query.currency ?? 'EUR';
  const money = (value: string) => formatMoney(value, currency, locale);
  const columns: DataColumn<AffiliateRow>[] = [
    { id: 'code', header: t('columns.code'), cell: (row) => row.code, sortable: true },
    {
      id: 'registrations',
      header: t('columns.registrations'),
      cell: (row) => row.registrations,
      sortable: true,
      numeric: true,
    },
    { id: 'depositors', header: t('columns.depositors'), cell: (row) => row.depositors, sortable: true, numeric: true },
    { id: 'deposits', header: t('columns.deposits'), cell: (row) => money(row.deposits), numeric: true },
    { id: 'ngr', header: t('columns.ngr'), cell: (row) => money(row.ngr), numeric: true },
    {
      id: 'firstRegistration',
      header: t('columns.firstRegistration'),
      cell: (row) => formatDateTime(row.firstRegistration, locale),
      sortable: true,
    },
  ];
  return (
    <>
      <TableFilters
        label={t('filters')}
        search={t('search')}
        fields={[currencyFilter(t('currency')), ...periodFilters(t('from'), t('to'))]}
      />
      <p>{t('note')}</p>
      <DataTable
        caption={t('caption')}
        columns={columns}
        fetchPage={(tableQuery) => fetchAffiliates(locale, tableQuery)}
        cacheKey="affiliates"
        rowKey={(row) => row.code}
        csvPath={AFFILIATES_PATH}
        defaultSort={{ sort: 'registrations', dir: 'desc' }}
      />
    </>
  );
}
