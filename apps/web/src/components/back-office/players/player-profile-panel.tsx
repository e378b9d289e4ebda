'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import useSWR from 'swr';
import { LoadError } from '@/components/ui/load-error';
import { Link } from '@/i18n/navigation';
import { fetchPlayer } from '@/lib/back-office/players-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { PlayerProfileDetails } from './player-profile';
import styles from './players.module.css';

/** The player's profile beside a support conversation, with the way to their page (the view is audited). */
export function PlayerProfilePanel({ playerId }: { playerId: number }) {
  const t = useTranslations('boPlayers.profile');
  const id = useId();
  const profile = useSWR(['bo-player', playerId], () => fetchPlayer(playerId), SWR_OPTIONS);
  const player = profile.data;
  return (
    <section className={styles.panelAside} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{player ? t('panelLabel', { name: player.username }) : t('heading')}</h2>
      {profile.error ? (
        <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void profile.mutate()} />
      ) : null}
      {player ? (
        <>
          <PlayerProfileDetails player={player} />
          <p>
            <Link href={`/staff/players/${player.id}`}>{t('open')}</Link>
          </p>
        </>
      ) : profile.error ? null : (
        <p role="status">{t('loading')}</p>
      )}
    </section>
  );
}
