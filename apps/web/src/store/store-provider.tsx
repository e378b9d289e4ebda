'use client';

import type { InfoPopup } from '@playhouse/shared/contracts/content';
import type { Locale } from '@playhouse/shared/locales';
import { useEffect, useState, type ReactNode } from 'react';
import { markHydratedWhenSettled } from '@/lib/hydration-mark';
import { rememberTimeZone } from '@/lib/time-zone';
import { Provider } from 'react-redux';
import { balanceLanguageSet, initialBalanceState } from './balance-slice';
import { infoPopupReceived, infoPopupStateFrom } from './info-popup-slice';
import { makeStore } from './store';

type StoreProviderProps = { lng: Locale; infoPopup: InfoPopup | null; children: ReactNode };

/** One store per browser tab (and per server render), seeded with what the layout fetched on the server. */
export function StoreProvider({ lng, infoPopup, children }: StoreProviderProps) {
  const [store] = useState(() =>
    makeStore({ balance: { ...initialBalanceState, language: lng }, infoPopup: infoPopupStateFrom(infoPopup) }),
  );

  useEffect(() => {
    store.dispatch(balanceLanguageSet(lng));
  }, [store, lng]);

  useEffect(() => {
    // The next page the server renders shows this visitor's local times (the home page's top offer).
    rememberTimeZone();
    // The page is interactive once its widgets' boundaries are too: end-to-end tests wait for this before they act.
    return markHydratedWhenSettled();
  }, []);

  useEffect(() => {
    if (infoPopup) store.dispatch(infoPopupReceived(infoPopup));
  }, [store, infoPopup]);

  return <Provider store={store}>{children}</Provider>;
}
