'use client';

import type { User } from '@playhouse/shared/contracts/accounts';
import type { Locale } from '@playhouse/shared/locales';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, type ReactNode } from 'react';
import useSWR from 'swr';
import { useRouter } from '@/i18n/navigation';
import { CURRENT_USER_PATH, fetchCurrentUser } from '@/lib/account/account-api';
import { ApiError } from '@/lib/api-error';
import { useAppDispatch } from '@/store/hooks';
import { login, logout } from '@/store/user-slice';
import { LoadError } from '@/components/ui/load-error';
import { SWR_OPTIONS } from '@/lib/swr-options';

type SessionGateProps = { next: string; children: (user: User) => ReactNode };

/**
 * Player-only content: the api confirms the session (GET /spa/users/me) before it shows. No session sends the visitor
 * to registration and back here after (SPEC.md §6); a session this browser did not know about is adopted.
 */
export function SessionGate({ next, children }: SessionGateProps) {
  const locale = useLocale() as Locale;
  const t = useTranslations('cashbox');
  const tc = useTranslations('common');
  const dispatch = useAppDispatch();
  const router = useRouter();
  const { data, error, mutate } = useSWR([CURRENT_USER_PATH, locale], () => fetchCurrentUser(locale), SWR_OPTIONS);
  const unauthorized = error instanceof ApiError && error.status === 401;

  // Each answer is the current user: it replaces the stored copy (a session this browser did not know about included).
  useEffect(() => {
    if (data) dispatch(login(data));
  }, [data, dispatch]);

  useEffect(() => {
    if (!unauthorized) return;
    dispatch(logout());
    router.replace({ pathname: '/auth/register', query: { next } });
  }, [unauthorized, next, dispatch, router]);

  if (error && !unauthorized) {
    return <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void mutate()} />;
  }
  if (!data) return <p role="status">{tc('loading')}</p>;
  return <>{children(data)}</>;
}
