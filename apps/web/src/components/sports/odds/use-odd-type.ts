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
 * The odds format to show and a setter. Signed in, the player's saved choice is asked for once and wins over this
 * browser's. A visitor sees this browser's choice, else the format the operator set for the page's language (SPEC.md
 * §3: fetched per language), asked for once per language. A change is kept in the browser and, signed in, saved on
 * the account. `siteOddType`, the language's format as the server read it, stands in for the visitor's call (so a page
 * that has it loads no contracts or zod for it).
 */
export function useOddType(lng: Locale, siteOddType?: OddType): [OddType, (oddType: OddType) => void] {
  const oddType = useSyncExternalStore(oddTypeStore.subscribe, oddTypeStore.get, oddTypeStore.getServer);
  const user = useAppSelector((state) => state.userSlice.user);
  const signedIn = Boolean(user);

  const asking = signedIn ? `${String(user?.id)}:${lng}` : `visitor:${lng}`;
  useEffect(() => {
    if (fetched === asking || (!signedIn && oddTypeStore.hasChoice())) return;
    fetched = asking;
    if (!signedIn && siteOddType) {
      oddTypeStore.setDefault(siteOddType);
      return;
    }
    fetchOddType(lng)
      .then((answer) => {
        if (pickedOnPage) return;
        if (signedIn) oddTypeStore.set(answer);
        else oddTypeStore.setDefault(answer);
      })
      .catch(() => undefined);
  }, [asking, lng, signedIn, siteOddType]);

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
