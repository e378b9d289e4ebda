'use client';

import type { TradingFixture } from '@playhouse/shared/contracts/trading';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { DataTable, type DataColumn } from '@/components/back-office/data-table';
import { choiceFilter, TableFilters, yesNoFilter } from '@/components/back-office/table-filters';
import { Link } from '@/i18n/navigation';
import { formatDateTime } from '@/lib/account/money-format';
import { fetchFixtures } from '@/lib/back-office/trading-api';

const MATCH_STATUSES = ['scheduled', 'live', 'ended', 'cancelled'] as const;

/** The trading desk's fixtures: filters and a server-paged table, each match a link to its markets. */
export function FixturesTable({ lng }: { lng: Locale }) {
  const t = useTranslations('boTrading');
  const columns: DataColumn<TradingFixture>[] = [
    {
      id: 'match',
      header: t('fixtures.match'),
      cell: (row) => (
        <Link href={`/staff/trading/matches/${row.id}`}>
          {t('match.title', { team1: row.team1, team2: row.team2 })}
        </Link>
      ),
    },
    { id: 'id', header: 'ID', sortable: true, numeric: true, cell: (row) => row.id },
    { id: 'sport', header: t('fixtures.sport'), cell: (row) => row.sportName },
    { id: 'tournament', header: t('fixtures.tournament'), cell: (row) => row.tournamentName },
    {
      id: 'startsAt',
      header: t('fixtures.startsAt'),
      sortable: true,
      cell: (row) => formatDateTime(row.startsAt, lng),
    },
    { id: 'status', header: t('fixtures.status'), cell: (row) => t(`matchStatus.${row.status}`) },
    {
      id: 'markets',
      header: t('fixtures.markets'),
      numeric: true,
      cell: (row) => t('fixtures.marketsValue', { total: row.markets, suspended: row.suspendedMarkets }),
    },
    { id: 'openBets', header: t('fixtures.openBets'), sortable: true, numeric: true, cell: (row) => row.openBets },
  ];
  return (
    <>
      <TableFilters
        label={t('fixtures.filters')}
        search={t('fixtures.search')}
        fields={[
          choiceFilter('status', t('fixtures.status'), MATCH_STATUSES, (status) => t(`matchStatus.${status}`)),
          yesNoFilter('held', t('fixtures.held'), t('fixtures.yes'), t('fixtures.no')),
        ]}
      />
      <DataTable
        caption={t('fixtures.caption')}
        columns={columns}
        fetchPage={(query) => fetchFixtures(lng, query)}
        cacheKey="trading-fixtures"
        csvPath="/spa/staff/trading/fixtures"
        rowKey={(row) => row.id}
        defaultSort={{ sort: 'startsAt', dir: 'desc' }}
      />
    </>
  );
}
