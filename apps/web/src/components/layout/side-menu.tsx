'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { keepTabInside } from '@/lib/focus-trap';
import styles from './side-menu.module.css';

/** SPEC.md §2 "Side menu": opens and closes, and closes on any route change or a click on the backdrop. */
export function SideMenu({
  labels,
  children,
}: {
  labels: { open: string; title: string; close: string };
  children: ReactNode;
}) {
  const panelId = useId();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const [openedOn, setOpenedOn] = useState(pathname);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  // A route change closes the menu during the render that sees the new path, so it never flashes open on the new page.
  if (pathname !== openedOn) {
    setOpenedOn(pathname);
    if (open) setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const toggle = toggleRef.current;
    closeRef.current?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = previousOverflow;
      toggle?.focus();
    };
  }, [open]);

  // Following a link to the page already shown is no route change, but the visitor is done with the menu all the same.
  const closeOnLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) setOpen(false);
  };

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{labels.open}</span>
      </button>
      <div className={styles.backdrop} hidden={!open} onClick={() => setOpen(false)} data-side-menu-backdrop="" />
      <div
        id={panelId}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        hidden={!open}
        onClick={closeOnLink}
        onKeyDown={keepTabInside}
      >
        <div className={styles.top}>
          <h2 id={titleId} className={styles.title}>
            {labels.title}
          </h2>
          <button ref={closeRef} type="button" className={styles.close} onClick={() => setOpen(false)}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className="visually-hidden">{labels.close}</span>
          </button>
        </div>
        {children}
      </div>
    </>
  );
}
