'use client';

import { useAreaErrorText } from '@/components/ui/use-error-text';

/** An ICU error without a position still fills the placeholder. */
const ICU_DEFAULTS = { value: '', position: '?' };

/**
 * The translated message for an api error of the content screens: their own codes (an ICU message refused, a slug
 * taken, the default locale) under `boContent.errors`, filled from the envelope's fields; any other code as the site
 * words it everywhere.
 */
export function useContentErrorText() {
  return useAreaErrorText('boContent.errors', ICU_DEFAULTS);
}
