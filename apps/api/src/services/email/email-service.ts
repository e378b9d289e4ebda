import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Db } from '@playhouse/db';
import type { OutboxMessage } from '@playhouse/shared';
import { insertOutboxMessage, markOutboxMessage, outboxMessages, type OutboxRow } from './email-queries';

/** An outbox row as staff see it (GET /spa/staff/outbox, `ops outbox`). */
export function toOutboxMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    error: row.error,
  };
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /**
   * Parts of the text that only the recipient may see (a link with a live token). They go to the recipient's mail
   * server or the mail folder, never into the outbox table, a log or an error message.
   */
  secrets?: string[];
}

/** What the outbox keeps in place of a secret part of a message. */
export const WITHHELD_SECRET = '[link withheld: sent to the recipient only]';

function withoutSecrets(email: OutgoingEmail): string {
  let text = email.text;
  for (const secret of email.secrets ?? []) if (secret) text = text.split(secret).join(WITHHELD_SECRET);
  return text;
}

export interface EmailLogger {
  warn: (object: Record<string, unknown>, message: string) => void;
}

export type EmailService = ReturnType<typeof createEmailService>;

/**
 * Every message is recorded in email_outbox with its secret parts withheld (staff read it: `npm run ops -- outbox`,
 * GET /spa/staff/outbox). The whole message goes to the SMTP server when SMTP_URL is set; otherwise, on a demo or
 * development machine, it is written as an .eml file to the mail folder (MAIL_DIR), which only someone on the server
 * reads, as the local mail spool of a machine without a mail relay; without a folder it reaches nobody.
 */
export function createEmailService({
  db,
  smtpUrl,
  spoolDir,
  from,
  logger,
  now = () => new Date(),
}: {
  db: Db;
  smtpUrl: string | undefined;
  spoolDir?: string | undefined;
  from: string;
  logger: EmailLogger;
  now?: () => Date;
}) {
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : spoolDir
      ? nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
      : null;

  const deliveries = new Set<Promise<void>>();

  async function deliver(id: number, email: OutgoingEmail, mailer: nodemailer.Transporter): Promise<void> {
    try {
      const info: { message?: unknown } = await mailer.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
      });
      if (!smtpUrl && spoolDir && Buffer.isBuffer(info.message)) {
        await mkdir(spoolDir, { recursive: true, mode: 0o700 });
        const name = `${now().toISOString().replace(/[:.]/g, '-')}-${id}.eml`;
        await writeFile(path.join(spoolDir, name), info.message, { mode: 0o600 });
      }
      await markOutboxMessage(db, id, { sentAt: now() });
    } catch (error) {
      // The error text of a mail server may quote the message: only what the outbox may hold is kept and logged.
      let message = error instanceof Error ? error.message : String(error);
      for (const secret of email.secrets ?? []) if (secret) message = message.split(secret).join(WITHHELD_SECRET);
      logger.warn({ emailId: id, err: message }, 'mail delivery failed; the message stays in the outbox');
      await markOutboxMessage(db, id, { error: message.slice(0, 1000) }).catch(() => undefined);
    }
  }

  /**
   * Records the message and hands it to SMTP in the background: how long a mail server takes must not show in the
   * response time of a call (it would tell whether an account exists).
   */
  async function send(email: OutgoingEmail): Promise<{ id: number }> {
    const id = await insertOutboxMessage(db, {
      to: email.to,
      subject: email.subject,
      text: withoutSecrets(email),
      createdAt: now(),
    });
    if (transport) {
      const delivery = deliver(id, email, transport).finally(() => deliveries.delete(delivery));
      deliveries.add(delivery);
    }
    return { id };
  }

  /** Waits for the deliveries under way (at shutdown, before the database closes). */
  async function drain(): Promise<void> {
    await Promise.all([...deliveries]);
  }

  /** The newest messages first, optionally only those to one address (case-insensitive). */
  function outbox(query: { to?: string | undefined; limit: number }) {
    return outboxMessages(db, query);
  }

  return { send, drain, outbox, smtpEnabled: smtpUrl !== undefined };
}
