'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
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
 * document's start.
 */
export function AppPopupLoader() {
  const signedIn = useAppSelector((state) => state.userSlice.user) !== null;
  const [elapsedMs, setElapsedMs] = useState<number | null>(null);

  useEffect(() => {
    if (elapsedMs !== null || !isAndroid(navigator.userAgent) || !(signedIn || popupWasClosed())) return;
    const timer = window.setTimeout(() => setElapsedMs(performance.now()), 0);
    return () => window.clearTimeout(timer);
  }, [signedIn, elapsedMs]);

  return elapsedMs === null ? null : <AppPopup elapsedMs={elapsedMs} />;
}
