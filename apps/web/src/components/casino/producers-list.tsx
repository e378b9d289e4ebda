'use client';

import type { Provider } from '@playhouse/shared/contracts/casino';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from '@/i18n/navigation';
import { bulletCount, selectedBullet } from './scroll-bullets';
import styles from './producers-list.module.css';

type ProducersListProps = {
  producers: Pick<Provider, 'id' | 'slug' | 'title'>[];
  /** SPEC.md §2: the bullets show unless omitted. */
  omitBullets?: boolean;
};

/**
 * SPEC.md §2 "Producers list block": each producer links to its page. Under the list, one bullet per visible page of
 * the horizontal scroll; the selected bullet follows the scroll (the first at the start) and a click scrolls there.
 */
export function ProducersList({ producers, omitBullets = false }: ProducersListProps) {
  const t = useTranslations('casino.producers');
  const trackRef = useRef<HTMLDivElement>(null);
  const [count, setCount] = useState(1);
  const [selected, setSelected] = useState(0);

  const measure = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    const pages = bulletCount(track.scrollWidth, track.clientWidth);
    setCount(pages);
    setSelected(selectedBullet(track.scrollLeft, track.clientWidth, pages));
  }, []);

  useEffect(() => {
    measure();
    const track = trackRef.current;
    if (!track || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(track);
    return () => observer.disconnect();
  }, [measure, producers.length]);

  function goTo(page: number) {
    const track = trackRef.current;
    if (!track) return;
    track.scrollTo({ left: page * track.clientWidth, behavior: 'smooth' });
    setSelected(page);
  }

  return (
    <nav className={styles.block} aria-label={t('title')}>
      <h2 className={styles.heading}>{t('title')}</h2>
      <div ref={trackRef} className={styles.track} onScroll={measure} data-testid="producers-track">
        <ul className={styles.list}>
          {producers.map((producer) => (
            <li key={producer.id}>
              <Link href={`/category/${producer.slug}`} className={styles.producer}>
                {producer.title}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      {!omitBullets && count > 1 ? (
        <div className={styles.bullets} role="group" aria-label={t('bullets')}>
          {Array.from({ length: count }, (_, page) => (
            <button
              key={page}
              type="button"
              className={styles.bullet}
              aria-label={t('bullet', { page: page + 1, count })}
              aria-current={page === selected ? 'true' : undefined}
              onClick={() => goTo(page)}
            />
          ))}
        </div>
      ) : null}
    </nav>
  );
}
