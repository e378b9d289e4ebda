import { Suspense, type ReactNode } from 'react';
import { HydrationHold } from './hydration-hold';

/**
 * One widget of a page behind its own Suspense boundary, so a slow call holds only that widget, not the page. The
 * fallback is the widget's place, drawn with the widget's own rules so nothing moves when it arrives; it is busy for
 * assistive technology, and it and the content until that has hydrated hold back `<html data-hydrated>`
 * (lib/hydration-mark.ts).
 */
export function WidgetBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div aria-busy="true" data-hydration-pending="">
          {fallback}
        </div>
      }
    >
      <HydrationHold />
      {children}
    </Suspense>
  );
}
