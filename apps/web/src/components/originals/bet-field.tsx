'use client';

import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { formatAmount, isValidBet, ORIGINALS_BET } from './format';
import styles from './originals-host.module.css';

/** The bet input every game shares, with its limits in the player's currency. */
export function BetField({
  lng,
  currency,
  value,
  onChange,
}: {
  lng: Locale;
  currency: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useTranslations('casino.originals');
  const id = useId();
  const hintId = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{t('bet')}</label>
      <input
        id={id}
        className={styles.input}
        inputMode="decimal"
        value={value}
        aria-invalid={!isValidBet(value)}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={hintId} className={styles.hint}>
        {t('betHint', {
          min: formatAmount(ORIGINALS_BET.min, currency, lng),
          max: formatAmount(ORIGINALS_BET.max, currency, lng),
        })}
      </span>
    </div>
  );
}
