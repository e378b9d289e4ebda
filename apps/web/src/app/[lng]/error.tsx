'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import styles from '@/components/layout/not-found-page.module.css';
import { reportClientError } from '@/lib/error-reports';

/** A page that failed to render (the api unreachable, say): a translated message and a retry in place. */
export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('errorPage');
  // A server error reaches here with only its digest (the web server reported it in full); a browser error whole.
  useEffect(() => reportClientError('boundary', error, error.digest), [error]);
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
