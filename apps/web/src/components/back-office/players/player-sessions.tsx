'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import useSWR from 'swr';
import buttons from '@/components/ui/button.module.css';
import { FormError } from '@/components/ui/form-error';
import { LoadError } from '@/components/ui/load-error';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useAction } from '@/components/ui/use-action';
import { endPlayerSessions, fetchPlayerSessions } from '@/lib/back-office/players-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import styles from './players.module.css';
import { OfficeTable } from '../office-table';
import { usePlayerErrorText } from './use-player-error-text';

/** The player's signed-in sessions, and "end all" (web and game sessions) for those who may. */
export function PlayerSessions({ playerId, name, mayEnd }: { playerId: number; name: string; mayEnd: boolean }) {
  const t = useTranslations('boPlayers');
  const format = useFormatter();
  const { busy, error, run } = useAction({ errorText: usePlayerErrorText() });
  const id = useId();
  const sessions = useSWR(['bo-player-sessions', playerId], () => fetchPlayerSessions(playerId), SWR_OPTIONS);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const when = (value: string) => format.dateTime(new Date(value), { dateStyle: 'short', timeStyle: 'short' });

  const endAll = () =>
    run(async () => {
      const { ended } = await endPlayerSessions(playerId);
      setDone(t('sessions.ended', { count: ended }));
      setConfirming(false);
      await sessions.mutate();
    });

  return (
    <div>
      <div className={styles.toolbar}>
        <div role="status">{done ? <p>{done}</p> : null}</div>
        {mayEnd ? (
          <button type="button" className={buttons.danger} onClick={() => setConfirming(true)}>
            {t('sessions.endAll')}
          </button>
        ) : null}
      </div>
      <FormError message={confirming ? null : error} />
      {sessions.error ? (
        <LoadError
          message={t('profile.loadFailed')}
          retryLabel={t('profile.retry')}
          onRetry={() => void sessions.mutate()}
        />
      ) : null}
      <OfficeTable
        caption={t('sessions.caption', { name })}
        head={
          <>
            <th scope="col">{t('columns.started')}</th>
            <th scope="col">{t('columns.lastSeen')}</th>
            <th scope="col">{t('columns.expires')}</th>
            <th scope="col">{t('columns.address')}</th>
            <th scope="col">{t('columns.device')}</th>
          </>
        }
      >
        {sessions.data?.map((session) => (
          <tr key={session.id}>
            <td>{when(session.createdAt)}</td>
            <td>{when(session.lastSeenAt)}</td>
            <td>{when(session.expiresAt)}</td>
            <td>{session.ip ?? ''}</td>
            <td className={styles.wrap}>{session.userAgent ?? ''}</td>
          </tr>
        ))}
        {sessions.data?.length === 0 ? (
          <tr>
            <td colSpan={5}>{t('sessions.none')}</td>
          </tr>
        ) : null}
      </OfficeTable>
      {confirming ? (
        <ModalDialog labelledBy={`${id}-confirm`} onClose={busy ? null : () => setConfirming(false)}>
          <h2 id={`${id}-confirm`}>{t('sessions.confirmTitle', { name })}</h2>
          <p>{t('sessions.confirmText')}</p>
          <FormError message={error} />
          <div className={styles.actions}>
            <button type="button" className={buttons.danger} disabled={busy} onClick={() => void endAll()}>
              {busy ? t('sessions.busy') : t('sessions.confirm')}
            </button>
            <button type="button" className={buttons.secondary} disabled={busy} onClick={() => setConfirming(false)}>
              {t('sessions.cancel')}
            </button>
          </div>
        </ModalDialog>
      ) : null}
    </div>
  );
}
