'use client';

import styles from './form.module.css';

/** A part of the page that could not be loaded, with a way to try again. */
export function LoadError({
  message,
  retryLabel,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className={styles.formError}>
      <p>{message}</p>
      <button type="button" className={styles.secondary} onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
