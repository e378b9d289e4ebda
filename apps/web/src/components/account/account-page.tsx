import type { ReactNode } from 'react';
import styles from './account-page.module.css';

type AccountPageProps = { title: string; intro?: string; wide?: boolean; children: ReactNode };

/** The frame of an account or cashbox page: its heading, an optional introduction, then the page's content. */
export function AccountPage({ title, intro, wide = false, children }: AccountPageProps) {
  return (
    <section className={wide ? `${styles.page} ${styles.wide}` : styles.page} aria-labelledby="account-page-title">
      <h1 id="account-page-title" className={styles.title}>
        {title}
      </h1>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      {children}
    </section>
  );
}
