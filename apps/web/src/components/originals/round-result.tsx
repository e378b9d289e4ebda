'use client';

import type { OriginalsRound } from '@playhouse/shared/contracts/casino';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { formatAmount } from './format';
import styles from './originals-host.module.css';

/** The last round's result, announced to screen readers as it changes. */
export function RoundResult({
  lng,
  currency,
  round,
  lost,
}: {
  lng: Locale;
  currency: string;
  round: OriginalsRound | null;
  /** What to say about a round that paid nothing, when the game has more to say than "no win". */
  lost?: string;
}) {
  const t = useTranslations('casino.originals');
  let text = '';
  if (round) {
    text =
      Number(round.payout) > 0
        ? t('roundResult', { amount: formatAmount(round.payout, currency, lng), multiplier: round.multiplier })
        : (lost ?? t('noWin'));
  }
  return (
    <p className={styles.result} role="status" data-testid="round-result">
      {text}
    </p>
  );
}
