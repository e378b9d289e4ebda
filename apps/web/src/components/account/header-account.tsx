'use client';

import dynamic from 'next/dynamic';
import type { ReactNode } from 'react';
import { useHydrated } from '@/components/ui/use-hydrated';
import { useAppSelector } from '@/store/hooks';
import styles from './header-account.module.css';
import { useFollowOtherTabs } from './use-follow-other-tabs';

// A player's corner (balances, bonuses, the account menu) comes as its own chunk: visitors never download it.
const SignedInCorner = dynamic(() => import('./signed-in-corner').then((module) => module.SignedInCorner), {
  ssr: false,
  loading: () => <div className={styles.pending} aria-hidden="true" />,
});

/**
 * The header's account corner: sign-in and registration links for visitors (drawn on the server and handed in); for
 * a signed-in player the player's corner. Who is signed in comes from local storage, which only the browser has, so
 * the corner is decided once the page has hydrated.
 */
export function HeaderAccount({ visitor }: { visitor: ReactNode }) {
  const hydrated = useHydrated();
  const user = useAppSelector((state) => state.userSlice.user);
  useFollowOtherTabs();
  // Until then the visitor links hold their place, unseen: most visitors keep them, so the header does not move.
  if (!hydrated) {
    return (
      <div className={styles.pending} aria-hidden="true" inert>
        {visitor}
      </div>
    );
  }
  return user ? <SignedInCorner user={user} /> : <>{visitor}</>;
}
