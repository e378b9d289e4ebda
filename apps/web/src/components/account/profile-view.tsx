'use client';

import type { FormField as FormFieldSpec, User } from '@playhouse/shared/contracts/accounts';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useSWRConfig } from 'swr';
import { ProfileBonusSection } from '@/components/bonuses/profile-bonus-section';
import { formatDate, formatDateTime } from '@/lib/account/money-format';
import { NetDeposits } from '@/components/protection/net-deposits';
import { FactsList } from '@/components/ui/facts-list';
import { DepositLimits } from './deposit-limits';
import { PasswordChangeForm } from './password-change-form';
import { PreferencesForm } from './preferences-form';
import styles from './profile-view.module.css';
import { CURRENT_USER_PATH } from '@/lib/account/account-api';
import { SessionGate } from './session-gate';
import { TabSettingsForm } from './tab-settings-form';

type ProfileViewProps = {
  lng: Locale;
  passwordFields: FormFieldSpec[];
  preferenceFields: FormFieldSpec[];
  /** Names of the countries in the page's language, by code. */
  countryNames: Record<string, string>;
};

/**
 * The signed-in player's profile: account details, password change, preferences, the account menu's entries and
 * deposit limits.
 */
export function ProfileView({ lng, passwordFields, preferenceFields, countryNames }: ProfileViewProps) {
  return (
    <SessionGate next="/profile">
      {(user) => (
        <Profile
          lng={lng}
          user={user}
          passwordFields={passwordFields}
          preferenceFields={preferenceFields}
          countryNames={countryNames}
        />
      )}
    </SessionGate>
  );
}

function Profile({ lng, user, passwordFields, preferenceFields, countryNames }: ProfileViewProps & { user: User }) {
  const t = useTranslations('account');
  const { mutate } = useSWRConfig();
  const notSet = t('profile.notSet');
  const details: [string, string][] = [
    [t('profile.email'), user.email],
    [t('profile.username'), user.username],
    [t('profile.phone'), user.phone ?? notSet],
    [t('profile.country'), user.country ? (countryNames[user.country] ?? user.country) : notSet],
    [t('profile.currency'), user.currency],
    [t('profile.dateOfBirth'), user.dateOfBirth ? formatDate(user.dateOfBirth, lng) : notSet],
    [t('profile.memberSince'), formatDateTime(user.createdAt, lng)],
  ];

  return (
    <div className={styles.sections}>
      <section aria-labelledby="profile-details" className={styles.section}>
        <h2 id="profile-details">{t('profile.detailsTitle')}</h2>
        <FactsList facts={details} className={styles.details} />
      </section>
      <NetDeposits lng={lng} />
      <ProfileBonusSection className={styles.section} />
      <section aria-labelledby="profile-preferences" className={styles.section}>
        <h2 id="profile-preferences">{t('profile.preferencesTitle')}</h2>
        <PreferencesForm
          lng={lng}
          fields={preferenceFields}
          user={user}
          onSaved={() => void mutate([CURRENT_USER_PATH, lng])}
        />
      </section>
      <section aria-labelledby="profile-tabs" className={styles.section}>
        <h2 id="profile-tabs">{t('profile.tabsTitle')}</h2>
        <TabSettingsForm lng={lng} />
      </section>
      <section aria-labelledby="profile-limits" className={styles.section}>
        <h2 id="profile-limits">{t('profile.limitsTitle')}</h2>
        <DepositLimits lng={lng} currency={user.currency} />
      </section>
      <section aria-labelledby="profile-password" className={styles.section}>
        <h2 id="profile-password">{t('profile.passwordTitle')}</h2>
        <PasswordChangeForm lng={lng} username={user.username} fields={passwordFields} />
      </section>
    </div>
  );
}
