'use client';

import { BACCARAT_BETS } from '@playhouse/games';
import type { TableRound } from '@playhouse/shared/contracts/tables';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { addChip, BetSpots, type Stakes } from './bet-spots';
import { CardRow } from './playing-card';
import { BetList } from './roulette-board';
import { RoundResult } from './round-result';
import { ChipPicker, CHIPS } from './stake-controls';
import type { TableGameProps } from './table-props';
import { isBaccaratView } from './views';
import styles from './tables.module.css';

/** The coup: both hands with their totals and who won, said once. */
export function BaccaratCoup({ round }: { round: TableRound }) {
  const t = useTranslations('tables.baccarat');
  if (!isBaccaratView(round.view)) return null;
  const view = round.view;
  return (
    <div className={styles.felt}>
      <div className={styles.hands}>
        <div className={styles.area}>
          <h2>{t('hand', { side: t('player'), total: view.playerTotal })}</h2>
          <CardRow cards={view.player} label={t('player')} />
        </div>
        <div className={styles.area}>
          <h2>{t('hand', { side: t('banker'), total: view.bankerTotal })}</h2>
          <CardRow cards={view.banker} label={t('banker')} />
        </div>
      </div>
      <p role="status" data-testid="baccarat-winner">
        {t(`winner.${view.winner}`, { player: view.playerTotal, banker: view.bankerTotal })}
      </p>
    </div>
  );
}

/** Chips on player, banker, tie and the pairs. */
export function BaccaratBets({
  lng,
  currency,
  stakes,
  onChange,
  disabled,
}: {
  lng: Locale;
  currency: string;
  stakes: Stakes;
  onChange: (stakes: Stakes) => void;
  disabled?: boolean;
}) {
  const t = useTranslations('tables.baccarat');
  const [chip, setChip] = useState<string>(CHIPS[1]);
  const spots = BACCARAT_BETS.map((kind) => ({ key: kind, label: t(kind) }));
  return (
    <>
      <ChipPicker lng={lng} currency={currency} chip={chip} onChange={setChip} />
      <BetSpots
        lng={lng}
        currency={currency}
        label={t('rules')}
        spots={spots}
        stakes={stakes}
        onPlace={(key) => onChange(addChip(stakes, key, chip))}
        disabled={disabled}
      />
      <BetList
        lng={lng}
        currency={currency}
        items={spots.filter((spot) => stakes[spot.key]).map((spot) => ({ ...spot, stake: stakes[spot.key]! }))}
        onRemove={(key) => onChange(Object.fromEntries(Object.entries(stakes).filter(([kind]) => kind !== key)))}
        onClear={() => onChange({})}
        disabled={disabled}
      />
    </>
  );
}

export function BaccaratTable({ lng, currency, game, controls }: TableGameProps<'baccarat'>) {
  const t = useTranslations('tables');
  const [stakes, setStakes] = useState<Stakes>({});
  const { round, busy } = controls;
  const bets = BACCARAT_BETS.filter((kind) => stakes[kind]).map((kind) => ({ kind, stake: stakes[kind]! }));
  return (
    <section className={styles.table} data-testid="baccarat-table">
      <p className={styles.hint}>{t('baccarat.rules')}</p>
      {round ? (
        <>
          <BaccaratCoup round={round} />
          <RoundResult lng={lng} currency={currency} round={round} />
        </>
      ) : null}
      <BaccaratBets lng={lng} currency={currency} stakes={stakes} onChange={setStakes} disabled={busy} />
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.action}
          disabled={busy || bets.length === 0}
          onClick={() => void controls.start({ game, bets: { bets } })}
        >
          {busy ? t('dealing') : t('deal')}
        </button>
      </div>
    </section>
  );
}
