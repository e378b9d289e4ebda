'use client';

import type { FormField as FormFieldSpec } from '@playhouse/shared/contracts/accounts';
import { userResponseSchema } from '@playhouse/shared/contracts/accounts';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import type { FormEvent } from 'react';
import { browserApi } from '@/lib/browser-api';
import styles from '@/components/ui/form.module.css';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { useAccountForm } from '@/components/ui/use-form';
import { useSignIn } from './use-sign-in';

type ResetPasswordFormProps = { lng: Locale; token: string; fields: FormFieldSpec[] };

/** A new password with the e-mailed link (POST /spa/users/password/reset); the api signs the player in. */
export function ResetPasswordForm({ lng, token, fields }: ResetPasswordFormProps) {
  const t = useTranslations('account');
  const form = useAccountForm(fields);
  const signIn = useSignIn();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.submitting || !form.validate()) return;
    form.setSubmitting(true);
    try {
      const { user } = await browserApi('/spa/users/password/reset', userResponseSchema, {
        method: 'POST',
        locale: lng,
        body: { token, password: form.values.password },
      });
      signIn(user, '/');
    } catch (error) {
      form.showApiError(error);
      form.setSubmitting(false);
    }
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
      <SubmitButton busy={form.submitting} busyLabel={t('reset.submitting')}>
        {t('reset.submit')}
      </SubmitButton>
    </form>
  );
}
