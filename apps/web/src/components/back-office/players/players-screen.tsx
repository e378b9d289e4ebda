'use client';

import type { StaffPlayerRow } from '@playhouse/shared/contracts/staff-players';
import { useFormatter, useTranslations } from 'next-intl';
import { DataTable, type DataColumn } from '@/components/back-office/data-table';
import { choiceFilter, TableFilters } from '@/components/back-office/table-filters';
import { Link } from '@/i18n/navigation';
import { PLAYERS_PATH, searchPlayers } from '@/lib/back-office/players-api';

/** The players screen: search by e-mail, username, phone or id, filter by status and tag, page, sort, export. */
export function PlayersScreen() {
  const t = useTranslations('boPlayers');
  const format = useFormatter();
  const columns: DataColumn<StaffPlayerRow>[] = [
    { id: 'id', header: t('columns.id'), sortable: true, numeric: true, cell: (row) => row.id },
    {
      id: 'email',
      header: t('columns.email'),
      sortable: true,
      cell: (row) => <Link href={`/staff/players/${row.id}`}>{row.email}</Link>,
    },
    { id: 'username', header: t('columns.username'), sortable: true, cell: (row) => row.username },
    { id: 'phone', header: t('columns.phone'), cell: (row) => row.phone ?? '' },
    { id: 'country', header: t('columns.country'), sortable: true, cell: (row) => row.country ?? '' },
    { id: 'status', header: t('columns.status'), sortable: true, cell: (row) => t(`status.${row.status}`) },
    {
      id: 'createdAt',
      header: t('columns.createdAt'),
      sortable: true,
      cell: (row) => format.dateTime(new Date(row.createdAt), { dateStyle: 'medium' }),
    },
  ];
  return (
    <>
      <TableFilters
        label={t('search.label')}
        search={t('search.q')}
        fields={[
          choiceFilter('status', t('search.status'), ['active', 'blocked'], (status) => t(`status.${status}`)),
          { name: 'tag', label: t('search.tag') },
        ]}
      />
      <DataTable
        caption={t('search.caption')}
        columns={columns}
        cacheKey="players"
        rowKey={(row) => row.id}
        fetchPage={searchPlayers}
        csvPath={PLAYERS_PATH}
        defaultSort={{ sort: 'id', dir: 'desc' }}
      />
    </>
  );
}
