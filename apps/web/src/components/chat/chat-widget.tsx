'use client';

import { CHAT_MESSAGE_MAX_LENGTH, type ChatMessage } from '@playhouse/shared/contracts/chat';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useAction } from '@/components/ui/use-action';
import { ApiError } from '@/lib/api-error';
import { useChat } from './use-chat';
import { ChatMessages } from './chat-messages';
import styles from './chat-widget.module.css';

type ChatWidgetProps = {
  /** false while the launcher still shows its loading state. */
  visible: boolean;
  /** Move the focus into the message field once shown (the visitor opened the chat, the address did not). */
  takeFocus: boolean;
  /** Called once the conversation has loaded (or failed to), to leave the loading state. */
  onReady: () => void;
  /** The widget's close callback: the launcher goes back to idle. */
  onClose: () => void;
};

function errorKey(error: unknown): 'rateLimited' | 'invalid' | 'sendFailed' {
  if (error instanceof ApiError && error.status === 429) return 'rateLimited';
  if (error instanceof ApiError && error.status === 400) return 'invalid';
  return 'sendFailed';
}

/** The support chat panel: the conversation as a live log, and a form to write (with an e-mail while nobody is online). */
export function ChatWidget({ visible, takeFocus, onReady, onClose }: ChatWidgetProps) {
  const t = useTranslations('chat');
  const { data, send, retry } = useChat(onReady);
  const [text, setText] = useState('');
  const [email, setEmail] = useState('');
  const { busy: sending, error, run } = useAction({ errorText: (problem) => t(errorKey(problem)) });
  const titleId = useId();
  const inputId = useId();
  const emailId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);

  const loaded = data.load === 'ready';
  useEffect(() => {
    if (visible && takeFocus && loaded) inputRef.current?.focus();
  }, [visible, takeFocus, loaded]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [data.messages.length, visible]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (!message || sending) return;
    await run(async () => {
      await send(message, data.staffOnline ? '' : email.trim());
      setText('');
    });
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };

  // Enter sends, Shift+Enter starts a new line.
  const onInputKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const author = (message: ChatMessage) => {
    if (message.author === 'visitor') return t('you');
    return message.staffName ? t('staffName', { name: message.staffName }) : t('support');
  };

  const closed = data.conversation?.status === 'closed';

  return (
    <section role="dialog" aria-labelledby={titleId} className={styles.panel} hidden={!visible} onKeyDown={onKeyDown}>
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {t('title')}
        </h2>
        <button type="button" className={styles.close} aria-label={t('close')} onClick={onClose}>
          <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>

      {data.load === 'failed' ? (
        <div className={styles.failed}>
          <p role="alert">{t('loadFailed')}</p>
          <button type="button" className={styles.secondary} onClick={retry}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <>
          <p className={data.staffOnline ? styles.online : styles.offline}>
            {data.staffOnline ? t('online') : t('offline')}
          </p>
          <div ref={logRef} role="log" aria-live="polite" aria-label={t('log')} className={styles.log}>
            {data.messages.length === 0 ? <p className={styles.empty}>{t('empty')}</p> : null}
            <ChatMessages
              messages={data.messages}
              mine={(message) => message.author === 'visitor'}
              author={author}
              time={{ hour: '2-digit', minute: '2-digit' }}
              leftOffline={t('leftOffline')}
              sides={{ mine: styles.mine, theirs: styles.theirs }}
            />
            {closed ? <p className={styles.notice}>{t('closed')}</p> : null}
          </div>

          <form className={styles.form} onSubmit={(event) => void submit(event)}>
            <label htmlFor={inputId} className={styles.label}>
              {t('inputLabel')}
            </label>
            <textarea
              ref={inputRef}
              id={inputId}
              className={styles.input}
              rows={2}
              maxLength={CHAT_MESSAGE_MAX_LENGTH}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onInputKeyDown}
              disabled={data.load !== 'ready'}
            />
            {!data.staffOnline && data.load === 'ready' ? (
              <>
                <label htmlFor={emailId} className={styles.label}>
                  {t('emailLabel')}
                </label>
                <input
                  id={emailId}
                  className={styles.email}
                  type="email"
                  autoComplete="email"
                  maxLength={254}
                  value={email}
                  aria-describedby={hintId}
                  onChange={(event) => setEmail(event.target.value)}
                />
                <p id={hintId} className={styles.hint}>
                  {t('emailHint')}
                </p>
              </>
            ) : null}
            {error ? (
              <p role="alert" className={styles.error}>
                {error}
              </p>
            ) : null}
            <button
              type="submit"
              className={styles.send}
              disabled={sending || data.load !== 'ready' || text.trim() === ''}
            >
              {sending ? t('sending') : t('send')}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
