'use client';

import type { FormField as FormFieldSpec } from '@playhouse/shared/contracts/accounts';
import { passwordRecoveryResponseSchema } from '@playhouse/shared/contracts/accounts';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Link } from '@/i18n/navigation';
import { browserApi } from '@/lib/browser-api';
import styles from './account-form.module.css';
import { FormError } from './form-error';
import { FormField } from './form-field';
import { SubmitButton } from './submit-button';
import { useAccountForm } from './use-account-form';
import { useAltcha } from './use-altcha';

/** Password recovery (POST /spa/users/password/recovery): the same answer whether or not the address has an account. */
export function RecoveryForm({ lng, fields }: { lng: Locale; fields: FormFieldSpec[] }) {
  const t = useTranslations('account');
  const form = useAccountForm(fields);
  const captcha = useAltcha(lng);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.submitting || !form.validate()) return;
    form.setSubmitting(true);
    const email = String(form.values.email).trim();
    try {
      const solution = await captcha.take();
      await browserApi('/spa/users/password/recovery', passwordRecoveryResponseSchema, {
        method: 'POST',
        locale: lng,
        body: { email, captcha: solution },
      });
      setSentTo(email);
    } catch (error) {
      form.showApiError(error);
      captcha.renew();
    } finally {
      form.setSubmitting(false);
    }
  }

  if (sentTo !== null) {
    return (
      <div className={styles.form}>
        <p role="status" className={styles.success}>
          {t('recovery.sent', { email: sentTo })}
        </p>
        <p className={styles.aside}>
          <Link href="/auth/login">{t('recovery.backToLogin')}</Link>
        </p>
      </div>
    );
  }

  return (
    <form className={styles.form} noValidate onSubmit={submit}>
      <FormError message={form.formError} />
      {fields.map((field) => (
        <FormField
          key={field.name}
          field={field}
          id={form.fieldId(field.name)}
          value={form.values[field.name] ?? ''}
          error={form.errors[field.name]}
          onChange={(value) => form.setValue(field.name, value)}
        />
      ))}
      <div className={styles.captcha}>{captcha.widget}</div>
      <SubmitButton busy={form.submitting} busyLabel={t('recovery.submitting')}>
        {t('recovery.submit')}
      </SubmitButton>
      <p className={styles.aside}>
        <Link href="/auth/login">{t('recovery.backToLogin')}</Link>
      </p>
    </form>
  );
}
