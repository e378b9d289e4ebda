'use client';

import { useEffect, useEffectEvent, useState } from 'react';
import type { FundingView } from '@/lib/funding/funding';

/** How long the screen waits after the last change of the stake or the picks before it asks the api. */
export const FUNDING_PREVIEW_DELAY_MS = 400;

export interface FundingPreviewState {
  /** The latest answer (kept while a newer question is on its way, so the text does not flicker); null before one. */
  view: FundingView | null;
  /** A newer question than the answer shown is waiting or on its way. */
  busy: boolean;
  /** The latest question got no answer (network, server). */
  failed: boolean;
}

/**
 * The funding of what the player is about to stake, asked again `FUNDING_PREVIEW_DELAY_MS` after `key` (what is asked,
 * e.g. the slip's bets) last changed; a question overtaken by a newer one is cancelled. A null key asks nothing (no
 * valid stake, no player) and clears the answer.
 */
export function useFundingPreview(
  key: string | null,
  load: (signal: AbortSignal) => Promise<FundingView>,
): FundingPreviewState {
  const [answer, setAnswer] = useState<{ key: string; view: FundingView | null; failed: boolean } | null>(null);
  const ask = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      ask(controller.signal)
        .then((view) => setAnswer({ key, view, failed: false }))
        .catch(() => {
          if (!controller.signal.aborted) setAnswer({ key, view: null, failed: true });
        });
    }, FUNDING_PREVIEW_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [key]);

  if (key === null) return { view: null, busy: false, failed: false };
  return {
    view: answer?.view ?? null,
    busy: answer?.key !== key,
    failed: answer?.key === key && answer.failed,
  };
}
