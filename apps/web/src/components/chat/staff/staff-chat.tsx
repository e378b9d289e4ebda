'use client';

import {
  CHAT_MESSAGE_MAX_LENGTH,
  type ChatStatus,
  type StaffChatConversationResponse,
  type StaffChatConversationSummary,
} from '@playhouse/shared/contracts/chat';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAction } from '@/components/ui/use-action';
import useSWR from 'swr';
import { SWR_OPTIONS } from '@/lib/swr-options';
import {
  STAFF_CHAT_STREAM_PATH,
  closeConversation,
  fetchStaffConversation,
  fetchStaffConversations,
  markStaffConversationRead,
  parseStaffChatEvent,
  replyToConversation,
} from '@/lib/chat/chat-api';
import { PlayerProfilePanel } from '@/components/back-office/players/player-profile-panel';
import { ChatMessages } from '../chat-messages';
import styles from './staff-chat.module.css';

function who(conversation: StaffChatConversationSummary, visitorLabel: (id: number) => string): string {
  return conversation.playerName ?? visitorLabel(conversation.id);
}

/**
 * The support desk: open (or closed) conversations with unread counts, most recently active first; one opened with
 * its history, marked read while it is on screen, answered and closed. The staff stream keeps both fresh and keeps
 * this staff member shown as online to visitors. A member who may read players sees the conversation's player
 * beside it.
 */
export function StaffChat({ canReadPlayers = false }: { canReadPlayers?: boolean }) {
  const t = useTranslations('staffChat');
  const [status, setStatus] = useState<ChatStatus>('open');
  const [selected, setSelected] = useState<number | null>(null);

  const list = useSWR(['staff-chat', status], () => fetchStaffConversations(status), SWR_OPTIONS);
  const conversation = useSWR(
    selected === null ? null : ['staff-chat-conversation', selected],
    ([, id]) => fetchStaffConversation(id),
    SWR_OPTIONS,
  );

  const refreshList = list.mutate;
  const refreshConversation = conversation.mutate;
  const selectedRef = useRef(selected);
  useEffect(() => {
    selectedRef.current = selected;
  }, [selected]);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(STAFF_CHAT_STREAM_PATH);
    source.addEventListener('changed', (event) => {
      void refreshList();
      void parseStaffChatEvent((event as MessageEvent<string>).data).then((parsed) => {
        if (parsed && parsed.conversationId === selectedRef.current) void refreshConversation();
      });
    });
    // The api lost its database notifications for a moment: anything may have changed.
    source.addEventListener('resync', () => {
      void refreshList();
      if (selectedRef.current !== null) void refreshConversation();
    });
    return () => source.close();
  }, [refreshList, refreshConversation]);

  // What is on screen counts as read: on opening, and as new messages arrive.
  const current = conversation.data;
  const unread = current?.conversation.unreadCount ?? 0;
  useEffect(() => {
    if (!current || unread === 0) return;
    const upTo = current.messages.at(-1)?.id;
    markStaffConversationRead(current.conversation.id, upTo)
      .then(() => Promise.all([refreshList(), refreshConversation()]))
      .catch(() => undefined);
  }, [current, unread, refreshList, refreshConversation]);

  const conversations = list.data?.conversations ?? [];
  const visitorLabel = (id: number) => t('visitor', { id });

  return (
    <div className={styles.desk}>
      <nav className={styles.queue} aria-label={t('conversations')}>
        <div className={styles.tabs}>
          {(['open', 'closed'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className={styles.tab}
              aria-pressed={status === value}
              onClick={() => {
                setStatus(value);
                setSelected(null);
              }}
            >
              {value === 'open' ? t('openTab') : t('closedTab')}
            </button>
          ))}
        </div>
        {list.error ? (
          <div role="alert">
            <p>{t('loadFailed')}</p>
            <button type="button" className={styles.secondary} onClick={() => void list.mutate()}>
              {t('retry')}
            </button>
          </div>
        ) : null}
        {list.data && conversations.length === 0 ? (
          <p className={styles.muted}>{status === 'open' ? t('empty') : t('emptyClosed')}</p>
        ) : null}
        <ul className={styles.list}>
          {conversations.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className={styles.item}
                aria-current={item.id === selected ? 'true' : undefined}
                onClick={() => setSelected(item.id)}
              >
                <span className={styles.name}>{who(item, visitorLabel)}</span>
                {item.unreadCount > 0 ? (
                  <span className={styles.badge}>{t('unread', { count: item.unreadCount })}</span>
                ) : null}
                {item.lastMessage ? <span className={styles.preview}>{item.lastMessage.text}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      </nav>

      <section className={styles.conversation} aria-label={t('history')}>
        {current ? (
          <Conversation
            key={current.conversation.id}
            data={current}
            title={who(current.conversation, visitorLabel)}
            onChanged={() => Promise.all([refreshList(), refreshConversation()]).then(() => undefined)}
          />
        ) : (
          <p className={styles.muted}>{t('select')}</p>
        )}
      </section>
      {canReadPlayers && current?.conversation.playerId ? (
        <PlayerProfilePanel key={current.conversation.playerId} playerId={current.conversation.playerId} />
      ) : null}
    </div>
  );
}

type ConversationProps = {
  data: StaffChatConversationResponse;
  title: string;
  onChanged: () => Promise<void>;
};

function Conversation({ data, title, onChanged }: ConversationProps) {
  const t = useTranslations('staffChat');
  const [text, setText] = useState('');
  const { busy, error: failure, run } = useAction({ errorText: () => t('sendFailed') });
  const inputId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const { conversation, messages } = data;
  const closed = conversation.status === 'closed';

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length]);

  const act = (work: () => Promise<unknown>) =>
    run(async () => {
      await work();
      await onChanged();
    });

  const reply = async (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (!message) return;
    const sent = await act(() => replyToConversation(conversation.id, message));
    if (sent) setText('');
  };

  return (
    <>
      <header className={styles.head}>
        <h2 className={styles.title}>{title}</h2>
        {conversation.contactEmail ? (
          <p className={styles.muted}>{t('contactEmail', { email: conversation.contactEmail })}</p>
        ) : null}
      </header>
      <div ref={logRef} role="log" aria-live="polite" aria-label={t('history')} className={styles.log}>
        {messages.length === 0 ? <p className={styles.muted}>{t('noMessages')}</p> : null}
        <ChatMessages
          messages={messages}
          mine={(message) => message.author === 'staff'}
          author={(message) => (message.author === 'staff' ? (message.staffName ?? '') : t('visitorAuthor'))}
          time={{ dateStyle: 'short', timeStyle: 'short' }}
          leftOffline={t('leftOffline')}
          sides={{ mine: styles.mine, theirs: styles.theirs }}
        />
      </div>
      {closed ? (
        <p className={styles.muted}>{t('closedNote')}</p>
      ) : (
        <form className={styles.form} onSubmit={(event) => void reply(event)}>
          <label htmlFor={inputId} className={styles.label}>
            {t('replyLabel')}
          </label>
          <textarea
            id={inputId}
            className={styles.input}
            rows={3}
            maxLength={CHAT_MESSAGE_MAX_LENGTH}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          {failure ? (
            <p role="alert" className={styles.error}>
              {failure}
            </p>
          ) : null}
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.secondary}
              disabled={busy}
              onClick={() => void act(() => closeConversation(conversation.id))}
            >
              {t('closeConversation')}
            </button>
            <button type="submit" className={styles.primary} disabled={busy || text.trim() === ''}>
              {t('send')}
            </button>
          </div>
        </form>
      )}
    </>
  );
}
