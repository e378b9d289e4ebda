'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef } from 'react';
import { Link } from '@/i18n/navigation';
import styles from './locked-game-popup.module.css';

/**
 * SPEC.md §2: a locked game shows a popup with the game-locked text and a deposit button to the cashbox. Escape, the
 * close button and the backdrop close it; focus goes to the deposit button and back to the game when it closes.
 */
export function LockedGamePopup({ onClose }: { onClose: () => void }) {
  const t = useTranslations('casino.locked');
  const titleId = useId();
  const depositRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    depositRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [onClose]);

  return (
    <div className={styles.backdrop} onClick={onClose}>
      <div
        className={styles.popup}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(event) => event.stopPropagation()}
      >
        <p id={titleId} className={styles.text}>
          {t('text')}
        </p>
        <div className={styles.actions}>
          <Link ref={depositRef} href="/cashbox" className={styles.deposit} onClick={onClose}>
            {t('deposit')}
          </Link>
          <button type="button" className={styles.close} onClick={onClose}>
            {t('close')}
          </button>
        </div>
      </div>
    </div>
  );
}
