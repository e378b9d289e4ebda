'use client';

import { useTranslations } from 'next-intl';
import type { Ref } from 'react';
import formStyles from '@/components/ui/form.module.css';
import styles from './cashbox.module.css';

type AmountFieldProps = {
  id: string;
  currency: string;
  value: string;
  onChange: (value: string) => void;
  /** Under the field: the method's range, or what is available. */
  hint: string;
  error?: string | null;
  autoComplete: string;
  inputRef?: Ref<HTMLInputElement>;
};

/** The amount of a deposit or withdrawal: a decimal entry labelled with the currency, a hint and its problem. */
export function AmountField({ id, currency, value, onChange, hint, error, autoComplete, inputRef }: AmountFieldProps) {
  const t = useTranslations('cashbox');
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {t('amount', { currency })}
      </label>
      <input
        ref={inputRef}
        id={id}
        className={formStyles.control}
        inputMode="decimal"
        autoComplete={autoComplete}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={hintId} className={styles.hint}>
        {hint}
      </p>
      {error ? (
        <p id={errorId} className={formStyles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
