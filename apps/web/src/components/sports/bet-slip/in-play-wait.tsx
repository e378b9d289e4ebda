'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import styles from './bet-slip.module.css';

/** A bet in play waiting its delay: when it was sent and how long the api holds it. */
export interface Wait {
  startedAt: number;
  delayMs: number;
}

/**
 * The bet delay's wait on the slip: a bar and the seconds left. It is not a live region (the slip's status announces
 * the wait once, and the answer when it comes), so a screen reader is not read a number every second; the bar says
 * its value when focused or read.
 */
export function InPlayWait({ wait }: { wait: Wait }) {
  const t = useTranslations('inPlay');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, []);
  const elapsed = Math.min(wait.delayMs, Math.max(0, now - wait.startedAt));
  const left = Math.ceil((wait.delayMs - elapsed) / 1000);
  const text = left > 0 ? t('slip.secondsLeft', { seconds: left }) : t('slip.checking');
  return (
    <div className={styles.wait}>
      <span className={styles.waitLabel}>{t('slip.waitLabel')}</span>
      <progress
        className={styles.waitBar}
        max={wait.delayMs}
        value={elapsed}
        aria-label={t('slip.waitLabel')}
        aria-valuetext={text}
      />
      <span className={styles.waitText} data-testid="in-play-wait">
        {text}
      </span>
    </div>
  );
}
