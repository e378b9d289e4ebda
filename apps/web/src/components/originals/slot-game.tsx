'use client';

import { SLOT_CONFIGS, slotStrips, type SlotConfig } from '@playhouse/games';
import type { OriginalsRound } from '@playhouse/shared/contracts/casino';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { BetField } from './bet-field';
import { isValidBet, ORIGINALS_BET } from './format';
import type { GameProps } from './play-round';
import { RoundResult } from './round-result';
import { SYMBOL_ART } from './slot-symbols';
import styles from './originals-host.module.css';

function configOf(id: string | null): SlotConfig {
  const found = Object.entries(SLOT_CONFIGS).find(([key]) => key === id);
  return found ? found[1] : SLOT_CONFIGS['lucky-reels'];
}

function isGrid(value: unknown): value is string[][] {
  return Array.isArray(value) && value.every((reel) => Array.isArray(reel));
}

/**
 * A slot of the configuration its catalogue entry names: its reels and rows, the grid from the round the server played,
 * and what the free spins added.
 */
export function SlotGame({ lng, currency, config: configId, play }: GameProps) {
  const t = useTranslations('casino.originals');
  const symbols = useTranslations('tables.slot');
  const config = configOf(configId);
  const [bet, setBet] = useState<string>(ORIGINALS_BET.default);
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState<OriginalsRound | null>(null);
  const firstGrid = slotStrips(config).map((strip) => strip.slice(0, config.rows));
  const grid = isGrid(round?.outcome.grid) ? round.outcome.grid : firstGrid;
  const wins = Array.isArray(round?.outcome.wins) ? round.outcome.wins.length : 0;
  const freeSpins = round?.outcome.freeSpins;
  const spins =
    typeof freeSpins === 'object' && freeSpins !== null && 'spins' in freeSpins && Array.isArray(freeSpins.spins)
      ? { count: freeSpins.spins.length, multiplier: 'multiplier' in freeSpins ? Number(freeSpins.multiplier) : 1 }
      : null;

  async function spin() {
    setBusy(true);
    const played = await play(bet.trim(), {});
    if (played) setRound(played);
    setBusy(false);
  }

  return (
    <section className={styles.game}>
      <div
        className={styles.reels}
        style={{ gridTemplateColumns: `repeat(${config.reels}, minmax(0, 1fr))` }}
        role="img"
        aria-label={t('slot.reels')}
        data-testid="slot-reels"
      >
        {grid.map((reel, index) => (
          <div key={index} className={styles.reel}>
            {reel.map((symbol, row) => (
              <span key={row} className={styles.symbol} data-symbol={symbol} title={symbols(`symbols.${symbol}`)}>
                {SYMBOL_ART[symbol] ?? symbol}
              </span>
            ))}
          </div>
        ))}
      </div>
      <div className={styles.controls}>
        <BetField lng={lng} currency={currency} value={bet} onChange={setBet} />
        <button type="button" className={styles.play} disabled={busy || !isValidBet(bet)} onClick={spin}>
          {busy ? t('playing') : t('spin')}
        </button>
      </div>
      <RoundResult lng={lng} currency={currency} round={round} />
      {round && wins > 0 ? <p className={styles.hint}>{t('slot.lines', { count: wins })}</p> : null}
      {spins ? <p className={styles.hint}>{symbols('freeSpinsWon', spins)}</p> : null}
    </section>
  );
}
