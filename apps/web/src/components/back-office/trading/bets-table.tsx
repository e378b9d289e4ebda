'use client';

import type { TradingBet } from '@playhouse/shared/contracts/trading';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { DataTable, type DataColumn } from '@/components/back-office/data-table';
import { choiceFilter, TableFilters } from '@/components/back-office/table-filters';
import { formatDateTime } from '@/lib/account/money-format';
import { fetchTradingBets } from '@/lib/back-office/trading-api';
import styles from './trading.module.css';

const BET_STATUSES = ['open', 'won', 'lost', 'void', 'cashed_out'] as const;
const BET_KINDS = ['single', 'accumulator'] as const;

/** The bet search: by bet id or username, status, kind, match and player; server-paged and sortable. */
export function BetsTable({ lng }: { lng: Locale }) {
  const t = useTranslations('boTrading');
  const money = (amount: string, currency: string) => `${amount} ${currency}`;
  const columns: DataColumn<TradingBet>[] = [
    { id: 'placedAt', header: t('bets.placedAt'), sortable: true, cell: (row) => formatDateTime(row.placedAt, lng) },
    { id: 'player', header: t('bets.player'), cell: (row) => `${row.username} (#${row.userId})` },
    { id: 'kind', header: t('bets.kind'), cell: (row) => t(`betKind.${row.kind}`) },
    {
      id: 'selections',
      header: t('bets.selections'),
      cell: (row) => (
        <ul className={styles.plain}>
          {row.selections.map((selection) => (
            <li key={selection.outcomeId}>
              {t('bets.selection', {
                match: selection.match,
                market: selection.market,
                label: selection.label,
                odd: selection.odd.toFixed(2),
              })}
              {selection.result ? ` (${t(`result.${selection.result}`)})` : null}
            </li>
          ))}
        </ul>
      ),
    },
    {
      id: 'stake',
      header: t('bets.stake'),
      sortable: true,
      numeric: true,
      cell: (row) => money(row.stake, row.currency),
    },
    { id: 'totalOdd', header: t('bets.totalOdd'), numeric: true, cell: (row) => row.totalOdd.toFixed(2) },
    {
      id: 'potentialPayout',
      header: t('bets.potentialPayout'),
      sortable: true,
      numeric: true,
      cell: (row) => money(row.potentialPayout, row.currency),
    },
    {
      id: 'status',
      header: t('bets.status'),
      cell: (row) => (
        <>
          {t(`betStatus.${row.status}`)}
          {row.settlementVersion > 0 ? (
            <span className={styles.note}>{t('bets.resettled', { count: row.settlementVersion })}</span>
          ) : null}
        </>
      ),
    },
    {
      id: 'payout',
      header: t('bets.payout'),
      numeric: true,
      cell: (row) => (row.payout === null ? t('match.none') : money(row.payout, row.currency)),
    },
  ];
  return (
    <>
      <TableFilters
        label={t('bets.filters')}
        search={t('bets.search')}
        fields={[
          choiceFilter('status', t('bets.status'), BET_STATUSES, (status) => t(`betStatus.${status}`)),
          choiceFilter('kind', t('bets.kind'), BET_KINDS, (kind) => t(`betKind.${kind}`)),
          { name: 'matchId', label: t('bets.matchId'), type: 'number' },
          { name: 'userId', label: t('bets.userId'), type: 'number' },
        ]}
      />
      <DataTable
        caption={t('bets.caption')}
        columns={columns}
        fetchPage={(query) => fetchTradingBets(lng, query)}
        cacheKey="trading-bets"
        csvPath="/spa/staff/trading/bets"
        rowKey={(row) => row.id}
        defaultSort={{ sort: 'placedAt', dir: 'desc' }}
      />
    </>
  );
}
