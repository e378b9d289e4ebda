'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { ApiError } from '@/lib/api-error';

/** The translated message for an api error code (every code has one; an unknown one reads as an internal error). */
export function useErrorText() {
  const t = useTranslations('errors');
  return useCallback(
    (error: unknown): string => {
      const code = error instanceof ApiError ? error.code : 'internal_error';
      return t.has(code) ? t(code) : t('internal_error');
    },
    [t],
  );
}
