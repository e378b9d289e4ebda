'use client';

import { SLOT_REELS, SLOT_ROWS, SLOT_STRIPS, type SlotSymbol } from '@playhouse/games';
import type { OriginalsRound } from '@playhouse/shared/contracts/casino';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { BetField } from './bet-field';
import { isValidBet, ORIGINALS_BET } from './format';
import type { GameProps } from './play-round';
import { RoundResult } from './round-result';
import styles from './originals-host.module.css';

/** Pictures for the reels; the round's text result says what was won. */
const SYMBOL_ART: Record<SlotSymbol, string> = {
  wild: '🃏',
  crown: '👑',
  diamond: '💎',
  bell: '🔔',
  seven: '7️⃣',
  cherry: '🍒',
  lemon: '🍋',
  plum: '🍑',
  grape: '🍇',
};

const FIRST_GRID: SlotSymbol[][] = SLOT_STRIPS.map((strip) => strip.slice(0, SLOT_ROWS));

/** Lucky Reels: five reels, three rows, ten lines; the grid comes from the round the server played. */
export function SlotGame({ lng, currency, play }: GameProps) {
  const t = useTranslations('casino.originals');
  const [bet, setBet] = useState<string>(ORIGINALS_BET.default);
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState<OriginalsRound | null>(null);
  const grid = (round?.outcome.grid as SlotSymbol[][] | undefined) ?? FIRST_GRID;
  const wins = (round?.outcome.wins as unknown[] | undefined)?.length ?? 0;

  async function spin() {
    setBusy(true);
    const played = await play(bet.trim(), {});
    if (played) setRound(played);
    setBusy(false);
  }

  return (
    <section className={styles.game}>
      <div className={styles.reels} role="img" aria-label={t('slot.reels')} data-testid="slot-reels">
        {Array.from({ length: SLOT_REELS }, (_, reel) => (
          <div key={reel} className={styles.reel}>
            {grid[reel]!.map((symbol, row) => (
              <span key={row} className={styles.symbol} data-symbol={symbol}>
                {SYMBOL_ART[symbol]}
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
    </section>
  );
}
