'use client';

import { useId, type ReactNode } from 'react';
import styles from './data-table.module.css';

type OfficeTableProps = {
  caption: ReactNode;
  /** The column headings (`<th scope="col">` cells). */
  head: ReactNode;
  /** The rows. */
  children: ReactNode;
  /** Added to the scrolling region (a list's own cell alignment). */
  className?: string;
  /** Added to the table (a screen's own cell styles). */
  tableClassName?: string;
  /** While its rows load. */
  busy?: boolean;
};

/**
 * A back-office table written out by its screen (DataTable draws the paged ones the same way): captioned, in a region
 * the caption names, which scrolls sideways on a narrow screen and takes the keyboard focus so it can be scrolled.
 */
export function OfficeTable({ caption, head, children, className, tableClassName, busy }: OfficeTableProps) {
  const captionId = useId();
  return (
    <div
      className={className ? `${styles.scroll} ${className}` : styles.scroll}
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
    >
      <table className={tableClassName} aria-busy={busy}>
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
