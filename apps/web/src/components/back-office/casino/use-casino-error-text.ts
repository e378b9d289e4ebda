'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { useErrorText } from '@/components/ui/use-error-text';
import { ApiError } from '@/lib/api-error';

/** The text of a casino management refusal: its own code's, else the site's text for the common codes. */
export function useCasinoErrorText() {
  const t = useTranslations('boCasino.errors');
  const errorText = useErrorText();
  return useCallback(
    (error: unknown) => {
      const code = error instanceof ApiError ? error.code : '';
      return code && t.has(code) ? t(code) : errorText(error);
    },
    [t, errorText],
  );
}
