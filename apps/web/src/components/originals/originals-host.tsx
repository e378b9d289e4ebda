'use client';

import type { OriginalsSession } from '@playhouse/shared/contracts/casino';
import type { TableRoundResponse } from '@playhouse/shared/contracts/tables';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { useErrorText } from '@/components/ui/use-error-text';
import { ApiError } from '@/lib/api-error';
import { fetchOriginalsSession, openOriginalsSession, playOriginalsRound } from '@/lib/casino/casino-api';
import { LoadError } from '@/components/ui/load-error';
import { CodeBoundary } from './code-boundary';
import { formatAmount } from './format';
import type { GameProps, PlayRound } from './play-round';
import styles from './originals-host.module.css';
import layout from '@/components/ui/layout.module.css';

// Each game's code (and the fairness panel's verifier, the game engines) is loaded once the session names the game:
// the frame evaluates one game's code instead of all of them, in the same document as the game page (its main thread,
// TBT, issue 23). A fresh set for each try: React keeps a lazy component's failed load, so trying again with the same
// one would not ask for the code again.
function gameCode() {
  return {
    SlotGame: lazy(() => import('./slot-game').then((module) => ({ default: module.SlotGame }))),
    DiceGame: lazy(() => import('./dice-game').then((module) => ({ default: module.DiceGame }))),
    PlinkoGame: lazy(() => import('./plinko-game').then((module) => ({ default: module.PlinkoGame }))),
    TableHost: lazy(() => import('@/components/tables/table-host').then((module) => ({ default: module.TableHost }))),
    SharedTable: lazy(() =>
      import('@/components/tables/shared-table').then((module) => ({ default: module.SharedTable })),
    ),
    FairnessPanel: lazy(() => import('./fairness-panel').then((module) => ({ default: module.FairnessPanel }))),
  };
}

/** The session token survives a reload of the frame (the launch token in the address is single-use). */
const SESSION_KEY = 'playhouse.originals.session';

type Load = { kind: 'loading' } | { kind: 'ready'; session: OriginalsSession } | { kind: 'ended' };

/**
 * Opens the game from the launch token in the address fragment (then drops it from the address), shows the balance
 * and the game, and plays rounds; the fairness panel shows the seed commitment and verifies revealed rounds.
 */
