'use client';

import { useLocale } from 'next-intl';
import { Fragment, useEffect, useId, useRef, useSyncExternalStore, type KeyboardEvent } from 'react';
import buttons from '@/components/ui/button.module.css';
import dialog from '@/components/ui/dialog.module.css';
import { getPathname, usePathname, useRouter } from '@/i18n/navigation';
import { parseConfiguredHref } from '@/lib/links';
import { slipStore } from '@/lib/sports/bet-slip-store';
import { closeInfoPopup } from '@/store/info-popup-slice';
import { setLoading } from '@/store/loader-slice';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { announcementAllowedOn, announcementMemory } from './announcement-memory';
import styles from './info-popup.module.css';

const EMAIL_PLACEHOLDER = '{email}';

/** The operator's text, with its {email} sample shown in the visitor's language. */
function PopupText({ text, email }: { text: string; email: string }) {
  const parts = text.split(EMAIL_PLACEHOLDER);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 ? <strong className={styles.email}>{email}</strong> : null}
    </Fragment>
  ));
}

const slipInProgress = () => slipStore.get().selections.length > 0;

/**
 * SPEC.md §2 and §4 "Info popup", the site's announcement: shown while the store says so, once per announcement (the
 * browser remembers the one its visitor closed, in every tab), never on /landing, the cashbox, a game or over a bet
 * slip in progress. It closes on any path change and on either button, which then goes to its configured link with
 * the loading flag set; its close icon and Escape only close it. A non-modal panel: it appears by itself, so it
 * takes neither the focus nor the page's clicks.
 */
export type InfoPopupLabels = { title: string; emailSample: string; dismiss: string };

export function InfoPopup({ labels }: { labels: InfoPopupLabels }) {
  const popup = useAppSelector((state) => state.infoPopup);
  const dispatch = useAppDispatch();
  const pathname = usePathname();
  const locale = useLocale();
  const router = useRouter();
  const titleId = useId();
  const textId = useId();
  const closedId = useSyncExternalStore(
    announcementMemory.subscribe,
    announcementMemory.closedId,
    announcementMemory.serverClosedId,
  );
  const betting = useSyncExternalStore(slipStore.subscribe, slipInProgress, () => false);
  const fullPath = getPathname({ href: pathname, locale });
  // The server's render and hydration do not know what this browser closed: the page's gate script decides
  // (AnnouncementGate), then the browser's memory does.
  const gated = closedId === undefined;
  const visible =
    popup.id !== null &&
    popup.showInfoPopup &&
    (gated || closedId !== String(popup.id)) &&
    announcementAllowedOn(pathname) &&
    !betting;

  const close = () => {
    dispatch(closeInfoPopup());
    if (popup.id !== null) announcementMemory.remember(popup.id);
  };

  // A path change closes it (SPEC.md §4) when it was on screen; one it never covered stays to be shown elsewhere.
  const lastPath = useRef(fullPath);
  const wasVisible = useRef(false);
  useEffect(() => {
    if (lastPath.current !== fullPath) {
      lastPath.current = fullPath;
      if (wasVisible.current) {
        dispatch(closeInfoPopup());
        if (popup.id !== null) announcementMemory.remember(popup.id);
      }
    }
    wasVisible.current = visible;
  }, [fullPath, visible, popup.id, dispatch]);

  if (!visible) return null;

  const follow = (href: string) => {
    close();
    const target = parseConfiguredHref(href);
    if (!target) return;
    if (target.kind === 'external') {
      dispatch(setLoading(true));
      window.location.assign(target.href);
      return;
    }
    const targetLocale = target.locale ?? locale;
    const here = target.path === pathname && targetLocale === locale && target.search === window.location.search;
    // Going nowhere would leave the loading flag on, as only a path change clears it.
    if (here) return;
    dispatch(setLoading(true));
    router.push(`${target.path}${target.search}`, { locale: targetLocale });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') close();
  };

  return (
    <div
      className={`${dialog.panel} ${styles.popup}`}
      role="dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onKeyDown={onKeyDown}
      data-announcement-gate={gated ? '' : undefined}
    >
      <div className={dialog.body}>
        <h2 id={titleId} className={dialog.title}>
          {labels.title}
        </h2>
        <p id={textId} className={dialog.text}>
          <PopupText text={popup.text} email={labels.emailSample} />
        </p>
        <div className={dialog.actions}>
          <button type="button" className={buttons.primary} onClick={() => follow(popup.hrefOnMainButton)}>
            {popup.buttonText}
          </button>
          <button type="button" className={buttons.secondary} onClick={() => follow(popup.hrefOnCloseButton)}>
            {popup.closeButtonText}
          </button>
        </div>
      </div>
      <button type="button" className={buttons.icon} onClick={close}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{labels.dismiss}</span>
      </button>
    </div>
  );
}
