'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { useErrorText } from '@/components/ui/use-error-text';
import { ApiError } from '@/lib/api-error';

/** An api refusal as text: the players screen's own codes first, then the site's error texts. */
export function usePlayerErrorText() {
  const t = useTranslations('boPlayers.errors');
  const errorText = useErrorText();
  return useCallback(
    (error: unknown) => (error instanceof ApiError && t.has(error.code) ? t(error.code) : errorText(error)),
    [t, errorText],
  );
}
