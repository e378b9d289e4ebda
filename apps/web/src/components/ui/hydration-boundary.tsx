import { Suspense, type ReactNode } from 'react';
import { HydrationHold } from './hydration-hold';

/**
 * A part of the page that hydrates in a pass of its own. React hydrates a Suspense boundary's content after the rest,
 * in small slices that give the main thread back between them, instead of in the page's one long hydration task
 * (what Lighthouse's total blocking time counts). Only for content that is ready when it is rendered (no `await`
 * inside, no lazy code): the server then draws it in place and the fallback is never shown. Until it has hydrated it
 * holds back `<html data-hydrated>` (lib/hydration-mark.ts); a click on it before then is replayed by React.
 */
export function HydrationBoundary({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <HydrationHold />
      {children}
    </Suspense>
  );
}
