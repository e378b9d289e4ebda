'use client';

import { useHydrated } from './use-hydrated';

/**
 * Stands inside a Suspense boundary's content until that content has hydrated, so the page does not say it is
 * hydrated while the boundary's buttons still wait for React (lib/hydration-mark.ts).
 */
export function HydrationHold() {
  const hydrated = useHydrated();
  return hydrated ? null : <span hidden data-hydration-pending="" />;
}
