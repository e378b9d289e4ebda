'use client';

import type { FormField as FormFieldSpec } from '@playhouse/shared/contracts/accounts';
import { userResponseSchema } from '@playhouse/shared/contracts/accounts';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useEffect, type FormEvent } from 'react';
import { Link } from '@/i18n/navigation';
import { browserApi } from '@/lib/browser-api';
import styles from '@/components/ui/form.module.css';
import { CaptchaStatus } from './captcha-status';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { useAccountForm, type FormValues } from '@/components/ui/use-form';
import { useCaptcha } from './use-captcha';
import { useSignIn } from './use-sign-in';

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
  const form = useAccountForm(fields, { currency });
  const captcha = useCaptcha();
  const signIn = useSignIn();
  const { setValue } = form;

  useEffect(() => {
    const guess = countryFromBrowser(fields.find((field) => field.name === 'country'));
    if (guess) setValue('country', guess);
  }, [fields, setValue]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.submitting || !form.validate()) return;
    form.setSubmitting(true);
    try {
      const solution = await captcha.take();
      const { user } = await browserApi('/spa/users', userResponseSchema, {
        method: 'POST',
        locale: lng,
        body: { ...registerBody(form.values), captcha: solution },
      });
      signIn(user, next);
    } catch (error) {
      form.showApiError(error);
      form.setSubmitting(false);
      captcha.prepare();
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
      <CaptchaStatus state={captcha.state} />
      <SubmitButton busy={form.submitting} busyLabel={t('register.submitting')}>
        {t('register.submit')}
      </SubmitButton>
      <p className={styles.aside}>
        {t('register.haveAccount')}{' '}
        <Link href={next === '/' ? '/auth/login' : { pathname: '/auth/login', query: { next } }}>
          {t('register.loginLink')}
        </Link>
      </p>
    </form>
  );
}
