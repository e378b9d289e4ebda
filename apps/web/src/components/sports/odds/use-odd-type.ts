'use client';

import type { OddType } from '@playhouse/shared/odds';
import type { Locale } from '@playhouse/shared/locales';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { fetchOddType, saveOddType } from '@/lib/sports/sports-api';
import { useAppSelector } from '@/store/hooks';
import { oddTypeStore } from './odd-type-store';

/** The player and language the saved choice was asked for (once per page). */
let fetched: string | null = null;
/** The visitor picked a format on this page: a late answer of the odd-type call must not undo it. */
let pickedOnPage = false;

/**
 * The odds format to show and a setter: this browser's choice, else the default (decimal, which is all the odd-type
 * call answers a visitor, so a visitor's page makes no call). Signed in, the player's saved choice is asked for once
 * and wins over this browser's; a change is kept in the browser and, signed in, saved on the account.
 */
export function useOddType(lng: Locale): [OddType, (oddType: OddType) => void] {
  const oddType = useSyncExternalStore(oddTypeStore.subscribe, oddTypeStore.get, oddTypeStore.getServer);
  const user = useAppSelector((state) => state.userSlice.user);
  const signedIn = Boolean(user);

  const asking = signedIn ? `${String(user?.id)}:${lng}` : null;
  useEffect(() => {
    if (asking === null || fetched === asking) return;
    fetched = asking;
    fetchOddType(lng)
      .then((answer) => {
        if (!pickedOnPage) oddTypeStore.set(answer);
      })
      .catch(() => undefined);
  }, [asking, lng]);

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
