'use client';

import type { FormField as FormFieldSpec, User } from '@playhouse/shared/contracts/accounts';
import { isOddType } from '@playhouse/shared/odds';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { FormView } from '@/components/ui/form-view';
import { useForm } from '@/components/ui/use-form';
import { saveTimezone } from '@/lib/account/account-api';
import { saveOddType } from '@/lib/sports/sports-api';

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
  const form = useForm(fields, {
    // Without a stored time zone the form proposes the browser's own (the daily call stores it too).
    initial: { ...initial, timezone: initial.timezone || browserTimezone(fields) },
    onSubmit: async ({ timezone, oddType }) => {
      if (timezone !== initial.timezone) await saveTimezone(lng, String(timezone));
      if (oddType !== initial.oddType && isOddType(oddType)) await saveOddType(lng, oddType);
      onSaved();
    },
  });

  return (
    <FormView
      form={form}
      submitLabel={t('profile.save')}
      busyLabel={t('profile.saving')}
      successMessage={t('profile.saved')}
    />
  );
}
