'use client';

import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { formatDateTime, formatMoney } from '@/lib/account/money-format';
import { fetchPaymentDetail } from '@/lib/back-office/money-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import styles from './money.module.css';
import { MoneyPending, MoneyTableSection } from './money-table';

const OUTCOMES = new Set(['applied', 'ignored', 'unknown_payment', 'mismatch']);

/** A deposit with every webhook the api received for it (and what each did) and the provider's delivery attempts. */
export function PaymentDetail({ lng, id }: { lng: Locale; id: string }) {
  const t = useTranslations('boMoney');
  const detail = useSWR(['back-office', 'money-payment', id], () => fetchPaymentDetail(lng, id), SWR_OPTIONS);
  if (detail.error || !detail.data) {
    return <MoneyPending failed={Boolean(detail.error)} onRetry={() => void detail.mutate()} />;
  }
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

      <MoneyTableSection
        title={t('payment.webhooks')}
        hint={t('payment.webhooksHint')}
        columns={[t('payment.receivedAt'), t('payment.eventType'), t('payment.outcome'), t('payment.eventId')]}
        instead={webhooks.length === 0 ? <p>{t('payment.noWebhooks')}</p> : null}
      >
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
      </MoneyTableSection>

      <MoneyTableSection
        title={t('payment.deliveries')}
        hint={t('payment.deliveriesHint')}
        columns={[
          t('payment.queuedAt'),
          t('payment.eventType'),
          t('payment.deliveryStatus'),
          { label: t('payment.attempts'), numeric: true },
          t('payment.lastAnswer'),
          t('payment.deliveredAt'),
        ]}
        instead={deliveries.length === 0 ? <p>{t('payment.noDeliveries')}</p> : null}
      >
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
      </MoneyTableSection>
    </div>
  );
}
