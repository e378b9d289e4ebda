'use client';

import { SPEC } from '@playhouse/shared/constants';
import { useEffect, useState } from 'react';
import styles from './scroll-to-top-button.module.css';

/** SPEC.md §2 "Scroll-to-top button": shown at least 150 px down while the visitor scrolls up; scrolls smoothly to the top. */
export function ScrollToTopButton({ label }: { label: string }) {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let lastY = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y === lastY) return;
      setVisible(y >= SPEC.scrollTopThresholdPx && y < lastY);
      lastY = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  if (!visible) return null;

  const scrollToTop = () => {
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
  };

  return (
    <button type="button" className={styles.button} onClick={scrollToTop}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 19V5M5 12l7-7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      <span className="visually-hidden">{label}</span>
    </button>
  );
}
