'use client';

import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import useSWR from 'swr';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { formatMoney } from '@/lib/account/money-format';
import { fetchDeposit } from '@/lib/cashbox/cashbox-api';
import styles from './cashbox.module.css';

/** How often a pending deposit is asked about, and for how long, after the player returns from the payment page. */
const POLL_MS = 1500;
const POLL_FOR_MS = 2 * 60 * 1000;

/** The deposit the payment page sent the player back with (?deposit=id): pending until the provider's webhook lands. */
export function DepositStatus({ lng, depositId }: { lng: Locale; depositId: string }) {
  const t = useTranslations('cashbox');
  const since = useRef<number | null>(null);
  const { data: deposit } = useSWR(['deposit', depositId, lng], () => fetchDeposit(lng, depositId), {
    ...SWR_OPTIONS,
    refreshInterval: (latest) => {
      since.current ??= Date.now();
      return latest?.status === 'pending' && Date.now() - since.current < POLL_FOR_MS ? POLL_MS : 0;
    },
  });
  if (!deposit) return null;
  return (
    <section aria-labelledby="deposit-status" className={`${styles.card} ${styles[deposit.status]}`}>
      <h2 id="deposit-status">{t('depositStatus.title')}</h2>
      <p role="status">
        {t(`depositStatus.${deposit.status}`, { amount: formatMoney(deposit.amount, deposit.currency, lng) })}
      </p>
    </section>
  );
}
