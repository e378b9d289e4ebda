'use client';

import { useTranslations } from 'next-intl';
import { useId, type ReactNode } from 'react';
import { LoadError } from '@/components/ui/load-error';
import styles from './money.module.css';
import tableStyles from '../data-table.module.css';

/** A column's heading; amounts and counts are numeric (right-aligned). */
export type MoneyColumn = string | { label: string; numeric: true };

/** What a money screen shows until its data is there: the load error with a retry, or that it is loading. */
export function MoneyPending({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const t = useTranslations('boMoney');
  return failed ? (
    <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={onRetry} />
  ) : (
    <p role="status">{t('loading')}</p>
  );
}

/** `MoneyPending` for an SWR answer that is not there yet (loading or failed), or null once it is. */
export function pendingOf(answer: { data: unknown; error: unknown; mutate: () => Promise<unknown> }) {
  return answer.error || !answer.data ? (
    <MoneyPending failed={Boolean(answer.error)} onRetry={() => void answer.mutate()} />
  ) : null;
}

/**
 * A section of a money page around one table: its heading names the table's scrollable region (which takes the
 * keyboard focus, so it can be scrolled without a mouse). `instead` is shown in the table's place: still loading,
 * or nothing to list.
 */
export function MoneyTableSection({
  title,
  hint,
  columns,
  instead,
  children,
}: {
  title: string;
  hint?: string;
  columns: MoneyColumn[];
  instead?: ReactNode;
  /** The table's rows. */
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className={styles.section}>
      <h2 id={headingId}>{title}</h2>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      {instead ?? (
        <div className={tableStyles.scroll} role="region" aria-labelledby={headingId} tabIndex={0}>
          <table>
            <thead>
              <tr>
                {columns.map((column) =>
                  typeof column === 'string' ? (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ) : (
                    <th key={column.label} scope="col" className={styles.number}>
                      {column.label}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}
