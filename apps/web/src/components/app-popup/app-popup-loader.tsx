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
 * page's hydration, as when the popup was part of every page (a slow load does not eat into them).
 */
export function AppPopupLoader() {
  const signedIn = useAppSelector((state) => state.userSlice.user) !== null;
  const [elapsedMs, setElapsedMs] = useState<number | null>(null);
  const hydratedAt = useRef<number | null>(null);

  useEffect(() => {
    hydratedAt.current ??= performance.now();
    if (elapsedMs !== null || !isAndroid(navigator.userAgent) || !(signedIn || popupWasClosed())) return;
    const since = hydratedAt.current;
    const timer = window.setTimeout(() => setElapsedMs(performance.now() - since), 0);
    return () => window.clearTimeout(timer);
  }, [signedIn, elapsedMs]);

  return elapsedMs === null ? null : <AppPopup elapsedMs={elapsedMs} />;
}
