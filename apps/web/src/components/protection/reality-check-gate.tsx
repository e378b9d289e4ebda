'use client';

import { isLocale } from '@playhouse/shared/locales';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { Link, useRouter } from '@/i18n/navigation';
import { formatMoney } from '@/lib/account/money-format';
import { keepTabInside } from '@/lib/focus-trap';
import { acknowledgeRealityCheck, getRealityCheck, REALITY_CHECK_KEY } from '@/lib/protection/protection-api';
import { useAppDispatch } from '@/store/hooks';
import { logoutUser } from '@/store/user-thunks';
import buttons from '@/components/ui/button.module.css';
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
  const { data: state, mutate } = useSWR([REALITY_CHECK_KEY, lng], () => getRealityCheck(lng), SWR_OPTIONS);
  // Minutes the session had run when the dialog opened; null while it is closed.
  const [openMinutes, setOpenMinutes] = useState<number | null>(null);
  const [tick, setTick] = useState(0);
  const [busy, setBusy] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const open = openMinutes !== null;

  // The browser's clock decides when to show it (the api enforces the pause on its own clock).
  useEffect(() => {
    if (!state || state.intervalMinutes === null || open) return;
    const dueAt = Date.parse(state.lastCheckAt) + state.intervalMinutes * MINUTE_MS;
    const timer = setTimeout(
      () => {
        if (Date.now() < dueAt) {
          setTick((value) => value + 1);
          return;
        }
        void mutate().then((next) => {
          const started = Date.parse((next ?? state).sessionStartedAt);
          setOpenMinutes(Math.max(0, Math.floor((Date.now() - started) / MINUTE_MS)));
        });
      },
      Math.min(Math.max(0, dueAt - Date.now()), MAX_DELAY_MS),
    );
    return () => clearTimeout(timer);
  }, [state, open, mutate, tick]);

  useEffect(() => {
    if (open) dialogRef.current?.querySelector<HTMLElement>('button')?.focus();
  }, [open]);

  if (openMinutes === null || !state) return null;
  const minutes = openMinutes;

  async function answer() {
    setBusy(true);
    try {
      const next = await acknowledgeRealityCheck(lng);
      setOpenMinutes(null);
      await mutate(next, { revalidate: false });
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
          <button type="button" className={buttons.primary} disabled={busy} onClick={() => void answer()}>
            {t('dialog.continue')}
          </button>
          <button
            type="button"
            className={buttons.secondary}
            disabled={busy}
            onClick={() => {
              setOpenMinutes(null);
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
