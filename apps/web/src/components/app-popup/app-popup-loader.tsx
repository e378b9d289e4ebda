'use client';

import dynamic from 'next/dynamic';
import { useEffect, useRef, useState } from 'react';
import { useAppSelector } from '@/store/hooks';
import { APP_POPUP_HIDDEN_KEY, isAndroid } from './app-popup-rules';

const AppPopup = dynamic(() => import('./app-popup').then((module) => module.AppPopup), { ssr: false });

function popupWasClosed(): boolean {
  try {
    return localStorage.getItem(APP_POPUP_HIDDEN_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Loads the mobile app popup only where it can matter: on Android, once a player is signed in or the popup was closed
 * before (its 7-day count is kept at session start). Everyone else never downloads it; the 30 s still count from the
 * page's hydration, as when the popup was part of every page: the popup is handed the moment of hydration and waits
 * out what is left of them when its code has arrived, however long that took.
 */
export function AppPopupLoader() {
  const signedIn = useAppSelector((state) => state.userSlice.user) !== null;
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const hydratedAt = useRef<number | null>(null);

  useEffect(() => {
    hydratedAt.current ??= performance.now();
    if (startedAt !== null || !isAndroid(navigator.userAgent) || !(signedIn || popupWasClosed())) return;
    const since = hydratedAt.current;
    const timer = window.setTimeout(() => setStartedAt(since), 0);
    return () => window.clearTimeout(timer);
  }, [signedIn, startedAt]);

  return startedAt === null ? null : <AppPopup startedAt={startedAt} />;
}
