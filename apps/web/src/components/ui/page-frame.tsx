import type { ReactNode } from 'react';
import styles from './page-frame.module.css';

type PageFrameProps = { title: string; intro?: string; wide?: boolean; children: ReactNode };

/**
 * The frame of a page of forms or lists (account, cashbox, bonuses, staff): its heading, an optional introduction,
 * then the page's content.
 */
export function PageFrame({ title, intro, wide = false, children }: PageFrameProps) {
  return (
    // Not a landmark of its own: <main> is the page's, and a region named by the same heading would repeat it.
    <div className={wide ? `${styles.page} ${styles.wide}` : styles.page}>
      <h1 id="page-frame-title" className={styles.title}>
        {title}
      </h1>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      {children}
    </div>
  );
}
