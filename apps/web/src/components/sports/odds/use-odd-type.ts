'use client';

import { isOddType, type OddType } from '@playhouse/shared/odds';
import type { Locale } from '@playhouse/shared/locales';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { fetchOddType, saveOddType } from '@/lib/sports/sports-api';
import { useAppSelector } from '@/store/hooks';
import { ODD_TYPE_STORAGE_KEY, oddTypeStore } from './odd-type-store';

let fetched: Locale | null = null;
/** The visitor picked a format on this page: a late answer of the odd-type call must not undo it. */
let pickedOnPage = false;

/**
 * The odds format to show and a setter. On first use the odd-type call answers for the language (and, signed in, with
 * the player's saved choice, which wins over this browser's); a change is kept in the browser and, signed in, saved
 * on the account.
 */
export function useOddType(lng: Locale): [OddType, (oddType: OddType) => void] {
  const oddType = useSyncExternalStore(oddTypeStore.subscribe, oddTypeStore.get, oddTypeStore.getServer);
  const user = useAppSelector((state) => state.userSlice.user);
  const signedIn = Boolean(user);

  useEffect(() => {
    if (fetched === lng) return;
    fetched = lng;
    const pickedHere = isOddType(window.localStorage.getItem(ODD_TYPE_STORAGE_KEY));
    fetchOddType(lng)
      .then((answer) => {
        if (!pickedOnPage && (signedIn || !pickedHere)) oddTypeStore.set(answer);
      })
      .catch(() => undefined);
  }, [lng, signedIn]);

  const change = useCallback(
    (next: OddType) => {
      pickedOnPage = true;
      oddTypeStore.set(next);
      if (signedIn) saveOddType(lng, next).catch(() => undefined);
    },
    [lng, signedIn],
  );
  return [oddType, change];
}
