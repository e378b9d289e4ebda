'use client';

import type { FormField as FormFieldSpec } from '@playhouse/shared/contracts/accounts';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { FormView } from '@/components/ui/form-view';
import { resetPassword } from '@/lib/account/account-api';
import { useSignInForm } from './use-sign-in';

type ResetPasswordFormProps = { lng: Locale; token: string; fields: FormFieldSpec[] };

/** A new password with the e-mailed link (POST /spa/users/password/reset); the api signs the player in. */
export function ResetPasswordForm({ lng, token, fields }: ResetPasswordFormProps) {
  const t = useTranslations('account');
  const form = useSignInForm(fields, {
    next: '/',
    send: (values) => resetPassword(lng, token, String(values.password)),
  });

  return <FormView form={form} submitLabel={t('reset.submit')} busyLabel={t('reset.submitting')} />;
}
