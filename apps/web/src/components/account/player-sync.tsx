'use client';

import type { Locale } from '@playhouse/shared/locales';
import { useLocale } from 'next-intl';
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { fetchInitialBalance } from '@/store/balance-thunks';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { fetchUserData, needsUserData } from '@/store/user-thunks';
import { reportBalanceOutcome } from './report-balance-outcome';
import { useBalanceStream } from './use-balance-stream';

/** How long after a signed-in page load the time zone and fingerprint calls wait, so they never compete with it. */
const BACKGROUND_DELAY_MS = 2000;

/**
 * The automatic actions of a signed-in browser (SPEC.md §4): completing a stored user that lacks an id, loading the
 * balances once and following them live, the daily time zone call and the fingerprint; once the session ends, the
 * player's data loaded so far is forgotten. Mounted with the player's header corner. Renders nothing.
 */
export function PlayerSync() {
  const dispatch = useAppDispatch();
  const locale = useLocale() as Locale;
  const user = useAppSelector((state) => state.userSlice.user);
  const incomplete = needsUserData(user);
  const userId = user && !incomplete ? user.id : undefined;

  useEffect(() => {
    if (incomplete) void dispatch(fetchUserData());
  }, [incomplete, dispatch]);

  // Whatever ended the session (logout, a 401, another tab) unmounts this: the player's data must not outlive it.
  const { mutate } = useSWRConfig();
  useEffect(() => () => void mutate(() => true, undefined, { revalidate: false }), [mutate]);

  useEffect(() => {
    if (userId === undefined || userId === null) return;
    void dispatch(fetchInitialBalance()).then(reportBalanceOutcome);
  }, [userId, dispatch]);

  useBalanceStream(userId);

  useEffect(() => {
    if (userId === undefined || userId === null) return;
    const timer = setTimeout(() => {
      import('@/lib/account/background-sync')
        .then(({ runBackgroundSync }) => runBackgroundSync(userId, locale))
        .catch((error: unknown) => console.warn('Background account calls failed', error));
    }, BACKGROUND_DELAY_MS);
    return () => clearTimeout(timer);
  }, [userId, locale]);

  return null;
}