export function OriginalsHost({ lng }: { lng: Locale }) {
  const t = useTranslations('casino.originals');
  const tGame = useTranslations('casino.game');
  const titleId = useId();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [error, setError] = useState<string | null>(null);
  const [roundsPlayed, setRoundsPlayed] = useState(0);
  // The games' code, and the try it belongs to (the boundary's key: a new try draws the game afresh).
  const [code, setCode] = useState(gameCode);
  const [codeTry, setCodeTry] = useState(0);

  useEffect(() => {
    const launch = new URLSearchParams(window.location.hash.slice(1)).get('launch');
    const stored = window.sessionStorage.getItem(SESSION_KEY);
    if (launch) window.history.replaceState(null, '', window.location.pathname);
    const opening = launch
      ? openOriginalsSession(lng, launch)
      : stored
        ? fetchOriginalsSession(lng, stored)
        : Promise.reject(new ApiError(401, 'game_session_invalid', 'no session'));
    opening
      .then((session) => {
        window.sessionStorage.setItem(SESSION_KEY, session.token);
        setLoad({ kind: 'ready', session });
      })
      .catch(() => setLoad({ kind: 'ended' }));
  }, [lng]);

  // The shared error text: a limit refusal names its kind, period and when it resets.
  const errorText = useErrorText();

  const play: PlayRound = useCallback(
    async (bet, params) => {
      if (load.kind !== 'ready') return null;
      setError(null);
      try {
        const result = await playOriginalsRound(load.session.token, bet, params);
        setLoad({ kind: 'ready', session: { ...load.session, balance: result.balance, fairness: result.fairness } });
        setRoundsPlayed((count) => count + 1);
        return result.round;
      } catch (failure) {
        if (failure instanceof ApiError && failure.code === 'game_session_invalid') setLoad({ kind: 'ended' });
        setError(errorText(failure));
        return null;
      }
    },
    [load, errorText],
  );

  // A table round's every answer carries the balance after its wallet calls; a finished one joins the history.
  const onTableAnswer = useCallback((answer: TableRoundResponse) => {
    setError(null);
    setLoad((current) =>
      current.kind === 'ready'
        ? { kind: 'ready', session: { ...current.session, balance: answer.balance, fairness: answer.fairness } }
        : current,
    );
    if (answer.round.status === 'finished') setRoundsPlayed((count) => count + 1);
  }, []);

  const onSharedBalance = useCallback((balance: string) => {
    setLoad((current) =>
      current.kind === 'ready' ? { kind: 'ready', session: { ...current.session, balance } } : current,
    );
  }, []);

  const onTableError = useCallback(
    (failure: unknown) => {
      if (failure instanceof ApiError && failure.code === 'game_session_invalid') setLoad({ kind: 'ended' });
      setError(errorText(failure));
    },
    [errorText],
  );

  const opening = (
    <p className={styles.message} role="status">
      {t('playing')}
    </p>
  );
  if (load.kind === 'loading') return opening;
  if (load.kind === 'ended') {
    return (
      <p className={styles.message} role="alert">
        {t('sessionEnded')}
      </p>
    );
  }

  const { session } = load;
  const { SlotGame, DiceGame, PlinkoGame, TableHost, SharedTable, FairnessPanel } = code;
  const games: Partial<Record<OriginalsSession['game']['engine'], React.ComponentType<GameProps>>> = {
    slot: SlotGame,
    dice: DiceGame,
    plinko: PlinkoGame,
  };
  const Game = games[session.game.engine];
  return (
    // Named by the game: inside the game page's frame, the page's own <main> is the other one. Until the game's code
    // is there, the opening message stays; when it cannot be loaded (a connection that drops) or drawing the game
    // fails, a message and a way to try again, instead of Next's untranslated error page.
    <CodeBoundary
      key={codeTry}
      fallback={() => (
        <div className={styles.host}>
          <LoadError
            message={t('loadFailed')}
            retryLabel={tGame('retry')}
            onRetry={() => {
              setCode(gameCode());
              setCodeTry((count) => count + 1);
            }}
          />
        </div>
      )}
    >
      <Suspense fallback={opening}>
        <main className={styles.host} aria-labelledby={titleId}>
          <header className={`${layout.spread} ${layout.baseline}`}>
            <h1 id={titleId} className={styles.title}>
              {session.game.title}
            </h1>
            <p className={styles.balance} aria-live="polite">
              {session.mode === 'demo' ? t('demoBalance') : t('balance')}:{' '}
              <strong>{formatAmount(session.balance, session.currency, lng)}</strong>
            </p>
          </header>
          {error ? (
            <p className={styles.error} role="alert">
              {error}
            </p>
          ) : null}
          {session.game.engine === 'table' ? (
            <TableHost lng={lng} session={session} onAnswer={onTableAnswer} onError={onTableError} />
          ) : session.game.engine === 'shared-table' ? (
            <SharedTable lng={lng} session={session} onBalance={onSharedBalance} onError={onTableError} />
          ) : Game ? (
            <Game lng={lng} currency={session.currency} config={session.game.config} play={play} />
          ) : null}
          {/* A shared table's rounds have seeds of their own, shown and verified on the table. */}
          {session.game.engine === 'shared-table' ? null : (
            <FairnessPanel
              token={session.token}
              currency={session.currency}
              fairness={session.fairness}
              roundsPlayed={roundsPlayed}
              onRotated={(fairness) => setLoad({ kind: 'ready', session: { ...session, fairness } })}
              errorText={errorText}
            />
          )}
        </main>
      </Suspense>
    </CodeBoundary>
  );
}
