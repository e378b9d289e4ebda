'use client';

import type { Bet } from '@playhouse/shared/contracts/sports';
import type { BonusHistoryItem } from '@playhouse/shared/contracts/bonuses';
import type { Deposit, Transaction, Withdrawal } from '@playhouse/shared/contracts/cashbox';
import type { StaffGameRound } from '@playhouse/shared/contracts/staff-players';
import { useFormatter, useTranslations } from 'next-intl';
import { DataTable, type DataColumn } from '@/components/back-office/data-table';
import type { TableQuery } from '@/lib/back-office/office-api';
import {
  fetchPlayerBets,
  fetchPlayerBonuses,
  fetchPlayerLedger,
  fetchPlayerPayments,
  fetchPlayerRounds,
  fetchPlayerWithdrawals,
  type PlayerListKind,
} from '@/lib/back-office/players-api';

/** The page of a tab's list the address asks for (the tab's lists have no sort or filter of their own). */
function pageOf(query: TableQuery) {
  return { page: query.page, pageSize: query.pageSize };
}

/** One of the player's lists from the domains that own them (ledger, bets, rounds, bonuses, deposits, withdrawals). */
export function PlayerList({ playerId, name, kind }: { playerId: number; name: string; kind: PlayerListKind }) {
  const t = useTranslations('boPlayers');
  // Codes are shown in the words the player's own pages and the other screens use for them.
  const tLedger = useTranslations('cashbox.transactions');
  const tBet = useTranslations('boTrading');
  const tBonus = useTranslations('bonuses.status');
  const tMoney = useTranslations('boMoney.statuses');
  const format = useFormatter();
  const when = (value: string | null) =>
    value ? format.dateTime(new Date(value), { dateStyle: 'short', timeStyle: 'short' }) : '';
  const caption = t(`lists.${kind}`, { name });
  const common = { caption, cacheKey: `player-${kind}-${playerId}` } as const;

  switch (kind) {
    case 'ledger': {
      const columns: DataColumn<Transaction>[] = [
        { id: 'at', header: t('columns.at'), cell: (row) => when(row.createdAt) },
        { id: 'kind', header: t('columns.kind'), cell: (row) => tLedger(`kinds.${row.kind}`) },
        { id: 'account', header: t('columns.account'), cell: (row) => tLedger(`accounts.${row.account}`) },
        { id: 'amount', header: t('columns.amount'), numeric: true, cell: (row) => `${row.amount} ${row.currency}` },
        { id: 'balanceAfter', header: t('columns.balanceAfter'), numeric: true, cell: (row) => row.balanceAfter },
      ];
      return (
        <DataTable
          {...common}
          columns={columns}
          rowKey={(row) => row.id}
          fetchPage={(query) => fetchPlayerLedger(playerId, pageOf(query))}
        />
      );
    }
    case 'bets': {
      const columns: DataColumn<Bet>[] = [
        { id: 'at', header: t('columns.at'), cell: (row) => when(row.placedAt) },
        { id: 'kind', header: t('columns.kind'), cell: (row) => tBet(`betKind.${row.kind}`) },
        { id: 'status', header: t('columns.status'), cell: (row) => tBet(`betStatus.${row.status}`) },
        {
          id: 'selections',
          header: t('columns.selections'),
          cell: (row) => row.selections.map((selection) => `${selection.betName} @ ${selection.odd}`).join('; '),
        },
        { id: 'stake', header: t('columns.stake'), numeric: true, cell: (row) => `${row.stake} ${row.currency}` },
        { id: 'odds', header: t('columns.odds'), numeric: true, cell: (row) => row.totalOdd },
        { id: 'payout', header: t('columns.payout'), numeric: true, cell: (row) => row.payout ?? '' },
      ];
      return (
        <DataTable
          {...common}
          columns={columns}
          rowKey={(row) => row.id}
          fetchPage={(query) => fetchPlayerBets(playerId, pageOf(query))}
        />
      );
    }
    case 'rounds': {
      const columns: DataColumn<StaffGameRound>[] = [
        { id: 'at', header: t('columns.at'), cell: (row) => when(row.lastAt) },
        { id: 'provider', header: t('columns.provider'), cell: (row) => row.provider },
        { id: 'game', header: t('columns.game'), cell: (row) => row.game ?? '' },
        { id: 'round', header: t('columns.round'), cell: (row) => row.roundId },
        { id: 'bet', header: t('columns.bet'), numeric: true, cell: (row) => `${row.bet} ${row.currency}` },
        { id: 'win', header: t('columns.win'), numeric: true, cell: (row) => row.win },
        { id: 'rolledBack', header: t('columns.rolledBack'), numeric: true, cell: (row) => row.rolledBack },
      ];
      return (
        <DataTable
          {...common}
          columns={columns}
          rowKey={(row) => `${row.provider}:${row.roundId}`}
          fetchPage={(query) => fetchPlayerRounds(playerId, pageOf(query))}
        />
      );
    }
    case 'bonuses': {
      const columns: DataColumn<BonusHistoryItem>[] = [
        { id: 'at', header: t('columns.at'), cell: (row) => when(row.createdAt) },
        { id: 'bonus', header: t('columns.bonus'), cell: (row) => row.slug },
        { id: 'status', header: t('columns.status'), cell: (row) => tBonus(row.status) },
        {
          id: 'amount',
          header: t('columns.amount'),
          numeric: true,
          cell: (row) => (row.amount ? `${row.amount} ${row.currencyCode}` : ''),
        },
        {
          id: 'wagered',
          header: t('columns.wagered'),
          numeric: true,
          cell: (row) => `${row.wagered} / ${row.wagerRequired}`,
        },
      ];
      return (
        <DataTable
          {...common}
          columns={columns}
          rowKey={(row) => row.id}
          fetchPage={(query) => fetchPlayerBonuses(playerId, pageOf(query))}
        />
      );
    }
    case 'payments': {
      const columns: DataColumn<Deposit>[] = [
        { id: 'at', header: t('columns.at'), cell: (row) => when(row.createdAt) },
        { id: 'method', header: t('columns.method'), cell: (row) => row.method },
        { id: 'status', header: t('columns.status'), cell: (row) => tMoney(row.status) },
        { id: 'amount', header: t('columns.amount'), numeric: true, cell: (row) => `${row.amount} ${row.currency}` },
        { id: 'reason', header: t('columns.reason'), cell: (row) => row.failureReason ?? '' },
      ];
      return (
        <DataTable
          {...common}
          columns={columns}
          rowKey={(row) => row.id}
          fetchPage={(query) => fetchPlayerPayments(playerId, pageOf(query))}
        />
      );
    }
    case 'withdrawals': {
      const columns: DataColumn<Withdrawal>[] = [
        { id: 'at', header: t('columns.at'), cell: (row) => when(row.createdAt) },
        { id: 'method', header: t('columns.method'), cell: (row) => row.method },
        { id: 'status', header: t('columns.status'), cell: (row) => tMoney(row.status) },
        { id: 'amount', header: t('columns.amount'), numeric: true, cell: (row) => `${row.amount} ${row.currency}` },
        { id: 'reason', header: t('columns.reason'), cell: (row) => row.reason ?? '' },
      ];
      return (
        <DataTable
          {...common}
          columns={columns}
          rowKey={(row) => row.id}
          fetchPage={(query) => fetchPlayerWithdrawals(playerId, pageOf(query))}
        />
      );
    }
  }
}
