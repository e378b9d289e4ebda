'use client';

import styles from './casino.module.css';

/** The list with the item at `index` moved one place up (-1) or down (1). */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...items];
  const [item] = next.splice(index, 1);
  next.splice(index + by, 0, item!);
  return next;
}

/** The rows whose position changes when the list is numbered 0, 1, 2… after moving the item at `index`. */
export function renumbered<T extends { position: number }>(items: readonly T[], index: number, by: -1 | 1) {
  return moved(items, index, by)
    .map((item, position) => ({ item, position }))
    .filter(({ item, position }) => item.position !== position);
}

/** "Move up" and "move down" for one row of an ordered list, each named after the row. */
export function MoveButtons({
  index,
  count,
  upLabel,
  downLabel,
  onMove,
}: {
  index: number;
  count: number;
  upLabel: string;
  downLabel: string;
  onMove: (by: -1 | 1) => void;
}) {
  return (
    <td>
      <button type="button" className={styles.link} disabled={index === 0} onClick={() => onMove(-1)}>
        {upLabel}
      </button>
      <button type="button" className={styles.link} disabled={index === count - 1} onClick={() => onMove(1)}>
        {downLabel}
      </button>
    </td>
  );
}
