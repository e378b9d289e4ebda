'use client';

import type { FormField as FormFieldSpec } from '@playhouse/shared/contracts/accounts';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { FormView } from '@/components/ui/form-view';
import styles from '@/components/ui/form.module.css';
import { useForm } from '@/components/ui/use-form';
import { Link } from '@/i18n/navigation';
import { requestPasswordRecovery } from '@/lib/account/account-api';
import { useAltcha } from './use-altcha';

/** Password recovery (POST /spa/users/password/recovery): the same answer whether or not the address has an account. */
export function RecoveryForm({ lng, fields }: { lng: Locale; fields: FormFieldSpec[] }) {
  const t = useTranslations('account');
  const captcha = useAltcha(lng);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm(fields, {
    onSubmit: async (values) => {
      const email = String(values.email).trim();
      await requestPasswordRecovery(lng, email, await captcha.take());
      setSentTo(email);
    },
    onError: () => captcha.renew(),
  });
  const backToLogin = (
    <p className={styles.aside}>
      <Link href="/auth/login">{t('recovery.backToLogin')}</Link>
    </p>
  );

  if (sentTo !== null) {
    return (
      <div className={styles.form}>
        <p role="status" className={styles.success}>
          {t('recovery.sent', { email: sentTo })}
        </p>
        {backToLogin}
      </div>
    );
  }

  return (
    <FormView form={form} submitLabel={t('recovery.submit')} busyLabel={t('recovery.submitting')} footer={backToLogin}>
      <div className={styles.captcha}>{captcha.widget}</div>
    </FormView>
  );
}
