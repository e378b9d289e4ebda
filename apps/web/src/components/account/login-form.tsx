'use client';

import type { FormField as FormFieldSpec } from '@playhouse/shared/contracts/accounts';
import { userResponseSchema } from '@playhouse/shared/contracts/accounts';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import type { FormEvent } from 'react';
import { Link } from '@/i18n/navigation';
import { browserApi } from '@/lib/browser-api';
import styles from '@/components/ui/form.module.css';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { useAccountForm } from '@/components/ui/use-form';
import { useSignIn } from './use-sign-in';

type LoginFormProps = { lng: Locale; fields: FormFieldSpec[]; next: string };

/** Login with e-mail or username and password (POST /spa/auth/login). */
export function LoginForm({ lng, fields, next }: LoginFormProps) {
  const t = useTranslations('account');
  const form = useAccountForm(fields);
  const signIn = useSignIn();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.submitting || !form.validate()) return;
    form.setSubmitting(true);
    try {
      const { user } = await browserApi('/spa/auth/login', userResponseSchema, {
        method: 'POST',
        locale: lng,
        body: { login: form.values.login, password: form.values.password },
      });
      signIn(user, next);
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
      <SubmitButton busy={form.submitting} busyLabel={t('login.submitting')}>
        {t('login.submit')}
      </SubmitButton>
      <p className={styles.aside}>
        <Link href="/auth/password-recovery">{t('login.forgotPassword')}</Link>
      </p>
      <p className={styles.aside}>
        {t('login.noAccount')}{' '}
        <Link href={next === '/' ? '/auth/register' : { pathname: '/auth/register', query: { next } }}>
          {t('login.registerLink')}
        </Link>
      </p>
    </form>
  );
}
