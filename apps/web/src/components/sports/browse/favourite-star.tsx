'use client';

import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { fetchFavouriteLeagues, saveFavouriteLeague } from '@/lib/sports/sports-api';
import { useAppSelector } from '@/store/hooks';
import styles from './browse.module.css';

/** The signed-in player's favourite leagues (an empty list for visitors). */
export function useFavouriteLeagues(lng: Locale) {
  const signedIn = useAppSelector((state) => state.userSlice.user) !== null;
  return useSWR(signedIn ? ['favourite-leagues', lng] : null, () => fetchFavouriteLeagues(lng), SWR_OPTIONS);
}

/** The star of a league: a signed-in player keeps it among their favourite leagues. Visitors see none. */
export function FavouriteStar({ lng, tournamentId, league }: { lng: Locale; tournamentId: number; league: string }) {
  const t = useTranslations('sports');
  const { data, mutate } = useFavouriteLeagues(lng);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!data) return null;
  const on = data.includes(tournamentId);
  return (
    <span className={styles.starBox}>
      <button
        type="button"
        className={styles.star}
        aria-pressed={on}
        aria-label={on ? t('browse.removeFavourite', { league }) : t('browse.addFavourite', { league })}
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setFailed(false);
          try {
            await mutate(await saveFavouriteLeague(lng, tournamentId, !on), { revalidate: false });
          } catch {
            setFailed(true);
          } finally {
            setBusy(false);
          }
        }}
      >
        <span aria-hidden="true">{on ? '★' : '☆'}</span>
      </button>
      {failed ? (
        <span role="alert" className={styles.error}>
          {t('browse.favouriteFailed')}
        </span>
      ) : null}
    </span>
  );
}
