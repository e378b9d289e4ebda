'use client';

import type { ActiveBonus } from '@playhouse/shared/contracts/bonuses';
import type { Locale } from '@playhouse/shared/locales';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { ApiError } from '@/lib/api-error';
import { BONUS_HISTORY_PATH, BONUSES_PATH, fetchBonuses } from '@/lib/bonuses/bonuses-api';
import { refreshBonusBalance, refreshMainBalance } from '@/store/balance-thunks';
import { useAppDispatch, useAppSelector } from '@/store/hooks';

/** The signed-in player's id once the browser knows it; the bonus calls wait for it. */
export function usePlayerId(): number | string | null {
  const user = useAppSelector((state) => state.userSlice.user);
  const id = user?.id;
  return typeof id === 'number' || typeof id === 'string' ? id : null;
}

/** Pending offers and the bonus being wagered, shared by the header, the offer dialog, the profile and /bonuses. */
export function useBonuses() {
  const locale = useLocale() as Locale;
  const playerId = usePlayerId();
  return useSWR(playerId === null ? null : [BONUSES_PATH, playerId], () => fetchBonuses(locale), SWR_OPTIONS);
}

/**
 * After an offer is answered or a bonus given up: the balances (the live stream brings them too; asking keeps the
 * header right where the stream is held back), the offers and the history are read again.
 */
export function useBonusesChanged() {
  const dispatch = useAppDispatch();
  const { mutate } = useSWRConfig();
  return useCallback(
    (_bonus?: ActiveBonus) => {
      void dispatch(refreshMainBalance());
      void dispatch(refreshBonusBalance());
      void mutate((key) => Array.isArray(key) && (key[0] === BONUSES_PATH || key[0] === BONUS_HISTORY_PATH));
    },
    [dispatch, mutate],
  );
}

/** A failed bonus call in words: the bonus api's own codes, else a general apology (shown on every page). */
export function useBonusErrorText() {
  const t = useTranslations('bonuses');
  return useCallback(
    (error: unknown): string => {
      const code = error instanceof ApiError ? error.code : '';
      return code && t.has(`errors.${code}`) ? t(`errors.${code}`) : t('errors.generic');
    },
    [t],
  );
}
