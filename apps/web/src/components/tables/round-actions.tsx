'use client';

import type { SIMPLE_TABLE_ACTIONS, TableActionBody } from '@playhouse/shared/contracts/tables';
import { useTranslations } from 'next-intl';
import styles from './tables.module.css';

type SimpleAction = (typeof SIMPLE_TABLE_ACTIONS)[number];

/** The moves the round allows now, as buttons; the round's own list decides which are shown. */
export function RoundActions({
  allowed,
  busy,
  onAct,
  only,
}: {
  allowed: readonly string[];
  busy: boolean;
  onAct: (action: TableActionBody) => void;
  /** The simple moves this screen offers (those with more to them, draw and odds, have their own controls). */
  only: readonly SimpleAction[];
}) {
  const t = useTranslations('tables.actions');
  const shown = only.filter((action) => allowed.includes(action));
  if (shown.length === 0) return null;
  return (
    <div className={styles.actions} role="group" aria-label={t('label')}>
      {shown.map((type) => (
        <button key={type} type="button" className={styles.action} disabled={busy} onClick={() => onAct({ type })}>
          {t(type)}
        </button>
      ))}
    </div>
  );
}

/** After a round: clear the table for the next bets. */
export function NewRound({ onClick }: { onClick: () => void }) {
  const t = useTranslations('tables');
  return (
    <div className={styles.actions}>
      <button type="button" className={styles.action} onClick={onClick}>
        {t('newRound')}
      </button>
    </div>
  );
}
