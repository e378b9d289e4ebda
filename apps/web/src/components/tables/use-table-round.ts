'use client';

import type {
  TableActionBody,
  TableRound,
  TableRoundBody,
  TableRoundResponse,
} from '@playhouse/shared/contracts/tables';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { actOnTableRound, fetchOpenTableRound, startTableRound } from '@/lib/casino/casino-api';

/**
 * A table round from the page's side: resumes the session's round in play, starts one with its bets and sends each
 * move with the index the player saw, so a repeat after a lost answer is never applied twice (the same move at the
 * same index is answered with the round as it stands).
 */
export function useTableRound({
  token,
  onAnswer,
  onError,
}: {
  token: string;
  /** Every answer carries the balance after the round's wallet calls and the next seed commitment. */
  onAnswer: (answer: TableRoundResponse) => void;
  onError: (failure: unknown) => void;
}) {
  const [round, setRound] = useState<TableRound | null>(null);
  const [busy, setBusy] = useState(false);
  const [resumed, setResumed] = useState(false);
  const roundRef = useRef<TableRound | null>(null);
  useEffect(() => {
    roundRef.current = round;
  }, [round]);

  useEffect(() => {
    let cancelled = false;
    fetchOpenTableRound(token)
      .then((open) => {
        if (cancelled || !open) return;
        setRound(open);
        setResumed(true);
      })
      .catch((failure: unknown) => console.error('tables: the round in play could not be loaded', failure));
    return () => {
      cancelled = true;
    };
  }, [token]);

  const run = useCallback(
    async (call: () => Promise<TableRoundResponse>) => {
      setBusy(true);
      setResumed(false);
      try {
        const answer = await call();
        setRound(answer.round);
        onAnswer(answer);
      } catch (failure) {
        onError(failure);
      } finally {
        setBusy(false);
      }
    },
    [onAnswer, onError],
  );

  const start = useCallback((body: TableRoundBody) => run(() => startTableRound(token, body)), [run, token]);

  const act = useCallback(
    (action: TableActionBody) => {
      const current = roundRef.current;
      if (!current) return Promise.resolve();
      const send = () => actOnTableRound(token, current.id, current.nextIndex, action);
      // One retry of the same move at the same index when the answer was lost on the way: applied at most once.
      return run(() =>
        send().catch((failure: unknown) => {
          if (failure instanceof ApiError && failure.status !== 503 && failure.code !== 'network_error') throw failure;
          return send();
        }),
      );
    },
    [run, token],
  );

  const newRound = useCallback(() => {
    setRound(null);
    setResumed(false);
  }, []);

  return { round, busy, resumed, start, act, newRound };
}

export type TableRoundControls = ReturnType<typeof useTableRound>;
