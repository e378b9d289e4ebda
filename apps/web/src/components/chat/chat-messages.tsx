'use client';

import type { ChatMessage } from '@playhouse/shared/contracts/chat';
import { useFormatter, type DateTimeFormatOptions } from 'next-intl';
import styles from './chat-messages.module.css';

type ChatMessagesProps = {
  messages: ChatMessage[];
  /** Whether a message was written from this side of the chat (the visitor's own, the staff's own). */
  mine: (message: ChatMessage) => boolean;
  /** The name shown above a message. */
  author: (message: ChatMessage) => string;
  /** How a message's time is shown (the visitor sees the hour, the staff the date too). */
  time: DateTimeFormatOptions;
  /** Said after the time of a message left while nobody was online. */
  leftOffline: string;
  /** Each side's alignment and colours. */
  sides: { mine: string | undefined; theirs: string | undefined };
};

/** A conversation's messages, oldest first, as the visitor's chat and the staff's chat both show them. */
export function ChatMessages({ messages, mine, author, time, leftOffline, sides }: ChatMessagesProps) {
  const format = useFormatter();
  return (
    <ol className={styles.messages}>
      {messages.map((message) => (
        <li key={message.id} className={`${styles.message} ${mine(message) ? sides.mine : sides.theirs}`}>
          <span className={styles.author}>{author(message)}</span>
          <p className={styles.text}>{message.text}</p>
          <span className={styles.meta}>
            <time dateTime={message.createdAt}>{format.dateTime(new Date(message.createdAt), time)}</time>
            {message.leftOffline ? ` · ${leftOffline}` : null}
          </span>
        </li>
      ))}
    </ol>
  );
}
