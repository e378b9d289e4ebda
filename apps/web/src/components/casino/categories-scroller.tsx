'use client';

import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './categories-bar.module.css';

type CategoriesScrollerProps = { previousLabel: string; nextLabel: string; children: ReactNode };

/** The categories bar's optional left/right buttons; each press scrolls by most of the visible width. */
export function CategoriesScroller({ previousLabel, nextLabel, children }: CategoriesScrollerProps) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });

  const measure = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    const atStart = track.scrollLeft <= 1;
    const atEnd = track.scrollLeft + track.clientWidth >= track.scrollWidth - 1;
    setEdges((current) => (current.atStart === atStart && current.atEnd === atEnd ? current : { atStart, atEnd }));
  }, []);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    measure();
    track.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(track);
    return () => {
      track.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [measure]);

  const scrollBy = (direction: 1 | -1) => {
    const track = trackRef.current;
    if (!track) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    track.scrollBy({ left: direction * track.clientWidth * 0.8, behavior: reduceMotion ? 'auto' : 'smooth' });
  };

  return (
    <div className={styles.scroller}>
      <button
        type="button"
        className={styles.arrow}
        onClick={() => scrollBy(-1)}
        disabled={edges.atStart}
        aria-label={previousLabel}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
      <div ref={trackRef} className={styles.track}>
        {children}
      </div>
      <button
        type="button"
        className={styles.arrow}
        onClick={() => scrollBy(1)}
        disabled={edges.atEnd}
        aria-label={nextLabel}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
