'use client';

import { SPEC } from '@playhouse/shared/constants';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import buttons from '@/components/ui/button.module.css';
import dialog from '@/components/ui/dialog.module.css';
import { getPathname, Link, usePathname } from '@/i18n/navigation';
import { useAppSelector } from '@/store/hooks';
import styles from './app-popup.module.css';
import {
  APP_POPUP_CHECKED_KEY,
  APP_POPUP_HIDDEN_KEY,
  appPopupStorageAtStart,
  appPopupStorageOnClose,
  shouldShowAppPopup,
  type AppPopupStorage,
} from './app-popup-rules';

/** The display modes an installed web app runs in; a browser tab is 'browser'. */
const INSTALLED_DISPLAY_MODES = ['standalone', 'fullscreen', 'minimal-ui'];

function runsAsInstalledApp(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || INSTALLED_DISPLAY_MODES.some((mode) => matchMedia(`(display-mode: ${mode})`).matches);
}

function readStorage(): AppPopupStorage {
  try {
    return {
      hidden: localStorage.getItem(APP_POPUP_HIDDEN_KEY),
      checkedAt: localStorage.getItem(APP_POPUP_CHECKED_KEY),
    };
  } catch {
    return { hidden: null, checkedAt: null };
  }
}

function writeStorage(values: AppPopupStorage): void {
  try {
    if (values.hidden !== null) localStorage.setItem(APP_POPUP_HIDDEN_KEY, values.hidden);
    if (values.checkedAt !== null) localStorage.setItem(APP_POPUP_CHECKED_KEY, values.checkedAt);
  } catch {
    // Storage refused (private mode, quota): the popup then only stays closed for this page's life.
  }
}

type Device = { userAgent: string; standalone: boolean };

/**
 * SPEC.md §4 "Mobile app popup": offers /{lng}/app-page to a signed-in Android player 30 s after the session (this
 * document) starts. A non-modal dialog: it appears by itself, so it does not take the focus away from the player.
 * `startedAt` is when the session started (`performance.now()` at hydration; the popup is loaded on demand, maybe much
 * later): the delay is what is left of the 30 s when it mounts. Without it the 30 s start at mount.
 */
export function AppPopup({ startedAt }: { startedAt?: number }) {
  const t = useTranslations('appPopup');
  const locale = useLocale();
  const pathname = usePathname();
  const titleId = useId();
  const textId = useId();
  const user = useAppSelector((state) => state.userSlice.user);
  const [device, setDevice] = useState<Device | null>(null);
  const [hidden, setHidden] = useState<string | null>(null);

  useEffect(() => {
    const update = appPopupStorageAtStart(readStorage(), Date.now());
    if (update) writeStorage(update);
    // The browser's facts are read when the delay is over, after hydration, so server and client renders agree.
    const elapsedMs = startedAt === undefined ? 0 : performance.now() - startedAt;
    const timer = window.setTimeout(
      () => {
        setHidden(readStorage().hidden);
        setDevice({ userAgent: navigator.userAgent, standalone: runsAsInstalledApp() });
      },
      Math.max(0, SPEC.mobilePopupDelayMs - elapsedMs),
    );
    return () => window.clearTimeout(timer);
  }, [startedAt]);

  const visible =
    device !== null &&
    shouldShowAppPopup({
      userAgent: device.userAgent,
      standalone: device.standalone,
      path: getPathname({ href: pathname, locale }),
      signedIn: user !== null,
      hidden,
      elapsedMs: SPEC.mobilePopupDelayMs,
    });
  if (!visible) return null;

  const close = () => {
    const values = appPopupStorageOnClose(Date.now());
    writeStorage(values);
    setHidden(values.hidden);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') close();
  };

  return (
    <div
      className={dialog.panel}
      role="dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onKeyDown={onKeyDown}
    >
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <rect x="6" y="2" width="12" height="20" rx="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M10 18.5h4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <div className={dialog.body}>
        <h2 id={titleId} className={dialog.title}>
          {t('title')}
        </h2>
        <p id={textId} className={dialog.text}>
          {t('text')}
        </p>
        <Link href="/app-page" className={buttons.primary} onClick={close}>
          {t('link')}
        </Link>
      </div>
      <button type="button" className={buttons.icon} onClick={close}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{t('close')}</span>
      </button>
    </div>
  );
}
