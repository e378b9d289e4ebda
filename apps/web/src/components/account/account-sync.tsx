'use client';

import { SPEC } from '@playhouse/shared/constants';
import type { Locale } from '@playhouse/shared/locales';
import { useLocale } from 'next-intl';
import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { fetchInitialBalance } from '@/store/balance-thunks';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { login, logout, readStoredUser } from '@/store/user-slice';
import { fetchUserData, needsUserData } from '@/store/user-thunks';
import { reportBalanceOutcome } from './report-balance-outcome';
import { useBalanceStream } from './use-balance-stream';

/** How long after a signed-in page load the time zone and fingerprint calls wait, so they never compete with it. */
const BACKGROUND_DELAY_MS = 2000;

/**
 * The automatic actions of a signed-in browser (SPEC.md §4): completing a stored user that lacks an id, loading the
 * balances once and following them live, the daily time zone call and the fingerprint. Renders nothing.
 */
export function AccountSync() {
  const dispatch = useAppDispatch();
  const locale = useLocale() as Locale;
  const user = useAppSelector((state) => state.userSlice.user);
  const incomplete = needsUserData(user);
  const userId = user && !incomplete ? user.id : undefined;

  useEffect(() => {
    if (incomplete) void dispatch(fetchUserData());
  }, [incomplete, dispatch]);

  // Whatever ended the session (logout, a 401, another tab), the player's data loaded so far must not outlive it.
  const { mutate } = useSWRConfig();
  const wasSignedIn = useRef(user !== null);
  useEffect(() => {
    if (wasSignedIn.current && user === null) void mutate(() => true, undefined, { revalidate: false });
    wasSignedIn.current = user !== null;
  }, [user, mutate]);

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

  // Another tab signed in or out: this one follows.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SPEC.userStorageKey && event.key !== null) return;
      const stored = readStoredUser();
      dispatch(stored ? login(stored) : logout());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [dispatch]);

  return null;
}
