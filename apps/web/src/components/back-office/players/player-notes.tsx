'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import buttons from '@/components/ui/button.module.css';
import { FormError } from '@/components/ui/form-error';
import form from '@/components/ui/form.module.css';
import { LoadError } from '@/components/ui/load-error';
import { useAction } from '@/components/ui/use-action';
import { addPlayerNote, fetchPlayerNotes } from '@/lib/back-office/players-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import styles from './players.module.css';
import { usePlayerErrorText } from './use-player-error-text';

/** Staff notes on the player, newest first, and a form to append one (notes are never edited or deleted). */
export function PlayerNotes({ playerId }: { playerId: number }) {
  const t = useTranslations('boPlayers');
  const format = useFormatter();
  const { busy, error, run } = useAction({ errorText: usePlayerErrorText() });
  const id = useId();
  const notes = useSWR(['bo-player-notes', playerId], () => fetchPlayerNotes(playerId), SWR_OPTIONS);
  const [body, setBody] = useState('');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!body.trim()) return;
    if (await run(async () => notes.mutate(await addPlayerNote(playerId, body.trim()), { revalidate: false }))) {
      setBody('');
    }
  };

  return (
    <div>
      <form className={form.form} noValidate onSubmit={(event) => void submit(event)}>
        <FormError message={error} />
        <div className={form.field}>
          <label htmlFor={`${id}-body`}>{t('notes.body')}</label>
          <textarea
            id={`${id}-body`}
            name="body"
            rows={3}
            maxLength={2000}
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
        </div>
        <div className={styles.actions}>
          <button type="submit" className={buttons.primary} disabled={busy || !body.trim()}>
            {busy ? t('notes.busy') : t('notes.add')}
          </button>
        </div>
      </form>
      {notes.error ? (
        <LoadError
          message={t('profile.loadFailed')}
          retryLabel={t('profile.retry')}
          onRetry={() => void notes.mutate()}
        />
      ) : null}
      {notes.data?.length === 0 ? <p>{t('notes.empty')}</p> : null}
      <ul className={styles.notes}>
        {notes.data?.map((note) => (
          <li key={note.id}>
            <p className={styles.noteBody}>{note.body}</p>
            <p className={styles.muted}>
              {t('notes.by', {
                author: note.author,
                at: format.dateTime(new Date(note.createdAt), { dateStyle: 'medium', timeStyle: 'short' }),
              })}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
