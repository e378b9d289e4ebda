'use client';

import type { FormField as FormFieldSpec } from '@playhouse/shared/contracts/accounts';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { FormView } from '@/components/ui/form-view';
import { useForm } from '@/components/ui/use-form';
import { changePassword } from '@/lib/account/account-api';

type PasswordChangeFormProps = { lng: Locale; username: string; fields: FormFieldSpec[] };

/** Password change (POST /spa/users/password): every other session ends, this one goes on with a new cookie. */
export function PasswordChangeForm({ lng, username, fields }: PasswordChangeFormProps) {
  const t = useTranslations('account');
  const form = useForm(fields, {
    onSubmit: async (values) => {
      await changePassword(lng, String(values.currentPassword), String(values.newPassword));
      form.reset();
    },
  });

  return (
    <FormView
      form={form}
      submitLabel={t('profile.passwordSubmit')}
      busyLabel={t('profile.saving')}
      successMessage={t('profile.passwordChanged')}
    >
      {/* Tells password managers whose password this is. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
    </FormView>
  );
}
