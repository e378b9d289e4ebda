'use client';

import type { FormField } from '@playhouse/shared/contracts/accounts';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { FormView } from '@/components/ui/form-view';
import { useForm } from '@/components/ui/use-form';
import { saveTabDisplaySettings } from '@/lib/account/account-api';
import { useAccountTabLabels, useAccountTabs } from './account-tabs';

/** Which optional entries the account menu shows (GET/PUT /spa/users/profile/tab-display-settings). */
export function TabSettingsForm({ lng }: { lng: Locale }) {
  const { data: tabs, mutate } = useAccountTabs(lng);
  // The form starts from the stored settings: it waits for them rather than showing every box ticked.
  return tabs ? (
    <TabSettings
      key={tabs.map((entry) => `${entry.tab}:${entry.visible}`).join()}
      lng={lng}
      tabs={tabs}
      onSaved={(next) => void mutate(next, { revalidate: false })}
    />
  ) : null;
}

type Tabs = NonNullable<ReturnType<typeof useAccountTabs>['data']>;

function TabSettings({ lng, tabs, onSaved }: { lng: Locale; tabs: Tabs; onSaved: (tabs: Tabs) => void }) {
  const t = useTranslations('account');
  const labels = useAccountTabLabels();
  const optional = tabs.filter((entry) => !entry.required);
  const fields: FormField[] = optional.map((entry) => ({
    name: entry.tab,
    type: 'checkbox',
    required: false,
    label: t('profile.tabShown', { tab: labels[entry.tab] }),
    constraints: {},
  }));
  const form = useForm(fields, {
    initial: Object.fromEntries(optional.map((entry) => [entry.tab, entry.visible])),
    onSubmit: async (values) => {
      const hidden = optional.filter((entry) => values[entry.tab] !== true).map((entry) => entry.tab);
      onSaved(await saveTabDisplaySettings(lng, hidden));
    },
  });
  return (
    <>
      <p>{t('profile.tabsHint')}</p>
      <FormView
        form={form}
        submitLabel={t('profile.save')}
        busyLabel={t('profile.saving')}
        successMessage={t('profile.saved')}
      />
    </>
  );
}
