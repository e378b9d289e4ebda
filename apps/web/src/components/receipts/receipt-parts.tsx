'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import form from '@/components/ui/form.module.css';
import styles from './receipts.module.css';

/** Where a receipt's JSON is pasted (the player's verify page and the back office's check). */
export function ReceiptPaste({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className={form.field}>
      <label className={form.label} htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className={`${form.control} ${styles.paste}`}
        rows={8}
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** One checked receipt: numbered, valid or not, what the check says, and what else the page knows about it. */
export function ReceiptResult({
  headingId,
  index,
  valid,
  summary,
  children,
}: {
  headingId: string;
  index: number;
  valid: boolean;
  summary: ReactNode;
  children?: ReactNode;
}) {
  const t = useTranslations('receipts.verify');
  return (
    <section className={valid ? styles.valid : styles.invalid} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.resultTitle}>
        {t('result', { number: index + 1 })}
      </h2>
      <p>{summary}</p>
      {children}
    </section>
  );
}
