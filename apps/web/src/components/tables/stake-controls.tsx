'use client';

import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { formatAmount, isValidBet } from '@/components/originals/format';
import styles from './tables.module.css';

/** A stake typed by the player: decimal, within the host's limits; an empty optional field stakes nothing. */
export function StakeField({
  label,
  value,
  onChange,
  optional = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  optional?: boolean;
}) {
  const id = useId();
  const invalid = optional && value.trim() === '' ? false : !isValidBet(value);
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={styles.input}
        inputMode="decimal"
        value={value}
        aria-invalid={invalid}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** Chip values, in the session's currency: each placement adds one chip to a bet. */
export const CHIPS = ['0.50', '1.00', '5.00', '25.00', '100.00'] as const;

export function ChipPicker({
  lng,
  currency,
  chip,
  onChange,
}: {
  lng: Locale;
  currency: string;
  chip: string;
  onChange: (chip: string) => void;
}) {
  const t = useTranslations('tables');
  return (
    <fieldset className={styles.chips}>
      <legend>{t('chip')}</legend>
      {CHIPS.map((value) => (
        <button
          key={value}
          type="button"
          className={styles.chip}
          aria-pressed={chip === value}
          aria-label={t('chipValue', { amount: formatAmount(value, currency, lng) })}
          onClick={() => onChange(value)}
        >
          {Number(value) < 1 ? value : Number(value)}
        </button>
      ))}
    </fieldset>
  );
}

/** Adds two decimal amounts of two places exactly (in hundredths). */
export function addAmounts(a: string, b: string): string {
  const cents = Math.round(Number(a) * 100) + Math.round(Number(b) * 100);
  return (cents / 100).toFixed(2);
}

/** The sum of some decimal amounts, in hundredths then back. */
export function sumAmounts(amounts: readonly string[]): string {
  return amounts.reduce((total, amount) => addAmounts(total, amount), '0.00');
}
