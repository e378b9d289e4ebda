'use client';

import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { keepTabInside } from '@/lib/focus-trap';
import styles from './dialog.module.css';

type ModalDialogProps = {
  /** The id of the element that names the dialog. */
  labelledBy: string;
  /** Escape (and, with closeOnBackdrop, a click beside it) calls this; null while it cannot be closed. */
  onClose: (() => void) | null;
  closeOnBackdrop?: boolean;
  wide?: boolean;
  children: ReactNode;
};

/**
 * A modal dialog over the page, on the body (a header or card may be a stacking context of its own): the focus moves
 * to its first control when it opens, stays inside while it is open, and goes back to where it was when it closes.
 */
export function ModalDialog({
  labelledBy,
  onClose,
  closeOnBackdrop = false,
  wide = false,
  children,
}: ModalDialogProps) {
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current
      ?.querySelector<HTMLElement>('[data-autofocus], button:not([disabled]):not([aria-disabled="true"]), [href]')
      ?.focus();
    return () => before?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') onClose?.();
    else keepTabInside(event);
  };

  return createPortal(
    <div className={styles.backdrop} onClick={closeOnBackdrop ? () => onClose?.() : undefined}>
      <div
        ref={dialogRef}
        className={wide ? `${styles.dialog} ${styles.wide}` : styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        onKeyDown={onKeyDown}
        onClick={(event) => event.stopPropagation()}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
