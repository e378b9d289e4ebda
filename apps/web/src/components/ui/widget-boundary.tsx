import { Suspense, type ReactNode } from 'react';
import { HydrationHold } from './hydration-hold';

/**
 * One widget of a page behind its own Suspense boundary, so a slow call holds only that widget, not the
 * page. The fallback takes the widget's place, so nothing moves when it arrives; both the fallback and
 * the content until it hydrates hold back `<html data-hydrated>` (lib/hydration-mark.ts).
 */
export function WidgetBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div aria-hidden="true" data-hydration-pending="">
          {fallback}
        </div>
      }
    >
      <HydrationHold />
      {children}
    </Suspense>
  );
}
