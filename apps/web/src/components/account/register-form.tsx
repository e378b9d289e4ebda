'use client';

import type { FormField as FormFieldSpec } from '@playhouse/shared/contracts/accounts';
import { registrationResponseSchema } from '@playhouse/shared/contracts/accounts';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from '@/i18n/navigation';
import { browserApi } from '@/lib/browser-api';
import styles from './account-form.module.css';
import { FormError } from './form-error';
import { FormField } from './form-field';
import { SubmitButton } from './submit-button';
import { useAccountForm, type FormValues } from './use-account-form';
import { rememberNextAfterConfirmation } from './confirm-email-form';
import { useAltcha } from './use-altcha';

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

/**
 * Registration (POST /spa/users) with the fields /spa/forms/register describes and the ALTCHA captcha. The api answers
 * the same for every address: the account is created from the link it e-mails (confirm-email page).
 */
export function RegisterForm({ lng, fields, next }: RegisterFormProps) {
  const t = useTranslations('account');
  const tSignup = useTranslations('signup');
  const currency = fields.find((field) => field.name === 'currency')?.options?.[0]?.value ?? '';
  const form = useAccountForm(fields, { currency });
  const captcha = useAltcha(lng);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { setValue } = form;

  useEffect(() => {
    const guess = countryFromBrowser(fields.find((field) => field.name === 'country'));
    if (guess) setValue('country', guess);
  }, [fields, setValue]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.submitting || !form.validate()) return;
    form.setSubmitting(true);
    const body = registerBody(form.values);
    try {
      const solution = await captcha.take();
      await browserApi('/spa/users', registrationResponseSchema, {
        method: 'POST',
        locale: lng,
        body: { ...body, captcha: solution },
      });
      rememberNextAfterConfirmation(next);
      setSentTo(String(body.email));
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
        <h2 className={styles.sentTitle}>{tSignup('checkInbox.title')}</h2>
        <p role="status" className={styles.success}>
          {tSignup('checkInbox.body', { email: sentTo, hours: 24 })}
        </p>
        <p className={styles.aside}>{tSignup('checkInbox.hint')}</p>
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
