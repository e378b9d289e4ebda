'use client';

import { useAreaErrorText } from '@/components/ui/use-error-text';

/** The text of a casino management refusal: its own code's, else the site's text for the common codes. */
export function useCasinoErrorText() {
  return useAreaErrorText('boCasino.errors');
}
