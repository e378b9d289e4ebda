'use client';

import { LOCALE_TAGS, type Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { LoadError } from '@/components/ui/load-error';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { formatMoney } from '@/lib/account/money-format';
import { getStatement, STATEMENT_KEY, statementCsvHref } from '@/lib/protection/protection-api';
import styles from './protection.module.css';

const COLUMNS = ['deposits', 'withdrawals', 'bets', 'wins', 'net'] as const;

/** The 12-month activity statement, as a table and a CSV download, with the net deposits. */
export function StatementView({ lng }: { lng: Locale }) {
  const t = useTranslations('protection');
  const tcommon = useTranslations('common');
  const { data, error, mutate } = useSWR([STATEMENT_KEY, lng], () => getStatement(lng), SWR_OPTIONS);
  if (error) return <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void mutate()} />;
  if (!data) return <p role="status">{tcommon('loading')}</p>;
  const money = (amount: string) => formatMoney(amount, data.currency, lng);
  const monthName = (key: string) =>
    new Intl.DateTimeFormat(LOCALE_TAGS[lng], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${key}-01T00:00:00Z`),
    );
  return (
    <>
      <p className={styles.muted}>{t('statement.netDeposits', { amount: money(data.netDeposits) })}</p>
      <p>
        <a href={statementCsvHref(lng)} download>
          {t('statement.download')}
        </a>
      </p>
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t('statement.title')}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('statement.columns.month')}</th>
              {COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {t(`statement.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.months.map((row) => (
              <tr key={row.month}>
                <th scope="row">{monthName(row.month)}</th>
                {COLUMNS.map((column) => (
                  <td key={column}>{money(row[column])}</td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('statement.columns.total')}</th>
              {COLUMNS.map((column) => (
                <td key={column}>{money(data.totals[column])}</td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}
