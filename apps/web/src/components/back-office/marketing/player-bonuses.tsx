'use client';

import type { FormField as FormFieldSpec } from '@playhouse/shared/contracts/accounts';
import type { BonusHistoryResponse } from '@playhouse/shared/contracts/bonuses';
import type { Locale } from '@playhouse/shared/locales';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useMemo, useState } from 'react';
import { FormView } from '@/components/ui/form-view';
import { useForm } from '@/components/ui/use-form';
import { formatDateTime, formatMoney } from '@/lib/account/money-format';
import { fetchPlayerBonuses } from '@/lib/back-office/marketing-api';
import { campaignFallbackName } from '@/lib/bonuses/bonus-text';
import styles from './marketing.module.css';
import { OfficeTable } from '../office-table';

/** A player's bonus history, looked up by e-mail or username (each look-up is an audited view of personal data). */
export function PlayerBonuses() {
  const t = useTranslations('boMarketing');
  const tb = useTranslations('bonuses');
  const lng = useLocale() as Locale;
  const headingId = useId();
  const [shown, setShown] = useState<{ login: string; history: BonusHistoryResponse } | null>(null);
  const fields = useMemo<FormFieldSpec[]>(
    () => [{ name: 'login', type: 'text', required: true, label: t('history.login'), constraints: { maxLength: 254 } }],
    [t],
  );
  const form = useForm(fields, {
    onSubmit: async (values) => {
      const login = String(values.login ?? '').trim();
      setShown({ login, history: await fetchPlayerBonuses(lng, login) });
    },
  });
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('history.title')}</h2>
      <FormView form={form} submitLabel={t('history.show')} busyLabel={t('history.show')} />
      {shown ? (
        shown.history.items.length === 0 ? (
          <p>{t('history.empty')}</p>
        ) : (
          <OfficeTable
            caption={t('history.caption', { login: shown.login })}
            head={
              <>
                <th scope="col">{t('history.created')}</th>
                <th scope="col">{t('history.campaign')}</th>
                <th scope="col">{t('history.status')}</th>
                <th scope="col">{t('history.amount')}</th>
                <th scope="col">{t('history.wagered')}</th>
              </>
            }
          >
            {shown.history.items.map((item) => (
              <tr key={item.id}>
                <td>{formatDateTime(item.createdAt, lng)}</td>
                <td>{campaignFallbackName(item, lng)}</td>
                <td>{tb(`status.${item.status}`)}</td>
                <td>{item.amount === null ? '' : formatMoney(item.amount, item.currencyCode, lng)}</td>
                <td>
                  {formatMoney(item.wagered, item.currencyCode, lng)} /{' '}
                  {formatMoney(item.wagerRequired, item.currencyCode, lng)}
                </td>
              </tr>
            ))}
          </OfficeTable>
        )
      ) : null}
    </section>
  );
}
