'use client';

import { useTranslations } from 'next-intl';
import { useSyncExternalStore } from 'react';
import { impliedStore } from './implied-store';
import styles from './browse.module.css';

/** The switch beside the odds format: implied probabilities and margins on every market of the page, remembered. */
export function ImpliedSwitch() {
  const t = useTranslations('sports');
  const on = useSyncExternalStore(impliedStore.subscribe, impliedStore.get, impliedStore.getServer);
  return (
    <label className={styles.switch}>
      <input type="checkbox" role="switch" checked={on} onChange={(event) => impliedStore.set(event.target.checked)} />
      <span>{t('browse.impliedSwitch')}</span>
    </label>
  );
}
