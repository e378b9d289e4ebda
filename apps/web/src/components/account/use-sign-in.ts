'use client';

import type { User } from '@playhouse/shared/contracts/accounts';
import { useCallback } from 'react';
import { useRouter } from '@/i18n/navigation';
import { fetchInitialBalance } from '@/store/balance-thunks';
import { useAppDispatch } from '@/store/hooks';
import { setLoading } from '@/store/loader-slice';
import { login } from '@/store/user-slice';

/** After the api started a session: keep the user (SPEC.md §4 "User state"), load the balances, go on. */
export function useSignIn() {
  const dispatch = useAppDispatch();
  const router = useRouter();
  return useCallback(
    (user: User, next: string) => {
      dispatch(login(user));
      void dispatch(fetchInitialBalance({ force: true }));
      dispatch(setLoading(true));
      router.push(next);
      router.refresh();
    },
    [dispatch, router],
  );
}
