'use client';

import type { RealityCheck } from '@playhouse/shared/contracts/protection';
import { isLocale } from '@playhouse/shared/locales';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useRouter } from '@/i18n/navigation';
import { formatMoney } from '@/lib/account/money-format';
import { keepTabInside } from '@/lib/focus-trap';
import { acknowledgeRealityCheck, getRealityCheck } from '@/lib/protection/protection-api';
import { useAppDispatch } from '@/store/hooks';
import { logoutUser } from '@/store/user-thunks';
import styles from './protection.module.css';

const MINUTE_MS = 60_000;
/** setTimeout's longest delay; a later check is scheduled again when this one fires. */
const MAX_DELAY_MS = 2_147_483_647;

/**
 * The reality check over any page of a signed-in player: when the interval since the session's start (or the last
 * answer) has passed, a modal dialog shows the session's length and net result, with "continue" and "log out" and a
 * link to the history. The api refuses stakes until it is answered, so play pauses.
 */
export function RealityCheckGate() {
  const t = useTranslations('safePlay');
  const locale = useLocale();
  const lng = isLocale(locale) ? locale : 'en';
  const dispatch = useAppDispatch();
  const router = useRouter();
  const [state, setState] = useState<RealityCheck | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    try {
      const next = await getRealityCheck(lng);
      setState(next);
      return next;
    } catch {
      return null;
    }
  }, [lng]);

  useEffect(() => {
    void load();
  }, [load]);

  // The browser's clock decides when to show it (the api enforces the pause on its own clock).
  useEffect(() => {
    if (!state || state.intervalMinutes === null || open) return;
    const dueAt = Date.parse(state.lastCheckAt) + state.intervalMinutes * MINUTE_MS;
    const timer = setTimeout(
      () => {
        if (Date.now() < dueAt) {
          setState({ ...state });
          return;
        }
        void load().then(() => setOpen(true));
      },
      Math.min(Math.max(0, dueAt - Date.now()), MAX_DELAY_MS),
    );
    return () => clearTimeout(timer);
  }, [state, open, load]);

  useEffect(() => {
    if (open) dialogRef.current?.querySelector<HTMLElement>('button')?.focus();
  }, [open]);

  if (!open || !state) return null;
  const minutes = Math.max(0, Math.floor((Date.now() - Date.parse(state.sessionStartedAt)) / MINUTE_MS));

  async function answer() {
    setBusy(true);
    try {
      setState(await acknowledgeRealityCheck(lng));
      setOpen(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.dialogBackdrop}>
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="reality-check-title"
        aria-describedby="reality-check-body"
        onKeyDown={keepTabInside}
      >
        <h2 id="reality-check-title" className={styles.dialogTitle}>
          {t('dialog.title')}
        </h2>
        <p id="reality-check-body">
          {t('dialog.body', {
            minutes,
            staked: formatMoney(state.staked, state.currency, lng),
            net: formatMoney(state.net, state.currency, lng),
          })}
        </p>
        <p>{t('dialog.paused')}</p>
        <div className={styles.buttons}>
          <button type="button" disabled={busy} onClick={() => void answer()}>
            {t('dialog.continue')}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              setOpen(false);
              void dispatch(logoutUser({ refresh: () => router.refresh() }));
            }}
          >
            {t('dialog.logout')}
          </button>
        </div>
        <p>
          <Link href="/transactions" onClick={() => void answer()}>
            {t('dialog.history')}
          </Link>
        </p>
      </div>
    </div>
  );
}
