'use client';

import type { FormField as FormFieldSpec } from '@playhouse/shared/contracts/accounts';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { PhoneCountryContext } from '@/components/ui/phone-field';
import { FormView } from '@/components/ui/form-view';
import styles from '@/components/ui/form.module.css';
import { useForm, type FormValues } from '@/components/ui/use-form';
import { Link } from '@/i18n/navigation';
import { register } from '@/lib/account/account-api';
import { rememberNextAfterConfirmation } from './confirm-email-form';
import { useAltcha } from './use-altcha';

type RegisterFormProps = {
  lng: Locale;
  fields: FormFieldSpec[];
  next: string;
  /** The visitor's country as the edge located it (GEO_IPCOUNTRY), when it did. */
  countryGuess?: string | null;
};

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
export function RegisterForm({ lng, fields, next, countryGuess = null }: RegisterFormProps) {
  const t = useTranslations('account');
  const tSignup = useTranslations('signup');
  const currency = fields.find((field) => field.name === 'currency')?.options?.[0]?.value ?? '';
  const captcha = useAltcha(lng);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm(fields, {
    initial: { currency },
    onSubmit: async (values) => {
      const body = registerBody(values);
      await register(lng, body, await captcha.take());
      rememberNextAfterConfirmation(next);
      setSentTo(String(body.email));
    },
    onError: () => captcha.renew(),
  });
  const { setValue } = form;

  const countryField = fields.find((field) => field.name === 'country');
  const located = countryField?.options?.some((option) => option.value === countryGuess) ? countryGuess : null;
  useEffect(() => {
    // Where the visitor is, when the edge says so; else what the browser's languages suggest.
    const guess = located ?? countryFromBrowser(countryField);
    if (guess) setValue('country', guess);
  }, [countryField, located, setValue]);

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
    <PhoneCountryContext value={located}>
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
        <div className={styles.captcha}>{captcha.widget}</div>
      </FormView>
    </PhoneCountryContext>
  );
}
