'use client';

import type { SIMPLE_TABLE_ACTIONS, TableActionBody, TableRound } from '@playhouse/shared/contracts/tables';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { RoundResult } from './round-result';
import styles from './tables.module.css';
import type { TableRoundControls } from './use-table-round';

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

/**
 * Below a round: its result and a new round once it is over; while it is open, the simple moves it allows (`only`) or
 * the screen's own controls (`children`: a draw, the odds).
 */
export function RoundEnd({
  lng,
  currency,
  round,
  controls,
  only,
  children,
}: {
  lng: Locale;
  currency: string;
  round: TableRound;
  controls: Pick<TableRoundControls, 'busy' | 'act' | 'newRound'>;
  only?: readonly SimpleAction[];
  children?: ReactNode;
}) {
  if (round.status === 'finished') {
    return (
      <>
        <RoundResult lng={lng} currency={currency} round={round} />
        <NewRound onClick={controls.newRound} />
      </>
    );
  }
  if (!only) return children;
  return (
    <RoundActions
      allowed={round.allowedActions}
      busy={controls.busy}
      onAct={(action) => void controls.act(action)}
      only={only}
    />
  );
}
