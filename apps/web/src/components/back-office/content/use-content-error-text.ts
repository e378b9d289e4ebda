'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { useErrorText } from '@/components/ui/use-error-text';
import { ApiError } from '@/lib/api-error';

/**
 * The translated message for an api error of the content screens: their own codes (an ICU message refused, a slug
 * taken, the default locale) under `boContent.errors`, filled from the envelope's fields; any other code as the site
 * words it everywhere.
 */
export function useContentErrorText() {
  const t = useTranslations('boContent.errors');
  const common = useErrorText();
  return useCallback(
    (error: unknown): string => {
      if (error instanceof ApiError && t.has(error.code)) {
        // An ICU error without a position still fills the placeholder.
        return t(error.code, { value: '', position: '?', ...error.fields });
      }
      return common(error);
    },
    [t, common],
  );
}
