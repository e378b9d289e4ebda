'use client';

import type { LiveState } from '@playhouse/shared/contracts/sports-live';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { liveClock } from '../browse/live-clock';
import { LiveScore } from '../browse/live-score';
import styles from './match-view.module.css';

/**
 * A match in play: the score (a polite live region, so a screen reader hears a goal but not every odds tick), the
 * clock running on between deliveries, and the score of each half, period or set.
 */
export function Scoreboard({ state, teams }: { state: LiveState; teams: [string, string] }) {
  const t = useTranslations('sports');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const clock = liveClock(state, now);
  const clockText =
    clock.kind === 'break'
      ? t('browse.break')
      : clock.kind === 'ended'
        ? t('browse.ended')
        : clock.kind === 'none'
          ? null
          : clock.text;
  return (
    <div className={styles.scoreboard}>
      <p className={styles.scoreLine}>
        <span>{teams[0]}</span>
        <LiveScore score={state.score} className={styles.score} />
        <span>{teams[1]}</span>
      </p>
      <p className={styles.scoreMeta}>
        {clockText ? <span className={styles.clock}>{clockText}</span> : null}
        {state.periods.length > 1 || clock.kind === 'none' ? (
          <span>{state.periods.map((period) => `${period[0]}:${period[1]}`).join(' · ')}</span>
        ) : null}
        {state.gamePoints ? <span>({state.gamePoints.join(':')})</span> : null}
      </p>
    </div>
  );
}
