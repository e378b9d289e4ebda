/** SPEC.md §4 "Bullets": scroll width ÷ visible width, rounded (at least one). */
export function bulletCount(scrollWidth: number, clientWidth: number): number {
  if (clientWidth <= 0) return 1;
  return Math.max(1, Math.round(scrollWidth / clientWidth));
}

/** The bullet of the page the horizontal scroll position is on. */
export function selectedBullet(scrollLeft: number, clientWidth: number, count: number): number {
  if (clientWidth <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.round(scrollLeft / clientWidth)));
}
