'use client';

import type { Game } from '@playhouse/shared/contracts/casino';
import { SPEC } from '@playhouse/shared/constants';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { GamePicture } from './game-picture';
import styles from './game-card.module.css';

type GameCardProps = {
  game: Game;
  signedIn: boolean;
  /** True while the heart's call is on its way. */
  liking: boolean;
  onLike: (game: Game) => void;
  onLocked: (game: Game) => void;
};

/** The heart icon at SPEC.md §9's 24x24, filled when the game is a favourite. */
function Heart({ filled }: { filled: boolean }) {
  const size = SPEC.favouriteIconPx;
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.2 0 3.6 1.2 5.3 3.1 1.7-1.9 3.1-3.1 5.3-3.1 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}

/**
 * One game (SPEC.md §2 "Games grid"): its artwork and title; Play (to the game when signed in, else to registration),
 * Demo for visitors when the game offers it, the heart for signed-in players, and for a locked game the popup instead
 * of the game. The buttons show on hover and on keyboard focus, and always on touch screens.
 */
export function GameCard({ game, signedIn, liking, onLike, onLocked }: GameCardProps) {
  const t = useTranslations('casino.grid');
  const playHref = signedIn ? `/game/${game.slug}` : '/auth/register';
  return (
    <article className={styles.card} aria-label={game.title}>
      <div className={styles.art}>
        <GamePicture images={game.images} alt="" className={styles.image} />
        {game.isLocked ? <span className={styles.lockBadge}>{t('locked')}</span> : null}
        <div className={styles.actions}>
          {game.isLocked ? (
            <button
              type="button"
              className={styles.play}
              aria-label={t('lockedGame', { title: game.title })}
              onClick={() => onLocked(game)}
            >
              {t('play')}
            </button>
          ) : (
            <Link href={playHref} className={styles.play} aria-label={t('playGame', { title: game.title })}>
              {t('play')}
            </Link>
          )}
          {game.demoModeEnabled && !signedIn ? (
            <Link
              href={{ pathname: `/game/${game.slug}`, query: { mode: 'demo' } }}
              className={styles.demo}
              aria-label={t('demoGame', { title: game.title })}
            >
              {t('demo')}
            </Link>
          ) : null}
        </div>
      </div>
      <div className={styles.footer}>
        <h3 className={styles.title}>{game.title}</h3>
        {signedIn ? (
          <button
            type="button"
            className={styles.heart}
            aria-pressed={game.isLiked}
            aria-busy={liking}
            disabled={liking}
            aria-label={game.isLiked ? t('unlike', { title: game.title }) : t('like', { title: game.title })}
            onClick={() => onLike(game)}
          >
            <Heart filled={game.isLiked} />
          </button>
        ) : null}
      </div>
    </article>
  );
}
