'use client';

import type { CashboxResponse } from '@playhouse/shared/contracts/cashbox';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { LoadError } from '@/components/ui/load-error';
import { SessionGate } from '@/components/account/session-gate';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { Link } from '@/i18n/navigation';
import { formatMoney } from '@/lib/account/money-format';
import { CASHBOX_PATH, fetchCashbox } from '@/lib/cashbox/cashbox-api';
import styles from './cashbox.module.css';
import { DepositForm } from './deposit-form';
import { DepositStatus } from './deposit-status';

type CashboxViewProps = { lng: Locale; depositId: string | null };

/** SPEC.md §2 "/{lng}/cashbox": deposits through the payment provider's page, limits, and where to go next. */
export function CashboxView(props: CashboxViewProps) {
  return <SessionGate next="/cashbox">{() => <Cashbox {...props} />}</SessionGate>;
}

function Cashbox({ lng, depositId }: CashboxViewProps) {
  const t = useTranslations('cashbox');
  const tcommon = useTranslations('common');
  const { data, error, mutate } = useSWR([CASHBOX_PATH, lng], () => fetchCashbox(lng), SWR_OPTIONS);

  return (
    <div className={styles.layout}>
      {depositId ? <DepositStatus lng={lng} depositId={depositId} /> : null}
      {error ? (
        <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void mutate()} />
      ) : !data ? (
        <p role="status">{tcommon('loading')}</p>
      ) : (
        <>
          <section aria-labelledby="cashbox-deposit" className={styles.card}>
            <h2 id="cashbox-deposit">{t('depositTitle')}</h2>
            {data.methods.length === 0 ? (
              <p>{t('noMethods')}</p>
            ) : (
              <DepositForm lng={lng} currency={data.currency} methods={data.methods} />
            )}
          </section>
          <Limits lng={lng} cashbox={data} />
        </>
      )}
      <nav aria-labelledby="cashbox-more" className={styles.card}>
        <h2 id="cashbox-more">{t('moreTitle')}</h2>
        <ul className={styles.moreLinks}>
          <li>
            <Link href="/withdrawals">{t('withdrawals.title')}</Link>
          </li>
          <li>
            <Link href="/transactions">{t('transactions.title')}</Link>
          </li>
          <li>
            <Link href="/profile">{t('manageLimits')}</Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}

function Limits({ lng, cashbox }: { lng: Locale; cashbox: CashboxResponse }) {
  const t = useTranslations('cashbox');
  const money = (amount: string) => formatMoney(amount, cashbox.currency, lng);
  return (
    <section aria-labelledby="cashbox-limits" className={styles.card}>
      <h2 id="cashbox-limits">{t('limitsTitle')}</h2>
      <dl className={styles.limits}>
        {cashbox.limits.map((limit) => (
          <div key={limit.period}>
            <dt>{t(`periods.${limit.period}`)}</dt>
            <dd>
              {limit.amount === null
                ? t('noLimit')
                : t('limitUse', { used: money(limit.used), limit: money(limit.amount) })}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
