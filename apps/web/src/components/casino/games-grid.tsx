'use client';

import type { Game } from '@playhouse/shared/contracts/casino';
import { SPEC } from '@playhouse/shared/constants';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useState } from 'react';
import { useHydrated } from '@/components/ui/use-hydrated';
import { ApiError } from '@/lib/api-error';
import { fetchGames, toggleFavourite, type GamesSelection } from '@/lib/casino/casino-api';
import { useAppSelector } from '@/store/hooks';
import { GameCard } from './game-card';
import { LockedGamePopup } from './locked-game-popup';
import styles from './games-grid.module.css';

type GamesGridProps = {
  lng: Locale;
  selection: GamesSelection;
  /** The first page as rendered on the server for a visitor; null when only the browser can ask (personal lists). */
  initialGames: Game[] | null;
  /** Names the grid for assistive technology. */
  label: string;
};

/**
 * SPEC.md §2 "Games grid": the first page, then "Load more" while the first page was full (6 games), asking from
 * page 2 on; the button goes once a page comes back empty, and a failed page is logged and its indicator cleared.
 * A signed-in player's first page is fetched again with the session, for their hearts and locks.
 */
export function GamesGrid({ lng, selection, initialGames, label }: GamesGridProps) {
  const t = useTranslations('casino.grid');
  const headingId = useId();
  const hydrated = useHydrated();
  const signedIn = useAppSelector((state) => state.userSlice.user) !== null && hydrated;
  const [games, setGames] = useState<Game[]>(initialGames ?? []);
  const [firstPageLoaded, setFirstPageLoaded] = useState(initialGames !== null);
  const [nextPage, setNextPage] = useState<number>(SPEC.loadMoreStartPage);
  const [canLoadMore, setCanLoadMore] = useState((initialGames?.length ?? 0) >= SPEC.gamePageSize);
  const [loadingMore, setLoadingMore] = useState(false);
  const [liking, setLiking] = useState<number | null>(null);
  const [favouriteFailed, setFavouriteFailed] = useState(false);
  const [lockedGame, setLockedGame] = useState<Game | null>(null);
  const selectionKey = JSON.stringify(selection);

  useEffect(() => {
    if (!hydrated || (!signedIn && initialGames !== null)) return;
    const controller = new AbortController();
    fetchGames(lng, JSON.parse(selectionKey) as GamesSelection, 1, controller.signal)
      .then(({ games: page }) => {
        setGames(page);
        setNextPage(SPEC.loadMoreStartPage);
        setCanLoadMore(page.length >= SPEC.gamePageSize);
        setFirstPageLoaded(true);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('games: the first page could not be loaded', error);
        setFirstPageLoaded(true);
      });
    return () => controller.abort();
  }, [hydrated, signedIn, lng, selectionKey, initialGames]);

  async function loadMore() {
    setLoadingMore(true);
    try {
      const { games: page } = await fetchGames(lng, selection, nextPage);
      if (page.length === 0) {
        setCanLoadMore(false);
      } else {
        setGames((current) => [...current, ...page.filter((game) => !current.some((known) => known.id === game.id))]);
        setNextPage((current) => current + 1);
      }
    } catch (error) {
      console.error('games: load more failed', error);
    } finally {
      setLoadingMore(false);
    }
  }

  const like = useCallback(
    async (game: Game) => {
      setLiking(game.id);
      setFavouriteFailed(false);
      try {
        const { isLiked } = await toggleFavourite(lng, game.id);
        setGames((current) => current.map((item) => (item.id === game.id ? { ...item, isLiked } : item)));
      } catch (error) {
        if (!(error instanceof ApiError)) console.error('games: favourite failed', error);
        setFavouriteFailed(true);
      } finally {
        setLiking(null);
      }
    },
    [lng],
  );
  const closeLocked = useCallback(() => setLockedGame(null), []);

  return (
    <section className={styles.section} aria-labelledby={headingId} aria-busy={!firstPageLoaded}>
      {/* The grid's own heading, so the cards' titles (h3) sit under one on every page that shows a grid. */}
      <h2 id={headingId} className="visually-hidden">
        {label}
      </h2>
      {firstPageLoaded && games.length === 0 ? <p className={styles.empty}>{t('empty')}</p> : null}
      <ul className={styles.grid}>
        {games.map((game) => (
          <li key={game.id}>
            <GameCard
              game={game}
              signedIn={signedIn}
              liking={liking === game.id}
              onLike={like}
              onLocked={setLockedGame}
            />
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status">
        {favouriteFailed ? t('favouriteFailed') : ''}
      </p>
      {canLoadMore ? (
        <div className={styles.more}>
          <button
            type="button"
            className={styles.moreButton}
            onClick={loadMore}
            disabled={loadingMore}
            aria-busy={loadingMore}
          >
            {loadingMore ? t('loadingMore') : t('loadMore')}
          </button>
        </div>
      ) : null}
      {lockedGame ? <LockedGamePopup onClose={closeLocked} /> : null}
    </section>
  );
}
