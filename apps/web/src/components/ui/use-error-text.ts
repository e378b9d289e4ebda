'use client';

import { isLocale } from '@playhouse/shared/locales';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { formatDateTime } from '@/lib/account/money-format';
import { ApiError } from '@/lib/api-error';

/** Fields of an error that are moments: shown as the locale's date and time. */
const MOMENT_FIELDS = new Set(['resetsAt', 'until', 'effectiveAt']);

/**
 * The translated message for an api error code (every code has one; an unknown one reads as an internal error). The
 * envelope's `fields` fill the message's placeholders (a limit refusal names its kind, period and reset time).
 */
export function useErrorText() {
  const t = useTranslations('errors');
  const locale = useLocale();
  return useCallback(
    (error: unknown): string => {
      let code = error instanceof ApiError ? error.code : 'internal_error';
      const fields = error instanceof ApiError ? error.fields : {};
      // A stake above the limit itself never fits, so there is no moment to name.
      if (code === 'limit_exceeded' && !fields.resetsAt) code = 'limit_exceeded_above';
      const values = Object.fromEntries(
        Object.entries(fields).map(([name, value]) => [
          name,
          MOMENT_FIELDS.has(name) && isLocale(locale) ? formatDateTime(value, locale) : value,
        ]),
      );
      return t.has(code) ? t(code, values) : t('internal_error');
    },
    [t, locale],
  );
}

const NO_DEFAULTS: Record<string, string> = {};

/**
 * An area's refusal text: its own codes under `namespace` (e.g. `boPlayers.errors`) first, filled from the envelope's
 * fields over `defaults` (a constant: it keys the callback), then the site's text for the common codes.
 */
export function useAreaErrorText(namespace: string, defaults: Record<string, string> = NO_DEFAULTS) {
  const own = useTranslations(namespace);
  const errorText = useErrorText();
  return useCallback(
    (error: unknown): string =>
      error instanceof ApiError && error.code !== '' && own.has(error.code)
        ? own(error.code, { ...defaults, ...error.fields })
        : errorText(error),
    [own, errorText, defaults],
  );
}
