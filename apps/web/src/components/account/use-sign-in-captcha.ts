'use client';

import type { Locale } from '@playhouse/shared/locales';
import { useCallback, useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { useAltcha } from './use-altcha';

/**
 * The captcha of a sign-in (player and staff): absent until the api answers `captcha_required` (a few failed tries
 * of the account or from the address), then shown at the level the api named, solved in the browser, and sent with
 * every further try. A wrong password never locks the owner out; it only makes the next check harder.
 */
export function useSignInCaptcha(lng: Locale) {
  const [level, setLevel] = useState<number | null>(null);
  const altcha = useAltcha(lng, { level: level ?? 0, enabled: level !== null });
  const { take, renew } = altcha;

  const send = useCallback(
    async <T>(call: (captcha: string | undefined) => Promise<T>): Promise<T> => {
      const captcha = level === null ? undefined : await take();
      try {
        return await call(captcha);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'captcha_required') {
          const asked = Number(error.fields.level);
          const next = Number.isInteger(asked) && asked >= 0 ? asked : 0;
          // A new level mounts a new widget that starts at once; the same level needs a fresh challenge.
          if (next === level) renew();
          setLevel(next);
          // The level is the captcha's business, not a field of the form.
          throw new ApiError(error.status, error.code, error.message, error.requestId);
        }
        if (level !== null) renew();
        throw error;
      }
    },
    [level, take, renew],
  );

  return { send, widget: level === null ? null : altcha.widget };
}
