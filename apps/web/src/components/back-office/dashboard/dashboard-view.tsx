'use client';

import type { DashboardCurrency, DashboardFigures } from '@playhouse/shared/contracts/dashboard';
import type { Locale } from '@playhouse/shared/locales';
import { useLocale, useTranslations } from 'next-intl';
import useSWR from 'swr';
import { LoadError } from '@/components/ui/load-error';
import { fetchDashboard } from '@/lib/back-office/dashboard-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { Chart } from '../chart';
import { TableFilters } from '../table-filters';
import { useTableQuery } from '../use-table-query';
import styles from './dashboard.module.css';
import { OfficeTable } from '../office-table';

type Row = { key: string; label: string; value: (figures: DashboardFigures) => string | number; money: boolean };

/**
 * The dashboard: a period (in the address, so a view is a link) and, for each currency on its own (amounts of two
 * currencies are never added), today's and the period's figures with charts by day.
 */
export function DashboardView() {
  const t = useTranslations('backOffice.dashboard');
  const lng = useLocale() as Locale;
  const { query } = useTableQuery();
  const { data, error, isLoading, mutate } = useSWR(
    ['back-office', 'dashboard', query.from ?? '', query.to ?? ''],
    () => fetchDashboard(lng, query),
    SWR_OPTIONS,
  );

  const rows: Row[] = [
    { key: 'deposits', label: t('deposits'), value: (f) => f.deposits, money: true },
    { key: 'withdrawals', label: t('withdrawals'), value: (f) => f.withdrawals, money: true },
    { key: 'casinoBets', label: t('casinoBets'), value: (f) => f.casino.bets, money: true },
    { key: 'casinoWins', label: t('casinoWins'), value: (f) => f.casino.wins, money: true },
    { key: 'casinoGgr', label: t('casinoGgr'), value: (f) => f.casino.ggr, money: true },
    { key: 'casinoNgr', label: t('casinoNgr'), value: (f) => f.casino.ngr, money: true },
    { key: 'sportsBets', label: t('sportsBets'), value: (f) => f.sports.bets, money: true },
    { key: 'sportsWins', label: t('sportsWins'), value: (f) => f.sports.wins, money: true },
    { key: 'sportsGgr', label: t('sportsGgr'), value: (f) => f.sports.ggr, money: true },
    { key: 'sportsNgr', label: t('sportsNgr'), value: (f) => f.sports.ngr, money: true },
    { key: 'bonusCost', label: t('bonusCost'), value: (f) => f.bonusCost, money: true },
    { key: 'ngr', label: t('ngr'), value: (f) => f.ngr, money: true },
    { key: 'activePlayers', label: t('activePlayers'), value: (f) => f.activePlayers, money: false },
    { key: 'newPlayers', label: t('newPlayers'), value: (f) => f.newPlayers, money: false },
  ];

  return (
    <div className={styles.dashboard}>
      <TableFilters
        label={t('periodLabel')}
        fields={[
          { name: 'from', label: t('from'), type: 'date' },
          { name: 'to', label: t('to'), type: 'date' },
        ]}
      />
      {error ? <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void mutate()} /> : null}
      {isLoading ? <p role="status">{t('loading')}</p> : null}
      {data ? (
        <>
          <p className={styles.period}>{t('period', { from: data.from, to: data.to, today: data.today })}</p>
          {data.currencies.length === 0 ? <p>{t('empty')}</p> : null}
          {data.currencies.map((entry) => (
            <CurrencySection key={entry.currency} entry={entry} rows={rows} lng={lng} />
          ))}
        </>
      ) : null}
    </div>
  );
}

function CurrencySection({ entry, rows, lng }: { entry: DashboardCurrency; rows: Row[]; lng: Locale }) {
  const t = useTranslations('backOffice.dashboard');
  const money = new Intl.NumberFormat(lng, { style: 'currency', currency: entry.currency });
  const count = new Intl.NumberFormat(lng);
  const show = (row: Row, figures: DashboardFigures) => {
    const value = row.value(figures);
    return row.money ? money.format(Number(value)) : count.format(Number(value));
  };
  const headingId = `dashboard-${entry.currency}`;
  const byDay = entry.days.map((day) => ({
    day: day.day,
    deposits: Number(day.deposits),
    withdrawals: Number(day.withdrawals),
    casinoGgr: Number(day.casino.ggr),
    sportsGgr: Number(day.sports.ggr),
    ngr: Number(day.ngr),
    activePlayers: day.activePlayers,
    newPlayers: day.newPlayers,
  }));
  return (
    <section className={styles.currency} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('currency', { currency: entry.currency })}</h2>
      <OfficeTable
        caption={t('figuresOf', { currency: entry.currency })}
        tableClassName={styles.figures}
        head={
          <>
            <th scope="col">{t('figure')}</th>
            <th scope="col">{t('today')}</th>
            <th scope="col">{t('wholePeriod')}</th>
          </>
        }
      >
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td>{show(row, entry.today)}</td>
            <td>{show(row, entry.period)}</td>
          </tr>
        ))}
      </OfficeTable>
      <div className={styles.charts}>
        <Chart
          title={t('moneyChart', { currency: entry.currency })}
          data={byDay}
          xKey="day"
          xLabel={t('day')}
          series={[
            { key: 'deposits', label: t('deposits') },
            { key: 'withdrawals', label: t('withdrawals') },
          ]}
          formatValue={(value) => money.format(value)}
        />
        <Chart
          title={t('revenueChart', { currency: entry.currency })}
          kind="line"
          data={byDay}
          xKey="day"
          xLabel={t('day')}
          series={[
            { key: 'casinoGgr', label: t('casinoGgr') },
            { key: 'sportsGgr', label: t('sportsGgr') },
            { key: 'ngr', label: t('ngr') },
          ]}
          formatValue={(value) => money.format(value)}
        />
        <Chart
          title={t('playersChart', { currency: entry.currency })}
          data={byDay}
          xKey="day"
          xLabel={t('day')}
          series={[
            { key: 'activePlayers', label: t('activePlayers') },
            { key: 'newPlayers', label: t('newPlayers') },
          ]}
          formatValue={(value) => count.format(value)}
        />
      </div>
    </section>
  );
}
