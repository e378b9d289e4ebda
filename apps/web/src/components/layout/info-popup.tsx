'use client';

import { HIDDEN_POPUP_PATHS } from '@playhouse/shared/constants';
import { useLocale, useTranslations } from 'next-intl';
import { Fragment, useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { usePathname, useRouter } from '@/i18n/navigation';
import { keepTabInside } from '@/lib/focus-trap';
import { parseConfiguredHref } from '@/lib/links';
import { closeInfoPopup } from '@/store/info-popup-slice';
import { setLoading } from '@/store/loader-slice';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
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

/**
 * SPEC.md §2 and §4 "Info popup": shown while the store says so, never on /landing paths; closes on any path change
 * and on either button, which then goes to its configured link with the loading flag set.
 */
export function InfoPopup() {
  const t = useTranslations('infoPopup');
  const popup = useAppSelector((state) => state.infoPopup);
  const dispatch = useAppDispatch();
  const pathname = usePathname();
  const locale = useLocale();
  const router = useRouter();
  const titleId = useId();
  const textId = useId();
  const mainButtonRef = useRef<HTMLButtonElement>(null);
  const fullPath = `/${locale}${pathname === '/' ? '' : pathname}`;
  const lastPath = useRef(fullPath);

  useEffect(() => {
    if (lastPath.current === fullPath) return;
    lastPath.current = fullPath;
    dispatch(closeInfoPopup());
  }, [fullPath, dispatch]);

  const hidden = HIDDEN_POPUP_PATHS.some((path) => fullPath.includes(path));
  const visible = popup.showInfoPopup && !hidden;

  useEffect(() => {
    if (visible) mainButtonRef.current?.focus();
  }, [visible]);

  if (!visible) return null;

  const follow = (href: string) => {
    dispatch(closeInfoPopup());
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

  // Modal: Tab cycles through the popup's own controls, Escape dismisses it without following a link.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') dispatch(closeInfoPopup());
    else keepTabInside(event);
  };

  return (
    <div className={styles.overlay}>
      <div
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className={styles.title}>
          {t('title')}
        </h2>
        <p id={textId} className={styles.text}>
          <PopupText text={popup.text} email={t('emailSample')} />
        </p>
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={() => follow(popup.hrefOnCloseButton)}>
            {popup.closeButtonText}
          </button>
          <button
            ref={mainButtonRef}
            type="button"
            className={styles.primary}
            onClick={() => follow(popup.hrefOnMainButton)}
          >
            {popup.buttonText}
          </button>
        </div>
      </div>
    </div>
  );
}
