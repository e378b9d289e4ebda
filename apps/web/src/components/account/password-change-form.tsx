'use client';

import type { FormField as FormFieldSpec } from '@playhouse/shared/contracts/accounts';
import { passwordChangeResponseSchema } from '@playhouse/shared/contracts/accounts';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { browserApi } from '@/lib/browser-api';
import styles from '@/components/ui/form.module.css';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { useAccountForm } from '@/components/ui/use-form';

type PasswordChangeFormProps = { lng: Locale; username: string; fields: FormFieldSpec[] };

/** Password change (POST /spa/users/password): every other session ends, this one goes on with a new cookie. */
export function PasswordChangeForm({ lng, username, fields }: PasswordChangeFormProps) {
  const t = useTranslations('account');
  const form = useAccountForm(fields);
  const [changed, setChanged] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChanged(false);
    if (form.submitting || !form.validate()) return;
    form.setSubmitting(true);
    try {
      await browserApi('/spa/users/password', passwordChangeResponseSchema, {
        method: 'POST',
        locale: lng,
        body: { currentPassword: form.values.currentPassword, newPassword: form.values.newPassword },
      });
      for (const field of fields) form.setValue(field.name, '');
      setChanged(true);
    } catch (error) {
      form.showApiError(error);
    } finally {
      form.setSubmitting(false);
    }
  }

  return (
    <form className={styles.form} noValidate onSubmit={submit}>
      {/* Tells password managers whose password this is. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
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
      <div role="status">{changed ? <p className={styles.success}>{t('profile.passwordChanged')}</p> : null}</div>
      <SubmitButton busy={form.submitting} busyLabel={t('profile.saving')}>
        {t('profile.passwordSubmit')}
      </SubmitButton>
    </form>
  );
}
