import type { ReactNode } from 'react';
import styles from './form.module.css';

/** The form's main button; while the form is being sent it says so and cannot be pressed twice. */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <button type="submit" className={styles.submit} disabled={busy} aria-disabled={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}
