'use client';

import type { FormField } from '@playhouse/shared/contracts/accounts';
import { isCurrency, type Currency } from '@playhouse/shared/money';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { FormView } from '@/components/ui/form-view';
import { useForm, type FormValues } from '@/components/ui/use-form';
import { formatDateTime, formatMoney } from '@/lib/account/money-format';
import {
  CAMPAIGN_LIMITS_PATH,
  MONEY_SETTINGS_PATH,
  fetchCampaignLimits,
  fetchMoneySettings,
  setAdjustmentThreshold,
  setCampaignLimits,
} from '@/lib/back-office/money-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { FourEyesRequests, requestsKey } from '../requests/four-eyes-requests';
import styles from './money.module.css';
import { MoneyTableSection, pendingOf } from './money-table';
import { currencyField, officeField } from '@/components/back-office/field-specs';

/**
 * Admins: the settings that widen what one person may do alone, per currency: the four-eyes threshold of manual
 * adjustments and the campaign limits. A change is a request; another admin approves it in the list below.
 */
export function ThresholdSettings({ lng, meId }: { lng: Locale; meId: number }) {
  const t = useTranslations('boMoney');
  const settings = useSWR(['back-office', MONEY_SETTINGS_PATH], () => fetchMoneySettings(lng), SWR_OPTIONS);
  const { mutate: mutateKey } = useSWRConfig();
  const fields = useMemo(
    () => [officeField('amount', t('settings.amount'), { pattern: '\\d{1,12}(\\.\\d{1,2})?' })],
    [t],
  );
  const { form, asked: saved } = useCurrencyRequest(fields, async (currency, values) => {
    const amount = String(values.amount).trim();
    await setAdjustmentThreshold(lng, { currency, amount });
    return t('settings.asked', { currency, amount: formatMoney(amount, currency, lng) });
  });

  return (
    <div className={styles.page}>
      <MoneyTableSection
        title={t('settings.thresholds')}
        hint={t('settings.intro')}
        columns={[
          t('settings.currency'),
          { label: t('settings.threshold'), numeric: true },
          t('settings.updatedBy'),
          t('settings.updatedAt'),
        ]}
        instead={pendingOf(settings)}
      >
        {settings.data?.thresholds.map((row) => (
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
      </MoneyTableSection>
      <section className={styles.section}>
        <h2>{t('settings.change')}</h2>
        <FormView form={form} submitLabel={t('settings.submit')} busyLabel={t('busy')} successMessage={saved} />
      </section>
      <CampaignLimitSettings lng={lng} />
      <FourEyesRequests
        lng={lng}
        area="settings"
        meId={meId}
        canDecide
        title={t('settings.requests')}
        onDecided={() => {
          void settings.mutate();
          void mutateKey(['back-office', CAMPAIGN_LIMITS_PATH]);
        }}
      />
    </div>
  );
}

/** A decimal amount with at most two decimals, as the campaign limits take it. */
const AMOUNT_PATTERN = '\\d{1,9}(\\.\\d{1,2})?';

/** The campaign limits per currency and the form that asks for new ones (a second admin approves them). */
function CampaignLimitSettings({ lng }: { lng: Locale }) {
  const t = useTranslations('boMoney');
  const limits = useSWR(['back-office', CAMPAIGN_LIMITS_PATH], () => fetchCampaignLimits(lng), SWR_OPTIONS);
  const fields = useMemo(
    () => [
      officeField('maxAmount', t('limits.maxAmount'), { pattern: AMOUNT_PATTERN }),
      officeField('minWager', t('limits.minWager'), { pattern: '\\d{1,3}' }),
      officeField('maxCashout', t('limits.maxCashout'), { pattern: AMOUNT_PATTERN }),
    ],
    [t],
  );
  const { form, asked } = useCurrencyRequest(fields, async (currency, values) => {
    await setCampaignLimits(lng, {
      currency,
      maxAmount: String(values.maxAmount).trim(),
      minWager: Number(values.minWager),
      maxCashout: String(values.maxCashout).trim(),
    });
    return t('limits.asked', { currency });
  });

  return (
    <>
      <MoneyTableSection
        title={t('limits.title')}
        hint={t('limits.intro')}
        columns={[
          t('settings.currency'),
          { label: t('limits.maxAmount'), numeric: true },
          { label: t('limits.minWager'), numeric: true },
          { label: t('limits.maxCashout'), numeric: true },
          t('settings.updatedBy'),
        ]}
        instead={pendingOf(limits)}
      >
        {limits.data?.limits.map((row) => (
          <tr key={row.currency}>
            <th scope="row">
              {row.currency}
              {row.isDefault ? ` (${t('settings.default')})` : ''}
            </th>
            <td className={styles.number}>{formatMoney(row.maxAmount, row.currency, lng)}</td>
            <td className={styles.number}>{t('limits.times', { wager: row.minWager })}</td>
            <td className={styles.number}>{formatMoney(row.maxCashout, row.currency, lng)}</td>
            <td>{row.updatedBy?.login ?? ''}</td>
          </tr>
        ))}
      </MoneyTableSection>
      <section className={styles.section}>
        <h2>{t('limits.change')}</h2>
        <FormView form={form} submitLabel={t('limits.submit')} busyLabel={t('busy')} successMessage={asked} />
      </section>
    </>
  );
}

/**
 * A settings form that asks, per currency, for a change a second admin approves: the currency's select first (EUR
 * to start), then `fields`. `ask` sends the request and answers what was asked; the requests list is read again.
 */
function useCurrencyRequest(fields: FormField[], ask: (currency: Currency, values: FormValues) => Promise<string>) {
  const t = useTranslations('boMoney');
  const { mutate } = useSWRConfig();
  const [asked, setAsked] = useState('');
  const allFields = useMemo(() => [currencyField(t('settings.currency')), ...fields], [t, fields]);
  const form = useForm(allFields, {
    initial: { currency: 'EUR' },
    onSubmit: async (values) => {
      const currency = String(values.currency);
      // The select offers only currencies; the form checked a choice was made.
      if (!isCurrency(currency)) return;
      setAsked(await ask(currency, values));
      await mutate(requestsKey('settings'));
    },
  });
  return { form, asked };
}
