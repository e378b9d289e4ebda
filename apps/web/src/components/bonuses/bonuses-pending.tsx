'use client';

import { useTranslations } from 'next-intl';
import styles from './bonuses.module.css';

/** What a bonus list shows until it has loaded: a loading note, or why it failed with a retry. */
export function BonusesPending({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const t = useTranslations('bonuses');
  if (!failed) return <p role="status">{t('page.loading')}</p>;
  return (
    <p>
      {t('errors.generic')}{' '}
      <button type="button" className={styles.link} onClick={onRetry}>
        {t('page.retry')}
      </button>
    </p>
  );
}
