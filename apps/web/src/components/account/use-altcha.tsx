'use client';

import type { Locale } from '@playhouse/shared/locales';
import type {} from 'altcha/types/react';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import { useTranslations } from 'next-intl';
import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import { CAPTCHA_CHALLENGE_PATH } from '@/lib/account/account-api';
import { ApiError } from '@/lib/api-error';
import { reportCaptchaError } from '@/lib/error-reports';
// The widget's stylesheet from the bundle (a same-site <link>): the widget would otherwise inject it as an inline
// <style>, which the content policy refuses without a nonce it cannot read from a lazily loaded chunk.
import 'altcha/altcha.css';

/** The widget's texts, in the page's language from the site's own catalogue (the widget's i18n keys). */
const STRING_KEYS = [
  'ariaLinkLabel',
  'cancel',
  'enterCode',
  'enterCodeAria',
  'enterCodeFromImage',
  'error',
  'expired',
  'footer',
  'getAudioChallenge',
  'label',
  'loading',
  'reload',
  'verify',
  'verificationRequired',
  'verified',
  'verifying',
  'waitAlert',
] as const;

type StateChange = CustomEvent<{ state: string; payload?: string }>;

/** The element once the altcha module has upgraded it (its methods are there). */
function upgraded(node: HTMLElement | null): node is AltchaWidgetElement {
  return node !== null && 'verify' in node && 'reset' in node;
}

type AltchaOptions = {
  /** Ask the api for a challenge at least this hard (a sign-in past failed tries names the level). */
  level?: number;
  /** false: nothing is loaded and no work is done (a sign-in needs the captcha only when the api asks for it). */
  enabled?: boolean;
};

/**
 * The captcha of registration and recovery: the self-hosted ALTCHA widget, which fetches a challenge from the api and
 * solves it in the browser's workers as soon as the form shows. `take()` gives the payload to send (waiting for the
 * work if needed); each payload is used once, so `renew()` starts the next one after the api refused a submission.
 */
export function useAltcha(lng: Locale, { level = 0, enabled = true }: AltchaOptions = {}) {
  const t = useTranslations('signup.captcha');
  const element = useRef<HTMLElement | null>(null);
  const payload = useRef<string | null>(null);
  /** Submissions waiting for the widget's answer (it was still loading or solving when the form was sent). */
  const waiting = useRef<((solved: string | null) => void)[]>([]);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    // The widget registers itself as a custom element; it only runs in the browser.
    void import('altcha').then(() => {
      if (cancelled) return;
      globalThis.$altcha.i18n.set(lng, Object.fromEntries(STRING_KEYS.map((key) => [key, t(key)])));
      setLoaded(true);
    });
    return () => {
      cancelled = true;
    };
  }, [lng, t, enabled]);

  useEffect(() => {
    const widget = element.current;
    if (!loaded || !widget) return;
    const onChange = (event: Event) => {
      const { state, payload: solved } = (event as StateChange).detail;
      const answer = state === 'verified' && solved ? solved : null;
      if (state === 'error') reportCaptchaError('The captcha widget could not fetch or solve its challenge.');
      if (state === 'verifying' || state === 'unverified') return;
      const waiter = waiting.current.shift();
      // A waiting submission takes the payload (each is used once); otherwise it is kept for the next one.
      if (waiter) {
        waiter(answer);
        for (const other of waiting.current.splice(0)) other(null);
      } else {
        payload.current = answer;
      }
    };
    widget.addEventListener('statechange', onChange);
    return () => widget.removeEventListener('statechange', onChange);
    // A new level mounts a new element (keyed by it), which needs its own listener.
  }, [loaded, level]);

  const take = useCallback(async (): Promise<string> => {
    const ready = payload.current;
    payload.current = null;
    if (ready) return ready;
    // Still loading or solving (a quick submit, a slow device): wait for the widget's answer, up to a minute.
    const solved = await new Promise<string | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 60_000);
      waiting.current.push((answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      const widget = element.current;
      if (upgraded(widget) && widget.getState() !== 'verifying') void widget.verify();
    });
    if (!solved) throw new ApiError(400, 'captcha_invalid', 'The security check failed.');
    return solved;
  }, []);

  const renew = useCallback(() => {
    payload.current = null;
    const widget = element.current;
    if (!upgraded(widget)) return;
    widget.reset();
    void widget.verify();
  }, []);

  // A new level mounts a new widget (keyed by it): it fetches its own challenge at once.
  const widget = (
    <Fragment key={level}>
      {/* The widget injects its stylesheet only when no element has this id: it is already loaded (see above). */}
      <span id="altcha-css" hidden />
      <altcha-widget
        ref={element}
        challenge={level > 0 ? `${CAPTCHA_CHALLENGE_PATH}?level=${level}` : CAPTCHA_CHALLENGE_PATH}
        auto="onload"
        language={lng}
        configuration={JSON.stringify({ hideFooter: true, hideLogo: true })}
        suppressHydrationWarning
      />
    </Fragment>
  );

  return { widget, take, renew };
}
