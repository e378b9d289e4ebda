'use client';

import type { FormField, User } from '@playhouse/shared/contracts/accounts';
import { useCallback } from 'react';
import { useForm, type FormOptions, type FormValues } from '@/components/ui/use-form';
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

type SignInFormOptions = Omit<FormOptions, 'onSubmit' | 'leavesOnSuccess'> & {
  /** Sends the form; the api answers with the user of the session it started. */
  send: (values: FormValues) => Promise<User>;
  /** Where the player goes next (a path without the locale). */
  next: string;
};

/** A form whose success starts a session (login, registration, password reset): it signs in and goes on. */
export function useSignInForm(fields: FormField[], { send, next, ...options }: SignInFormOptions) {
  const signIn = useSignIn();
  return useForm(fields, {
    ...options,
    leavesOnSuccess: true,
    onSubmit: async (values) => signIn(await send(values), next),
  });
}
