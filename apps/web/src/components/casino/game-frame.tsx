'use client';

import type { GameDetail, GameLaunch } from '@playhouse/shared/contracts/casino';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import { GameFunding } from '@/components/funding/game-funding';
import { useHydrated } from '@/components/ui/use-hydrated';
import { useErrorText } from '@/components/ui/use-error-text';
import { Link, useRouter } from '@/i18n/navigation';
import { ApiError } from '@/lib/api-error';
import { launchGame } from '@/lib/casino/casino-api';
import { useAppSelector } from '@/store/hooks';
import { LockedGamePopup } from './locked-game-popup';
import styles from './game-frame.module.css';

type State =
  | { kind: 'starting' }
  | { kind: 'playing'; launch: GameLaunch }
  | { kind: 'locked' }
  | { kind: 'failed'; error: unknown };

/**
 * Opens the game once the page knows who is looking: asking for the demo (?mode=demo) of a game that has one gets
 * play money, a signed-in player otherwise gets a real-money launch, any other visitor goes to registration (SPEC.md
 * §6; the Demo button itself is still shown to visitors only).
 */
export function GameFrame({ lng, game }: { lng: Locale; game: GameDetail }) {
  const t = useTranslations('casino.game');
  const errorText = useErrorText();
  const router = useRouter();
  const hydrated = useHydrated();
  const user = useAppSelector((state) => state.userSlice.user);
  const wantsDemo = useSearchParams().get('mode') === 'demo';
  const [state, setState] = useState<State>({ kind: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const signedIn = hydrated && user !== null;
  // A signed-in player may ask for the demo too (?mode=demo): under a UK-like profile it opens once their age is verified.
  const demo = wantsDemo && game.demoModeEnabled;
  const toRegister = useCallback(
    () => router.replace({ pathname: '/auth/register', query: { next: `/game/${game.slug}` } }),
    [router, game.slug],
  );

  useEffect(() => {
    if (!hydrated) return;
    if (!signedIn && !demo) {
      toRegister();
      return;
    }
    let cancelled = false;
    launchGame(lng, game.slug, demo ? 'demo' : 'real')
      .then((launch) => {
        if (!cancelled) setState({ kind: 'playing', launch });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (error instanceof ApiError && error.code === 'unauthorized') toRegister();
        else if (error instanceof ApiError && error.code === 'game_locked') setState({ kind: 'locked' });
        else setState({ kind: 'failed', error });
      });
    return () => {
      cancelled = true;
    };
  }, [hydrated, signedIn, demo, lng, game.slug, attempt, toRegister]);

  return (
    <article className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{game.title}</h1>
        <p className={styles.meta}>
          {t('provider', { provider: game.provider.title })} · {t('rtp', { rtp: game.rtp })}
        </p>
      </header>
      {demo ? <p className={styles.notice}>{t('demoNotice')}</p> : null}
      {signedIn && !demo && state.kind !== 'locked' ? <GameFunding game={game.slug} /> : null}
      <div className={styles.stage}>
        {state.kind === 'playing' ? (
          <iframe
            className={styles.frame}
            src={state.launch.url}
            title={t('frameTitle', { title: game.title })}
            allow="fullscreen"
          />
        ) : null}
        {state.kind === 'starting' ? (
          <p className={styles.status} role="status">
            {t('starting')}
          </p>
        ) : null}
        {state.kind === 'failed' ? (
          <div className={styles.status} role="alert">
            <p>
              {t('failed')} {errorText(state.error)}
            </p>
            <button
              type="button"
              className={styles.retry}
              onClick={() => {
                setState({ kind: 'starting' });
                setAttempt((value) => value + 1);
              }}
            >
              {t('retry')}
            </button>
          </div>
        ) : null}
        {state.kind === 'locked' ? (
          <>
            <p className={styles.status}>{errorText(new ApiError(403, 'game_locked', ''))}</p>
            <LockedGamePopup onClose={() => router.push('/')} />
          </>
        ) : null}
      </div>
      {demo ? (
        <p className={styles.notice}>
          <Link href="/auth/register">{t('register')}</Link>
        </p>
      ) : null}
    </article>
  );
}
