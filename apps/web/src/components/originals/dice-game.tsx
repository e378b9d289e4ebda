'use client';

import {
  DICE_MAX_CHANCE,
  DICE_MIN_CHANCE,
  diceMultiplier,
  diceWinChance,
  multiplierValue,
  type DiceDirection,
} from '@playhouse/games';
import type { OriginalsRound } from '@playhouse/shared/contracts/casino';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { BetField } from './bet-field';
import { isValidBet, ORIGINALS_BET } from './format';
import type { GameProps } from './play-round';
import { RoundResult } from './round-result';
import styles from './originals-host.module.css';

const hundredths = (ticks: number) => (ticks / 100).toFixed(2);

/** Dice: roll under or over a target of 2.00–98.00; the payout follows the win chance (99% return). */
export function DiceGame({ lng, currency, play }: GameProps) {
  const t = useTranslations('casino.originals');
  const targetId = useId();
  const [bet, setBet] = useState<string>(ORIGINALS_BET.default);
  const [target, setTarget] = useState(5000);
  const [direction, setDirection] = useState<DiceDirection>('under');
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState<OriginalsRound | null>(null);

  // "Over" wins above the target, so its range is one tick lower to keep the same 2%–98% chances.
  const low = direction === 'under' ? DICE_MIN_CHANCE : 9_999 - DICE_MAX_CHANCE;
  const high = direction === 'under' ? DICE_MAX_CHANCE : 9_999 - DICE_MIN_CHANCE;
  const params = { target: Math.min(high, Math.max(low, target)), direction };
  const chance = diceWinChance(params) / 100;
  const payout = multiplierValue(diceMultiplier(params)).toFixed(4);
  const roll = typeof round?.outcome.roll === 'number' ? hundredths(round.outcome.roll) : null;

  async function rollDice() {
    setBusy(true);
    const played = await play(bet.trim(), params);
    if (played) setRound(played);
    setBusy(false);
  }

  return (
    <section className={styles.game}>
      {/* The roll is the round's output, not a heading: a large bold paragraph reads as one (axe p-as-heading). */}
      <output className={styles.bigNumber} data-testid="dice-roll" aria-live="polite">
        {roll ?? '–'}
      </output>
      <div className={styles.controls}>
        <fieldset className={styles.field}>
          <legend>{t('dice.direction')}</legend>
          {(['under', 'over'] as const).map((value) => (
            <label key={value} className={styles.choice}>
              <input
                type="radio"
                name="direction"
                value={value}
                checked={direction === value}
                onChange={() => setDirection(value)}
              />
              {t(`dice.${value}`)}
            </label>
          ))}
        </fieldset>
        <div className={styles.field}>
          <label htmlFor={targetId}>
            {t('dice.target')}: {hundredths(params.target)}
          </label>
          <input
            id={targetId}
            type="range"
            min={low}
            max={high}
            step={1}
            value={params.target}
            onChange={(event) => setTarget(Number(event.target.value))}
          />
        </div>
        <p className={styles.hint}>
          {t('dice.chance')}: {chance.toFixed(2)}% · {t('dice.payout')}: {payout}×
        </p>
        <BetField lng={lng} currency={currency} value={bet} onChange={setBet} />
        <button type="button" className={styles.play} disabled={busy || !isValidBet(bet)} onClick={rollDice}>
          {busy ? t('playing') : t('roll')}
        </button>
      </div>
      <RoundResult
        lng={lng}
        currency={currency}
        round={round}
        lost={roll === null ? undefined : t('roundLost', { roll })}
      />
    </section>
  );
}
