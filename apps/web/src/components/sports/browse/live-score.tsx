'use client';

import { useTranslations } from 'next-intl';

/**
 * A match's score in play as a polite live region: a screen reader hears a goal ("Score 2 to 1"), sighted players see
 * "2:1". The odds and the clock beside it are not announced.
 */
export function LiveScore({ score, className }: { score: [number, number]; className: string | undefined }) {
  const t = useTranslations('sports');
  return (
    <span className={className} aria-live="polite" aria-atomic="true">
      <span aria-hidden="true">
        {score[0]}:{score[1]}
      </span>
      <span className="visually-hidden">{t('browse.score', { score1: score[0], score2: score[1] })}</span>
    </span>
  );
}
