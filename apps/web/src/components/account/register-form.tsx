'use client';

import type { FormField as FormFieldSpec } from '@playhouse/shared/contracts/accounts';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { FormView } from '@/components/ui/form-view';
import styles from '@/components/ui/form.module.css';
import type { FormValues } from '@/components/ui/use-form';
import { Link } from '@/i18n/navigation';
import { register } from '@/lib/account/account-api';
import { CaptchaStatus } from './captcha-status';
import { useCaptcha } from './use-captcha';
import { useSignInForm } from './use-sign-in';

type RegisterFormProps = { lng: Locale; fields: FormFieldSpec[]; next: string };

/** The body of POST /spa/users from the form's values: optional fields left out when empty. */
export function registerBody(values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === '' && name === 'promoCode') continue;
    body[name] = typeof value === 'string' ? value.trim() : value;
  }
  return body;
}

/** The visitor's country as the browser's language settings suggest it ("de-AT" → "AT"), if the form offers it. */
function countryFromBrowser(field: FormFieldSpec | undefined): string {
  const region = globalThis.navigator?.languages
    ?.map((tag) => /-([A-Z]{2})\b/i.exec(tag)?.[1]?.toUpperCase())
    .find((candidate) => candidate && field?.options?.some((option) => option.value === candidate));
  return region ?? '';
}

/** Registration (POST /spa/users) with the fields /spa/forms/register describes and the proof-of-work captcha. */
export function RegisterForm({ lng, fields, next }: RegisterFormProps) {
  const t = useTranslations('account');
  const currency = fields.find((field) => field.name === 'currency')?.options?.[0]?.value ?? '';
  const captcha = useCaptcha();
  const form = useSignInForm(fields, {
    initial: { currency },
    next,
    send: async (values) => register(lng, registerBody(values), await captcha.take()),
    onError: () => captcha.prepare(),
  });
  const { setValue } = form;

  useEffect(() => {
    const guess = countryFromBrowser(fields.find((field) => field.name === 'country'));
    if (guess) setValue('country', guess);
  }, [fields, setValue]);

  return (
    <FormView
      form={form}
      submitLabel={t('register.submit')}
      busyLabel={t('register.submitting')}
      footer={
        <p className={styles.aside}>
          {t('register.haveAccount')}{' '}
          <Link href={next === '/' ? '/auth/login' : { pathname: '/auth/login', query: { next } }}>
            {t('register.loginLink')}
          </Link>
        </p>
      }
    >
      <CaptchaStatus state={captcha.state} />
    </FormView>
  );
}
