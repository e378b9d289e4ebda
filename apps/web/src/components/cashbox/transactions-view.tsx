'use client';

import { BALANCE_ACCOUNTS, type BalanceAccount } from '@playhouse/shared/contracts/cashbox';
import { TRANSFER_KINDS, isTransferKind, type TransferKind } from '@playhouse/shared/ledger';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { usePathname, useSearchParams } from 'next/navigation';
import { useId, type FormEvent } from 'react';
import useSWR from 'swr';
import formStyles from '@/components/ui/form.module.css';
import { LoadError } from '@/components/ui/load-error';
import { SessionGate } from '@/components/account/session-gate';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { Link } from '@/i18n/navigation';
import { formatDateTime, formatMoney } from '@/lib/account/money-format';
import { fetchTransactions, transactionsPath } from '@/lib/cashbox/cashbox-api';
import styles from './history.module.css';
import table from '@/components/ui/history-table.module.css';
import layout from '@/components/ui/layout.module.css';

const PER_PAGE = 20;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export type TransactionFilters = {
  kind?: TransferKind;
  account?: BalanceAccount;
  from?: string;
  to?: string;
  page: number;
};

/** The filters in the page address, with anything that is not a valid value dropped. */
export function filtersFrom(params: URLSearchParams): TransactionFilters {
  const kind = params.get('kind');
  const account = params.get('account');
  const from = params.get('from');
  const to = params.get('to');
  const page = Number(params.get('page'));
  return {
    kind: isTransferKind(kind) ? kind : undefined,
    account: (BALANCE_ACCOUNTS as readonly string[]).includes(account ?? '') ? (account as BalanceAccount) : undefined,
    from: from && DAY.test(from) ? from : undefined,
    to: to && DAY.test(to) ? to : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The page address query for filters; page 1 and empty filters are left out. */
export function filterQuery(filters: TransactionFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.kind) query.kind = filters.kind;
  if (filters.account) query.account = filters.account;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.page > 1) query.page = String(filters.page);
  return query;
}

/** The transaction history with its filters (type, balance, dates) and pages, all kept in the page address. */
export function TransactionsView({ lng }: { lng: Locale }) {
  return <SessionGate next="/transactions">{() => <Transactions lng={lng} />}</SessionGate>;
}

function Transactions({ lng }: { lng: Locale }) {
  const t = useTranslations('cashbox');
  const tcommon = useTranslations('common');
  const pathname = usePathname();
  const filters = filtersFrom(new URLSearchParams(useSearchParams().toString()));
  const formId = useId();
  const path = transactionsPath({ ...filterQuery(filters), page: filters.page, perPage: PER_PAGE });
  const { data, error, mutate } = useSWR([path, lng], () => fetchTransactions(lng, path), {
    ...SWR_OPTIONS,
    keepPreviousData: true,
  });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1;

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = filtersFrom(
      new URLSearchParams(
        [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      ),
    );
    // Only this page's data depends on the filters: the address changes without a round trip to the server.
    const query = new URLSearchParams(filterQuery({ ...next, page: 1 })).toString();
    window.history.replaceState(null, '', query ? `${pathname}?${query}` : pathname);
  }

  const pageHref = (page: number) => ({ pathname: '/transactions', query: filterQuery({ ...filters, page }) });

  return (
    <div className={layout.stack}>
      <form
        key={JSON.stringify(filters)}
        className={`${layout.panel} ${styles.filters}`}
        onSubmit={apply}
        aria-labelledby={`${formId}-title`}
      >
        <h2 id={`${formId}-title`} className="visually-hidden">
          {t('transactions.filters')}
        </h2>
        <div className={formStyles.field}>
          <label htmlFor={`${formId}-kind`} className={formStyles.label}>
            {t('transactions.kind')}
          </label>
          <select id={`${formId}-kind`} name="kind" className={formStyles.control} defaultValue={filters.kind ?? ''}>
            <option value="">{t('transactions.all')}</option>
            {TRANSFER_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`transactions.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={formStyles.field}>
          <label htmlFor={`${formId}-account`} className={formStyles.label}>
            {t('transactions.account')}
          </label>
          <select
            id={`${formId}-account`}
            name="account"
            className={formStyles.control}
            defaultValue={filters.account ?? ''}
          >
            <option value="">{t('transactions.all')}</option>
            {BALANCE_ACCOUNTS.map((account) => (
              <option key={account} value={account}>
                {t(`transactions.accounts.${account}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={formStyles.field}>
          <label htmlFor={`${formId}-from`} className={formStyles.label}>
            {t('transactions.from')}
          </label>
          <input
            id={`${formId}-from`}
            name="from"
            type="date"
            className={formStyles.control}
            defaultValue={filters.from ?? ''}
          />
        </div>
        <div className={formStyles.field}>
          <label htmlFor={`${formId}-to`} className={formStyles.label}>
            {t('transactions.to')}
          </label>
          <input
            id={`${formId}-to`}
            name="to"
            type="date"
            className={formStyles.control}
            defaultValue={filters.to ?? ''}
          />
        </div>
        <div className={styles.filterActions}>
          <button type="submit" className={formStyles.submit}>
            {t('transactions.apply')}
          </button>
          <Link href="/transactions" className={styles.clear}>
            {t('transactions.clear')}
          </Link>
        </div>
      </form>

      {error ? (
        <LoadError message={t('transactions.loadFailed')} retryLabel={t('retry')} onRetry={() => void mutate()} />
      ) : !data ? (
        <p role="status">{tcommon('loading')}</p>
      ) : data.items.length === 0 ? (
        <p role="status">{t('transactions.empty')}</p>
      ) : (
        <>
          <p role="status" className={styles.count}>
            {t('transactions.count', { count: data.total })}
          </p>
          <div className={table.tableWrap} role="region" aria-labelledby="page-frame-title" tabIndex={0}>
            <table className={table.table}>
              <thead>
                <tr>
                  <th scope="col">{t('transactions.date')}</th>
                  <th scope="col">{t('transactions.kind')}</th>
                  <th scope="col">{t('transactions.account')}</th>
                  <th scope="col" className={table.number}>
                    {t('transactions.amount')}
                  </th>
                  <th scope="col" className={table.number}>
                    {t('transactions.balanceAfter')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((item) => (
                  <tr key={item.id}>
                    <td>{formatDateTime(item.createdAt, lng)}</td>
                    <td>{t(`transactions.kinds.${item.kind}`)}</td>
                    <td>{t(`transactions.accounts.${item.account}`)}</td>
                    <td className={`${table.number} ${item.amount.startsWith('-') ? styles.debit : styles.credit}`}>
                      {formatMoney(item.amount, item.currency, lng)}
                    </td>
                    <td className={table.number}>{formatMoney(item.balanceAfter, item.currency, lng)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 ? (
            <nav aria-label={t('transactions.pages')} className={styles.pager}>
              {filters.page > 1 ? (
                <Link href={pageHref(filters.page - 1)} rel="prev">
                  {t('transactions.previous')}
                </Link>
              ) : (
                <span />
              )}
              <span>{t('transactions.pageOf', { page: filters.page, pages })}</span>
              {filters.page < pages ? (
                <Link href={pageHref(filters.page + 1)} rel="next">
                  {t('transactions.next')}
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
