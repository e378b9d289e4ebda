'use client';

import type { FormField as FormFieldSpec, User } from '@playhouse/shared/contracts/accounts';
import { timezoneResponseSchema } from '@playhouse/shared/contracts/accounts';
import { oddTypeResponseSchema } from '@playhouse/shared/contracts/sports';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { browserApi } from '@/lib/browser-api';
import styles from '@/components/ui/form.module.css';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { useAccountForm } from '@/components/ui/use-form';

function browserTimezone(fields: FormFieldSpec[]): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const options = fields.find((field) => field.name === 'timezone')?.options ?? [];
  return options.some((option) => option.value === zone) ? zone : '';
}

type PreferencesFormProps = { lng: Locale; fields: FormFieldSpec[]; user: User; onSaved: () => void };

/** Time zone and odds format (the user-properties form), each saved by its own call when it changed. */
export function PreferencesForm({ lng, fields, user, onSaved }: PreferencesFormProps) {
  const t = useTranslations('account');
  const initial = { timezone: user.timezone ?? '', oddType: user.oddType };
  // Without a stored time zone the form proposes the browser's own (the daily call stores it too).
  const proposed = { ...initial, timezone: initial.timezone || browserTimezone(fields) };
  const form = useAccountForm(fields, proposed);
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    if (form.submitting || !form.validate()) return;
    form.setSubmitting(true);
    try {
      if (form.values.timezone !== initial.timezone) {
        await browserApi('/spa/users/timezone', timezoneResponseSchema, {
          method: 'PUT',
          locale: lng,
          body: { timezone: form.values.timezone },
        });
      }
      if (form.values.oddType !== initial.oddType) {
        await browserApi('/spa/users/odd-type', oddTypeResponseSchema, {
          method: 'PUT',
          locale: lng,
          body: { oddType: form.values.oddType },
        });
      }
      setSaved(true);
      onSaved();
    } catch (error) {
      form.showApiError(error);
    } finally {
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
      <div role="status">{saved ? <p className={styles.success}>{t('profile.saved')}</p> : null}</div>
      <SubmitButton busy={form.submitting} busyLabel={t('profile.saving')}>
        {t('profile.save')}
      </SubmitButton>
    </form>
  );
}
