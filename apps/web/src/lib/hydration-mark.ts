/** On an element that stands where something has still to hydrate: a widget's fallback, or its content until then. */
export const HYDRATION_PENDING = 'data-hydration-pending';

/**
 * Sets `<html data-hydrated>` (docs/decisions.md: it means every button on the page answers) once nothing on the page
 * waits to hydrate. React hydrates the content of a Suspense boundary in a pass after the layout's effects, and
 * streams a slow widget's content later still: each boundary of the home page marks its fallback and its content until
 * that has hydrated, and the mark waits for the last of them. Gives back the clean-up.
 */
export function markHydratedWhenSettled(doc: Document = document): () => void {
  const settled = () => doc.querySelector(`[${HYDRATION_PENDING}]`) === null;
  const mark = () => {
    doc.documentElement.dataset.hydrated = 'true';
  };
  if (settled()) {
    mark();
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    if (!settled()) return;
    observer.disconnect();
    mark();
  });
  observer.observe(doc.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: [HYDRATION_PENDING],
  });
  return () => observer.disconnect();
}
