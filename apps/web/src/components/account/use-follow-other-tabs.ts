'use client';

import { SPEC } from '@playhouse/shared/constants';
import { useEffect } from 'react';
import { useAppDispatch } from '@/store/hooks';
import { login, logout, readStoredUser } from '@/store/user-slice';

/** Another tab signed in or out (the stored user changed): this one follows. */
export function useFollowOtherTabs() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SPEC.userStorageKey && event.key !== null) return;
      const stored = readStoredUser();
      dispatch(stored ? login(stored) : logout());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [dispatch]);
}
