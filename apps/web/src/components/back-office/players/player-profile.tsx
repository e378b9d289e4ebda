'use client';

import type { StaffPlayerProfile } from '@playhouse/shared/contracts/staff-players';
import { useFormatter, useTranslations } from 'next-intl';
import styles from './players.module.css';

/** A player's personal data and standing, as a description list. */
export function PlayerProfileDetails({ player }: { player: StaffPlayerProfile }) {
  const t = useTranslations('boPlayers.profile');
  const tStatus = useTranslations('boPlayers.status');
  const format = useFormatter();
  const when = (value: string | null) =>
    value ? format.dateTime(new Date(value), { dateStyle: 'medium', timeStyle: 'short' }) : t('none');
  const rows: [string, string][] = [
    [t('email'), player.email],
    [t('username'), player.username],
    [t('fullName'), player.fullName ?? t('none')],
    [t('phone'), player.phone ?? t('none')],
    [t('country'), player.country ?? t('none')],
    [t('currency'), player.currency],
    [t('dateOfBirth'), player.dateOfBirth ?? t('none')],
    [t('locale'), player.locale],
    [t('timezone'), player.timezone ?? t('none')],
    [t('promoCode'), player.promoCode ?? t('none')],
    [t('registered'), when(player.createdAt)],
    [t('termsAccepted'), when(player.termsAcceptedAt)],
    [t('status'), tStatus(player.status)],
  ];
  return (
    <>
      <dl className={styles.details}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {player.status === 'blocked' && player.blockedReason ? (
        <p className={styles.warning}>{t('blockedReason', { reason: player.blockedReason })}</p>
      ) : null}
    </>
  );
}
