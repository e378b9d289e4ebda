'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import buttons from '@/components/ui/button.module.css';
import dialog from '@/components/ui/dialog.module.css';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { Link } from '@/i18n/navigation';

/**
 * SPEC.md §2: a locked game shows a popup with the game-locked text and a deposit button to the cashbox. Escape, the
 * close button and the backdrop close it; focus goes to the deposit button and back to the game when it closes.
 */
export function LockedGamePopup({ onClose }: { onClose: () => void }) {
  const t = useTranslations('casino.locked');
  const titleId = useId();
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose} closeOnBackdrop>
      <p id={titleId} className={dialog.text}>
        {t('text')}
      </p>
      <div className={dialog.actions}>
        <Link href="/cashbox" className={buttons.primary} onClick={onClose}>
          {t('deposit')}
        </Link>
        <button type="button" className={buttons.secondary} onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </ModalDialog>
  );
}
