'use client';

import { useTranslations } from 'next-intl';
import type { CaptchaState } from './use-captcha';
import styles from '@/components/ui/form.module.css';

/** Where the security check stands: running with its progress, passed, or failed. */
export function CaptchaStatus({ state }: { state: CaptchaState }) {
  const t = useTranslations('account');
  const percent = Math.round(state.progress * 100);
  return (
    <div className={styles.captcha} role="status">
      {state.status === 'failed' ? (
        <p className={styles.fieldError}>{t('captcha.failed')}</p>
      ) : state.status === 'solved' ? (
        <p>{t('captcha.done')}</p>
      ) : (
        <>
          <p>{t('captcha.solving')}</p>
          <progress className={styles.progress} max={100} value={percent} aria-label={t('captcha.label')} />
        </>
      )}
    </div>
  );
}
