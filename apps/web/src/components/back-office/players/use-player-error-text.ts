'use client';

import { useAreaErrorText } from '@/components/ui/use-error-text';

/** An api refusal as text: the players screen's own codes first, then the site's error texts. */
export function usePlayerErrorText() {
  return useAreaErrorText('boPlayers.errors');
}
