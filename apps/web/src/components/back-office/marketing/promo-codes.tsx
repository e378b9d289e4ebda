'use client';

import type { FormField as FormFieldSpec } from '@playhouse/shared/contracts/accounts';
import { PROMO_CODE_PATTERN, type Campaign } from '@playhouse/shared/contracts/marketing';
import type { Locale } from '@playhouse/shared/locales';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useMemo, useState } from 'react';
import { FormView } from '@/components/ui/form-view';
import { useForm } from '@/components/ui/use-form';
import { formatDateTime } from '@/lib/account/money-format';
import { addPromoCode } from '@/lib/back-office/marketing-api';
import styles from './marketing.module.css';
import { OfficeTable } from '../office-table';
import { officeField } from '@/components/back-office/field-specs';

/** A campaign's promo codes, and (for marketing, on a live promo-code campaign) the form that adds one. */
export function PromoCodes({
  campaign,
  canManage,
  onChanged,
}: {
  campaign: Campaign;
  canManage: boolean;
  onChanged: () => void;
}) {
  const t = useTranslations('boMarketing.promo');
  const lng = useLocale() as Locale;
  const headingId = useId();
  const [added, setAdded] = useState('');
  const fields = useMemo<FormFieldSpec[]>(
    () => [
      officeField('code', t('code'), { pattern: PROMO_CODE_PATTERN.source, maxLength: 32 }),
      {
        name: 'maxRedemptions',
        type: 'text',
        required: false,
        label: t('maxRedemptions'),
        constraints: { pattern: '^\\d{1,8}$' },
      },
      { name: 'expiresAt', type: 'date', required: false, label: t('expiresAt'), constraints: {} },
    ],
    [t],
  );
  const form = useForm(fields, {
    onSubmit: async (values) => {
      const max = String(values.maxRedemptions ?? '').trim();
      const until = String(values.expiresAt ?? '').trim();
      const code = await addPromoCode(lng, campaign.id, {
        code: String(values.code ?? '').trim(),
        maxRedemptions: max === '' ? null : Number(max),
        // Valid through the whole chosen day (UTC).
        expiresAt: until === '' ? null : new Date(`${until}T23:59:59Z`).toISOString(),
      });
      setAdded(code.code);
      form.reset();
      onChanged();
    },
  });
  const live = campaign.status !== 'ended' && campaign.trigger === 'promo_code';

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('title')}</h2>
      {campaign.promoCodes.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <OfficeTable
          caption={t('caption')}
          head={
            <>
              <th scope="col">{t('code')}</th>
              <th scope="col">{t('redemptions')}</th>
              <th scope="col">{t('expires')}</th>
              <th scope="col">{t('approval')}</th>
            </>
          }
        >
          {campaign.promoCodes.map((code) => (
            <tr key={code.id}>
              <td>{code.code}</td>
              <td>
                {code.redemptions} / {code.maxRedemptions ?? t('unlimited')}
              </td>
              <td>{code.expiresAt ? formatDateTime(code.expiresAt, lng) : t('never')}</td>
              <td>{code.approved ? t('approved') : t('waiting')}</td>
            </tr>
          ))}
        </OfficeTable>
      )}
      {canManage && live ? (
        <FormView
          form={form}
          submitLabel={t('add')}
          busyLabel={t('adding')}
          successMessage={added ? t('added', { code: added }) : ''}
        />
      ) : null}
      {canManage && !live && campaign.status !== 'ended' ? <p className={styles.note}>{t('onlyPromo')}</p> : null}
    </section>
  );
}
