'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useState, type ReactNode } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { OfficeTable } from '../office-table';
import styles from './casino.module.css';
import { useCasinoErrorText } from './use-casino-error-text';

export type ListMessage = { text: string; failed: boolean } | null;

/**
 * The outcome of the last change to a casino list: what `work` did (`savedText`) or why it was refused, announced as a
 * status or an alert. True when it succeeded.
 */
export function useListChange() {
  const errorText = useCasinoErrorText();
  const [message, setMessage] = useState<ListMessage>(null);
  const change = useCallback(
    async (work: () => Promise<unknown>, savedText: string) => {
      setMessage(null);
      try {
        await work();
        setMessage({ text: savedText, failed: false });
        return true;
      } catch (cause) {
        setMessage({ text: errorText(cause), failed: true });
        return false;
      }
    },
    [errorText],
  );
  return { message, setMessage, change };
}

type CasinoListProps = {
  /** The load's failure, if it failed (with a retry). */
  loadError: unknown;
  /** The rows are there. */
  loaded: boolean;
  onRetry: () => void;
  message: ListMessage;
  caption: string;
  /** The column headings. */
  head: ReactNode;
  /** The rows. */
  children: ReactNode;
  /** Above the message (who may change the list). */
  intro?: ReactNode;
  /** After the table (a save button, a dialog). */
  footer?: ReactNode;
};

/**
 * A casino list (categories, providers, a category's games): until it has loaded, the failure or a loading note; then
 * the last change's outcome and the table, whose caption names its scrollable region.
 */
export function CasinoList({
  loadError,
  loaded,
  onRetry,
  message,
  caption,
  head,
  children,
  intro,
  footer,
}: CasinoListProps) {
  const t = useTranslations('boCasino');
  const errorText = useCasinoErrorText();
  if (loadError) return <LoadError message={errorText(loadError)} retryLabel={t('games.save')} onRetry={onRetry} />;
  if (!loaded) return <p role="status">…</p>;
  return (
    <div className={styles.list}>
      {intro}
      <p className={styles.message} role={message?.failed ? 'alert' : 'status'}>
        {message?.text}
      </p>
      <OfficeTable caption={caption} head={head} className={styles.middle}>
        {children}
      </OfficeTable>
      {footer}
    </div>
  );
}
