'use client';

import type { FormField } from '@playhouse/shared/contracts/accounts';
import { CURRENCY_CODES, isCurrency } from '@playhouse/shared/money';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId, useMemo, useState } from 'react';
import useSWR from 'swr';
import { FormView } from '@/components/ui/form-view';
import { LoadError } from '@/components/ui/load-error';
import { useForm } from '@/components/ui/use-form';
import { formatDateTime, formatMoney } from '@/lib/account/money-format';
import { MONEY_SETTINGS_PATH, fetchMoneySettings, setAdjustmentThreshold } from '@/lib/back-office/money-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import styles from './money.module.css';

/** Admins: the four-eyes threshold of manual adjustments per currency, and the form that changes one. */
export function ThresholdSettings({ lng }: { lng: Locale }) {
  const t = useTranslations('boMoney');
  const tableId = useId();
  const settings = useSWR(['back-office', MONEY_SETTINGS_PATH], () => fetchMoneySettings(lng), SWR_OPTIONS);
  const [saved, setSaved] = useState('');
  const fields = useMemo<FormField[]>(
    () => [
      {
        name: 'currency',
        type: 'select',
        required: true,
        label: t('settings.currency'),
        constraints: {},
        options: CURRENCY_CODES.map((code) => ({ value: code, label: code })),
      },
      {
        name: 'amount',
        type: 'text',
        required: true,
        label: t('settings.amount'),
        autocomplete: 'off',
        constraints: { pattern: '\\d{1,12}(\\.\\d{1,2})?' },
      },
    ],
    [t],
  );
  const form = useForm(fields, {
    initial: { currency: 'EUR' },
    onSubmit: async (values) => {
      const currency = String(values.currency);
      // The select offers only currencies; the form checked a choice was made.
      if (!isCurrency(currency)) return;
      const threshold = await setAdjustmentThreshold(lng, { currency, amount: String(values.amount).trim() });
      setSaved(
        t('settings.saved', {
          currency: threshold.currency,
          amount: formatMoney(threshold.amount, threshold.currency, lng),
        }),
      );
      await settings.mutate();
    },
  });

  return (
    <div className={styles.page}>
      <section className={styles.section}>
        <h2 id={tableId}>{t('settings.thresholds')}</h2>
        <p className={styles.hint}>{t('settings.intro')}</p>
        {settings.error ? (
          <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void settings.mutate()} />
        ) : !settings.data ? (
          <p role="status">{t('loading')}</p>
        ) : (
          <div className={styles.tableWrap} role="region" aria-labelledby={tableId} tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('settings.currency')}</th>
                  <th scope="col" className={styles.number}>
                    {t('settings.threshold')}
                  </th>
                  <th scope="col">{t('settings.updatedBy')}</th>
                  <th scope="col">{t('settings.updatedAt')}</th>
                </tr>
              </thead>
              <tbody>
                {settings.data.thresholds.map((row) => (
                  <tr key={row.currency}>
                    <th scope="row">{row.currency}</th>
                    <td className={styles.number}>
                      {formatMoney(row.amount, row.currency, lng)}
                      {row.isDefault ? ` (${t('settings.default')})` : ''}
                    </td>
                    <td>{row.updatedBy?.login ?? ''}</td>
                    <td>{row.updatedAt ? formatDateTime(row.updatedAt, lng) : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className={styles.section}>
        <h2>{t('settings.change')}</h2>
        <FormView form={form} submitLabel={t('settings.submit')} busyLabel={t('busy')} successMessage={saved} />
      </section>
    </div>
  );
}
