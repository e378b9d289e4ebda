'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import buttons from '@/components/ui/button.module.css';
import { FormError } from '@/components/ui/form-error';
import form from '@/components/ui/form.module.css';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useAction } from '@/components/ui/use-action';
import { setPlayerBlocked } from '@/lib/back-office/players-api';
import styles from './players.module.css';
import { usePlayerErrorText } from './use-player-error-text';

type BlockDialogProps = {
  playerId: number;
  name: string;
  /** Block (true) or unblock (false). */
  block: boolean;
  onClose: () => void;
  onDone: () => void;
};

/** Block or unblock a player with a reason (required: it goes to the audit log and the profile). */
export function BlockDialog({ playerId, name, block, onClose, onDone }: BlockDialogProps) {
  const t = useTranslations('boPlayers.block');
  const { busy, error, run } = useAction({ errorText: usePlayerErrorText(), leavesOnSuccess: true });
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setProblem(t('reasonTooShort'));
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    if (await run(() => setPlayerBlocked(playerId, block, reason.trim()))) onDone();
  };

  return (
    <ModalDialog labelledBy={`${id}-title`} onClose={busy ? null : onClose}>
      <h2 id={`${id}-title`}>{t(block ? 'blockTitle' : 'unblockTitle', { name })}</h2>
      <p>{t(block ? 'blockText' : 'unblockText')}</p>
      <form className={form.form} noValidate onSubmit={(event) => void submit(event)}>
        <FormError message={error} />
        <div className={form.field}>
          <label htmlFor={`${id}-reason`}>{t('reason')}</label>
          <textarea
            id={`${id}-reason`}
            name="reason"
            required
            maxLength={500}
            rows={3}
            value={reason}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
            data-autofocus
            onChange={(event) => {
              setReason(event.target.value);
              setProblem(null);
            }}
          />
          <p id={`${id}-hint`} className={styles.hint}>
            {t('reasonHint')}
          </p>
          {problem ? (
            <p id={`${id}-problem`} className={form.fieldError}>
              {problem}
            </p>
          ) : null}
        </div>
        <div className={styles.actions}>
          <button type="submit" className={block ? buttons.danger : buttons.primary} disabled={busy}>
            {busy ? t('busy') : t(block ? 'block' : 'unblock')}
          </button>
          <button type="button" className={buttons.secondary} onClick={onClose} disabled={busy}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
