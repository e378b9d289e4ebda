'use client';

import type { FormField as FormFieldSpec } from '@playhouse/shared/contracts/accounts';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { FormView } from '@/components/ui/form-view';
import styles from '@/components/ui/form.module.css';
import { Link } from '@/i18n/navigation';
import { logIn } from '@/lib/account/account-api';
import { useSignInForm } from './use-sign-in';
import { useSignInCaptcha } from './use-sign-in-captcha';

type LoginFormProps = { lng: Locale; fields: FormFieldSpec[]; next: string };

/** Login with e-mail or username and password (POST /spa/auth/login). */
export function LoginForm({ lng, fields, next }: LoginFormProps) {
  const t = useTranslations('account');
  const captcha = useSignInCaptcha(lng);
  const form = useSignInForm(fields, {
    next,
    send: (values) =>
      captcha.send((solved) =>
        logIn(lng, { login: String(values.login), password: String(values.password), captcha: solved }),
      ),
  });

  return (
    <FormView
      form={form}
      submitLabel={t('login.submit')}
      busyLabel={t('login.submitting')}
      footer={
        <>
          <p className={styles.aside}>
            <Link href="/auth/password-recovery">{t('login.forgotPassword')}</Link>
          </p>
          <p className={styles.aside}>
            {t('login.noAccount')}{' '}
            <Link href={next === '/' ? '/auth/register' : { pathname: '/auth/register', query: { next } }}>
              {t('login.registerLink')}
            </Link>
          </p>
        </>
      }
    >
      {captcha.widget ? <div className={styles.captcha}>{captcha.widget}</div> : null}
    </FormView>
  );
}
