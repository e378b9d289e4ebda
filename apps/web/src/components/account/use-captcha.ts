'use client';

import type { CaptchaSolution } from '@playhouse/shared/contracts/accounts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchCaptchaChallenge } from '@/lib/account/account-api';
import { solveCaptcha } from '@/lib/account/solve-captcha';

export type CaptchaState = { status: 'solving' | 'solved' | 'failed'; progress: number };

/** Challenges expire after 5 minutes on the api; one older than this is solved again rather than risked. */
const SOLUTION_MAX_AGE_MS = 4 * 60 * 1000;

type Attempt = { promise: Promise<CaptchaSolution>; solvedAt: number | null };

/**
 * The proof-of-work captcha of registration and recovery: a challenge is fetched and solved in the background as soon
 * as the form shows, so it is usually ready by the time the visitor submits. Each solution is used once.
 */
export function useCaptcha() {
  const [state, setState] = useState<CaptchaState>({ status: 'solving', progress: 0 });
  const attempt = useRef<Attempt | null>(null);
  const controller = useRef<AbortController | null>(null);

  /** Fetches and solves a challenge; the state follows its progress from the first report on. */
  const begin = useCallback((): Attempt => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    const current: Attempt = { solvedAt: null, promise: Promise.resolve(null as never) };
    current.promise = (async () => {
      const challenge = await fetchCaptchaChallenge(abort.signal);
      const solution = await solveCaptcha(challenge, {
        signal: abort.signal,
        onProgress: (progress) => {
          if (!abort.signal.aborted) setState({ status: 'solving', progress });
        },
      });
      current.solvedAt = Date.now();
      if (!abort.signal.aborted) setState({ status: 'solved', progress: 1 });
      return solution;
    })();
    current.promise.catch(() => {
      if (!abort.signal.aborted) setState({ status: 'failed', progress: 0 });
    });
    attempt.current = current;
    return current;
  }, []);

  /** A fresh attempt started by the visitor's action: shown as running at once. */
  const start = useCallback((): Attempt => {
    setState({ status: 'solving', progress: 0 });
    return begin();
  }, [begin]);

  useEffect(() => {
    begin();
    return () => controller.current?.abort();
  }, [begin]);

  /** The solution to send now, waiting for the work if needed. Each is used once: the next call solves a new one. */
  const take = useCallback(async (): Promise<CaptchaSolution> => {
    let current = attempt.current;
    if (!current || (current.solvedAt !== null && Date.now() - current.solvedAt > SOLUTION_MAX_AGE_MS)) {
      current = start();
    }
    attempt.current = null;
    return current.promise;
  }, [start]);

  /** Starts solving the next challenge in the background (after a submission the api refused). */
  const prepare = useCallback(() => {
    if (!attempt.current) start();
  }, [start]);

  return { state, take, prepare };
}
