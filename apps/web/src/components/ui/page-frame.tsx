import type { ReactNode } from 'react';
import styles from './page-frame.module.css';

type PageFrameProps = { title: string; intro?: string; wide?: boolean; children: ReactNode };

/**
 * The frame of a page of forms or lists (account, cashbox, bonuses, staff): its heading, an optional introduction,
 * then the page's content.
 */
export function PageFrame({ title, intro, wide = false, children }: PageFrameProps) {
  return (
    <section className={wide ? `${styles.page} ${styles.wide}` : styles.page} aria-labelledby="page-frame-title">
      <h1 id="page-frame-title" className={styles.title}>
        {title}
      </h1>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      {children}
    </section>
  );
}
