'use client';

import { pocketName } from '@playhouse/games';
import type { TableRound } from '@playhouse/shared/contracts/tables';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { colorOf, RouletteBoard, type PlacedRouletteBet } from './roulette-board';
import { RoundResult } from './round-result';
import type { TableGameProps } from './table-props';
import { isRouletteView } from './views';
import styles from './tables.module.css';

const VARIANTS = {
  'roulette-european': 'european',
  'roulette-french': 'french',
  'roulette-american': 'american',
} as const;

/** Where the ball landed, said once per spin. */
export function RouletteOutcome({ round }: { round: TableRound }) {
  const t = useTranslations('tables.roulette');
  if (!isRouletteView(round.view)) return null;
  const { pocket } = round.view;
  const color = colorOf(pocket);
  return (
    <div className={styles.area}>
      <p className={styles.bigNumber} data-color={color} aria-hidden="true">
        {pocketName(pocket)}
      </p>
      <p role="status" data-testid="roulette-landed">
        {t('landed', { number: pocketName(pocket), color: t(`colors.${color}`) })}
      </p>
    </div>
  );
}

export function RouletteTable({
  lng,
  currency,
  game,
  controls,
}: TableGameProps<'roulette-european' | 'roulette-french' | 'roulette-american'>) {
  const t = useTranslations('tables');
  const variant = VARIANTS[game];
  const [bets, setBets] = useState<PlacedRouletteBet[]>([]);
  const { round, busy } = controls;
  return (
    <section className={styles.table} data-testid="roulette-table">
      <p className={styles.hint}>{t(`roulette.rules.${variant}`)}</p>
      {round ? (
        <>
          <RouletteOutcome round={round} />
          <RoundResult lng={lng} currency={currency} round={round} />
        </>
      ) : null}
      <RouletteBoard lng={lng} currency={currency} variant={variant} bets={bets} onChange={setBets} disabled={busy} />
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.action}
          disabled={busy || bets.length === 0}
          onClick={() => void controls.start({ game, bets: { bets: bets.map((placed) => placed.bet) } })}
        >
          {t('spin')}
        </button>
      </div>
    </section>
  );
}
