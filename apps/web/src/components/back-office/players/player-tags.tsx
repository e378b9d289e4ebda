'use client';

import type { StaffPlayerProfile } from '@playhouse/shared/contracts/staff-players';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import buttons from '@/components/ui/button.module.css';
import { FormError } from '@/components/ui/form-error';
import form from '@/components/ui/form.module.css';
import { useAction } from '@/components/ui/use-action';
import { addPlayerTag, removePlayerTag } from '@/lib/back-office/players-api';
import styles from './players.module.css';
import { usePlayerErrorText } from './use-player-error-text';

const TAG_PATTERN = /^[a-z0-9][a-z0-9_-]{0,31}$/;

/** The player's tags; those who may add and remove them get the form and the remove buttons. */
export function PlayerTags({
  player,
  mayEdit,
  onChanged,
}: {
  player: StaffPlayerProfile;
  mayEdit: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const t = useTranslations('boPlayers.tags');
  const { busy, error, setError, run } = useAction({ errorText: usePlayerErrorText() });
  const id = useId();
  const [tag, setTag] = useState('');

  const act = (action: () => Promise<unknown>) =>
    run(async () => {
      await action();
      await onChanged();
    });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = tag.trim().toLowerCase();
    if (!TAG_PATTERN.test(value)) {
      setError(t('hint'));
      return;
    }
    if (await act(() => addPlayerTag(player.id, value))) setTag('');
  };

  return (
    <div>
      <FormError message={error} />
      {player.tags.length === 0 ? <p>{t('empty')}</p> : null}
      <ul className={styles.tags}>
        {player.tags.map((item) => (
          <li key={item.tag} className={styles.tag}>
            <span>{item.tag}</span>
            <span className={styles.muted}>{t('by', { author: item.addedBy })}</span>
            {mayEdit ? (
              <button
                type="button"
                className={buttons.secondary}
                disabled={busy}
                onClick={() => void act(() => removePlayerTag(player.id, item.tag))}
              >
                {t('removeButton')}
                <span className="visually-hidden"> {item.tag}</span>
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {mayEdit ? (
        <form className={styles.inline} noValidate onSubmit={(event) => void submit(event)}>
          <div className={form.field}>
            <label htmlFor={`${id}-tag`}>{t('tag')}</label>
            <input
              id={`${id}-tag`}
              name="tag"
              maxLength={32}
              value={tag}
              aria-describedby={`${id}-hint`}
              onChange={(event) => setTag(event.target.value)}
            />
            <p id={`${id}-hint`} className={styles.hint}>
              {t('hint')}
            </p>
          </div>
          <button type="submit" className={buttons.primary} disabled={busy || !tag.trim()}>
            {t('add')}
          </button>
        </form>
      ) : null}
    </div>
  );
}
