'use client';

import { useCallback, useRef, useState } from 'react';
import { useErrorText } from './use-error-text';

export type RunOptions = {
  /** Sees a refusal after its text is set (to show field problems, or prepare the next captcha). */
  onError?: (error: unknown) => void;
  /** This success leaves the page or closes the dialog: it stays busy, so it cannot be sent twice meanwhile. */
  leavesOnSuccess?: boolean;
  /** Which of the screen's actions this is (approve, pay, reject), for the one button that says it is busy. */
  what?: string;
};

export type ActionOptions = {
  /**
   * The text shown for a refusal; the site's error texts when left out (an area passes its own codes first). Null: the
   * form shows this refusal elsewhere (next to a field, as a question), from `onError`.
   */
  errorText?: (error: unknown) => string | null;
  /** A success leaves the page or closes the dialog: it stays busy, so it cannot be sent twice meanwhile. */
  leavesOnSuccess?: boolean;
};

/**
 * The busy flag and the error of a submission, shared by every form and action button: one submission at a time (a
 * second click while one runs is dropped), the error cleared when it starts and set to the refusal's text when it
 * fails. `useForm` builds on it for the forms described by /spa/forms.
 */
export function useAction({ errorText: ownErrorText, leavesOnSuccess = false }: ActionOptions = {}) {
  const siteErrorText = useErrorText();
  const errorText = ownErrorText ?? siteErrorText;
  /** What runs (see RunOptions.what), null when nothing does. */
  const [busyWith, setBusyWith] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // State is a render late: the ref drops a second submission made before React has drawn the first one's busy flag.
  const running = useRef(false);

  /** Runs `work`; true when it succeeded. */
  const run = useCallback(
    async (
      work: () => Promise<unknown>,
      { onError, leavesOnSuccess: leaves = leavesOnSuccess, what = 'submit' }: RunOptions = {},
    ) => {
      if (running.current) return false;
      running.current = true;
      setBusyWith(what);
      setError(null);
      try {
        await work();
        if (!leaves) {
          running.current = false;
          setBusyWith(null);
        }
        return true;
      } catch (caught) {
        setError(errorText(caught));
        onError?.(caught);
        running.current = false;
        setBusyWith(null);
        return false;
      }
    },
    [errorText, leavesOnSuccess],
  );

  return { busy: busyWith !== null, busyWith, error, setError, run };
}

export type Action = ReturnType<typeof useAction>;
