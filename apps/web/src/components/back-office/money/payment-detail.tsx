'use client';

import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import useSWR from 'swr';
import { LoadError } from '@/components/ui/load-error';
import { formatDateTime, formatMoney } from '@/lib/account/money-format';
import { fetchPaymentDetail } from '@/lib/back-office/money-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import styles from './money.module.css';

const OUTCOMES = new Set(['applied', 'ignored', 'unknown_payment', 'mismatch']);

/** A deposit with every webhook the api received for it (and what each did) and the provider's delivery attempts. */
export function PaymentDetail({ lng, id }: { lng: Locale; id: string }) {
  const t = useTranslations('boMoney');
  const baseId = useId();
  const detail = useSWR(['back-office', 'money-payment', id], () => fetchPaymentDetail(lng, id), SWR_OPTIONS);
  if (detail.error) {
    return <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void detail.mutate()} />;
  }
  if (!detail.data) return <p role="status">{t('loading')}</p>;
  const { payment, webhooks, deliveries } = detail.data;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, lng) : t('payment.never'));

  return (
    <div className={styles.page}>
      <section className={styles.section}>
        <h2>{t('payment.summary')}</h2>
        <dl className={styles.facts}>
          <dt>{t('payment.amount')}</dt>
          <dd>{formatMoney(payment.amount, payment.currency, lng)}</dd>
          <dt>{t('payment.status')}</dt>
          <dd className={styles.status}>{t(`statuses.${payment.status}`)}</dd>
          {payment.failureReason ? (
            <>
              <dt>{t('payment.failureReason')}</dt>
              <dd>{payment.failureReason}</dd>
            </>
          ) : null}
          <dt>{t('payment.player')}</dt>
          <dd>
            {payment.login} (#{payment.userId})
          </dd>
          <dt>{t('payment.method')}</dt>
          <dd>
            {payment.method} ({payment.provider})
          </dd>
          <dt>{t('payment.createdAt')}</dt>
          <dd>{when(payment.createdAt)}</dd>
          <dt>{t('payment.settledAt')}</dt>
          <dd>{when(payment.settledAt)}</dd>
        </dl>
      </section>

      <section className={styles.section}>
        <h2 id={`${baseId}-webhooks`}>{t('payment.webhooks')}</h2>
        <p className={styles.hint}>{t('payment.webhooksHint')}</p>
        {webhooks.length === 0 ? (
          <p>{t('payment.noWebhooks')}</p>
        ) : (
          <div className={styles.tableWrap} role="region" aria-labelledby={`${baseId}-webhooks`} tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('payment.receivedAt')}</th>
                  <th scope="col">{t('payment.eventType')}</th>
                  <th scope="col">{t('payment.outcome')}</th>
                  <th scope="col">{t('payment.eventId')}</th>
                </tr>
              </thead>
              <tbody>
                {webhooks.map((event) => (
                  <tr key={event.id}>
                    <td>{formatDateTime(event.receivedAt, lng)}</td>
                    <td className={styles.mono}>{event.type}</td>
                    <td className={styles.status}>
                      {OUTCOMES.has(event.outcome) ? t(`payment.outcomes.${event.outcome}`) : event.outcome}
                    </td>
                    <td className={styles.mono}>{event.eventId}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className={styles.section}>
        <h2 id={`${baseId}-deliveries`}>{t('payment.deliveries')}</h2>
        <p className={styles.hint}>{t('payment.deliveriesHint')}</p>
        {deliveries.length === 0 ? (
          <p>{t('payment.noDeliveries')}</p>
        ) : (
          <div className={styles.tableWrap} role="region" aria-labelledby={`${baseId}-deliveries`} tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('payment.queuedAt')}</th>
                  <th scope="col">{t('payment.eventType')}</th>
                  <th scope="col">{t('payment.deliveryStatus')}</th>
                  <th scope="col" className={styles.number}>
                    {t('payment.attempts')}
                  </th>
                  <th scope="col">{t('payment.lastAnswer')}</th>
                  <th scope="col">{t('payment.deliveredAt')}</th>
                </tr>
              </thead>
              <tbody>
                {deliveries.map((delivery) => (
                  <tr key={delivery.id}>
                    <td>{formatDateTime(delivery.createdAt, lng)}</td>
                    <td className={styles.mono}>{delivery.type}</td>
                    <td className={styles.status}>{t(`payment.deliveryStatuses.${delivery.status}`)}</td>
                    <td className={styles.number}>{delivery.attempts}</td>
                    <td>
                      {[delivery.lastStatusCode === null ? null : `HTTP ${delivery.lastStatusCode}`, delivery.lastError]
                        .filter(Boolean)
                        .join(' · ')}
                    </td>
                    <td>{when(delivery.deliveredAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
