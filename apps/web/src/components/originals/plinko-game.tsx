'use client';

import { PLINKO_MULTIPLIERS, PLINKO_ROWS, type PlinkoRows } from '@playhouse/games';
import type { OriginalsRound } from '@playhouse/shared/contracts/casino';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { BetField } from './bet-field';
import { isValidBet, ORIGINALS_BET } from './format';
import type { GameProps } from './play-round';
import { RoundResult } from './round-result';
import styles from './originals-host.module.css';

/** Plinko: the ball's path through the pegs as the server's round drew it, and the slot it landed in. */
export function PlinkoGame({ lng, currency, play }: GameProps) {
  const t = useTranslations('casino.originals');
  const rowsId = useId();
  const [bet, setBet] = useState<string>(ORIGINALS_BET.default);
  const [rows, setRows] = useState<PlinkoRows>(12);
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState<OriginalsRound | null>(null);
  const path = (round?.outcome.path as number[] | undefined) ?? null;
  const landed = typeof round?.outcome.slot === 'number' ? round.outcome.slot : null;
  const shownRows = path?.length ?? rows;

  async function drop() {
    setBusy(true);
    const played = await play(bet.trim(), { rows });
    if (played) setRound(played);
    setBusy(false);
  }

  // The ball's position after each row: a right bounce moves it half a peg right, a left one half a peg left.
  const width = 320;
  const height = 240;
  const gap = width / (shownRows + 2);
  const step = height / (shownRows + 1);
  const ball: [number, number][] = [[width / 2, step / 2]];
  path?.forEach((bounce, row) => {
    const [x] = ball[ball.length - 1]!;
    ball.push([x + (bounce === 1 ? gap / 2 : -gap / 2), step * (row + 1.5)]);
  });

  return (
    <section className={styles.game}>
      <svg className={styles.board} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={t('plinko.rows')}>
        {Array.from({ length: shownRows }, (_, row) =>
          Array.from({ length: row + 3 }, (_, peg) => (
            <circle
              key={`${row}-${peg}`}
              cx={width / 2 + (peg - (row + 2) / 2) * gap}
              cy={step * (row + 1)}
              r={2.5}
              fill="currentColor"
            />
          )),
        )}
        {path ? (
          <polyline
            points={ball.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}
            fill="none"
            stroke="var(--color-accent)"
            strokeWidth={3}
          />
        ) : null}
      </svg>
      <ol className={styles.slots} data-testid="plinko-slots">
        {PLINKO_MULTIPLIERS[rows === shownRows ? rows : (shownRows as PlinkoRows)].map((hundredths, slot) => (
          <li key={slot} aria-current={slot === landed ? 'true' : undefined}>
            {(hundredths / 100).toString()}×
          </li>
        ))}
      </ol>
      <div className={styles.controls}>
        <div className={styles.field}>
          <label htmlFor={rowsId}>{t('plinko.rows')}</label>
          <select
            id={rowsId}
            className={styles.input}
            value={rows}
            onChange={(event) => setRows(Number(event.target.value) as PlinkoRows)}
          >
            {PLINKO_ROWS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
        <BetField lng={lng} currency={currency} value={bet} onChange={setBet} />
        <button type="button" className={styles.play} disabled={busy || !isValidBet(bet)} onClick={drop}>
          {busy ? t('playing') : t('drop')}
        </button>
      </div>
      <RoundResult lng={lng} currency={currency} round={round} />
      {landed !== null ? <p className={styles.hint}>{t('plinko.slot', { slot: landed + 1 })}</p> : null}
    </section>
  );
}
