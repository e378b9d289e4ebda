'use client';

import { SPEC } from '@playhouse/shared/constants';
import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { usePathname } from '@/i18n/navigation';
import { chatHiddenOn, chatOpenerOf, chatReducer, urlOpensChat } from './chat-state';
import styles from './chat-launcher.module.css';

// The widget's code (and its conversation) load only once the chat is opened.
const ChatWidget = lazy(() => import('./chat-widget').then((module) => ({ default: module.ChatWidget })));

/**
 * SPEC.md §2 "Live chat": the 30x30 chat icon, hidden on /landing and /game/ paths. It opens the widget on a click,
 * by itself when the address carries openChatImmediately or widget-open-chat, and when an element marked with
 * data-chat-opener is clicked; the widget closes through its onClose callback, back to idle.
 */
export function ChatLauncher({ labels }: { labels: { open: string; loading: string } }) {
  const pathname = usePathname();
  const [phase, dispatch] = useReducer(chatReducer, 'idle');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const hidden = chatHiddenOn(pathname);

  // A chat the visitor opened takes the focus; one the address opened leaves it where it is (e.g. in a popup).
  const [takeFocus, setTakeFocus] = useState(false);
  const open = useCallback((byVisitor: boolean) => {
    setTakeFocus(byVisitor);
    dispatch({ type: 'open' });
  }, []);
  const onReady = useCallback(() => dispatch({ type: 'loaded' }), []);
  const onClose = useCallback(() => {
    dispatch({ type: 'close' });
    buttonRef.current?.focus();
  }, []);

  // The address asks for the chat on arrival, after a client-side navigation and when only the hash changes.
  useEffect(() => {
    if (hidden) return;
    const check = () => {
      if (urlOpensChat(window.location)) open(false);
    };
    check();
    window.addEventListener('hashchange', check);
    return () => window.removeEventListener('hashchange', check);
  }, [pathname, hidden, open]);

  // One delegated listener serves every chat opener, including ones rendered later. It listens in the capture phase,
  // so a marked link's own navigation sees the click handled; a modified click still opens the link in a new tab.
  useEffect(() => {
    if (hidden) return;
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (!chatOpenerOf(event.target)) return;
      event.preventDefault();
      open(true);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [hidden, open]);

  useEffect(() => {
    if (hidden) dispatch({ type: 'close' });
  }, [hidden]);

  if (hidden) return null;

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-label={phase === 'loading' ? labels.loading : labels.open}
        aria-expanded={phase === 'opened'}
        aria-busy={phase === 'loading'}
        data-phase={phase}
        onClick={phase === 'opened' ? onClose : () => open(true)}
      >
        <svg
          aria-hidden="true"
          focusable="false"
          width={SPEC.chatIconPx}
          height={SPEC.chatIconPx}
          viewBox="0 0 24 24"
          className={styles.icon}
        >
          <path
            d="M4 4h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9l-4.5 3.5V16H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <circle cx="8" cy="10" r="1.25" fill="currentColor" />
          <circle cx="12" cy="10" r="1.25" fill="currentColor" />
          <circle cx="16" cy="10" r="1.25" fill="currentColor" />
        </svg>
      </button>
      {phase !== 'idle' ? (
        <Suspense fallback={null}>
          <ChatWidget visible={phase === 'opened'} takeFocus={takeFocus} onReady={onReady} onClose={onClose} />
        </Suspense>
      ) : null}
    </>
  );
}
