'use client';

import { useTranslations } from 'next-intl';
import styles from '@/components/layout/not-found-page.module.css';

/** A page that failed to render (the api unreachable, say): a translated message and a retry in place. */
export default function PageError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('errorPage');
  return (
    <div className={styles.page} role="alert">
      <h1 className={styles.title}>{t('title')}</h1>
      <p>{t('text')}</p>
      <button type="button" className={styles.home} onClick={reset}>
        {t('retry')}
      </button>
    </div>
  );
}
