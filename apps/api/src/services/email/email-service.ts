import { desc, eq, ilike } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { schema, type Db } from '@playhouse/db';
import type { OutboxMessage } from '@playhouse/shared';

const { emailOutbox } = schema;

/** An outbox row as staff see it (GET /spa/staff/outbox, `ops outbox`). */
export function toOutboxMessage(row: typeof emailOutbox.$inferSelect): OutboxMessage {
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
}

export interface EmailLogger {
  warn: (object: Record<string, unknown>, message: string) => void;
}

export type EmailService = ReturnType<typeof createEmailService>;

/**
 * Every message is recorded in email_outbox; with SMTP_URL set it is also handed to that server and marked sent,
 * otherwise the outbox is where an operator reads it (`npm run ops -- outbox`, GET /spa/staff/outbox).
 */
export function createEmailService({
  db,
  smtpUrl,
  from,
  logger,
  now = () => new Date(),
}: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  logger: EmailLogger;
  now?: () => Date;
}) {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;

  const deliveries = new Set<Promise<void>>();

  async function deliver(id: number, email: OutgoingEmail, smtp: nodemailer.Transporter): Promise<void> {
    try {
      await smtp.sendMail({ from, to: email.to, subject: email.subject, text: email.text });
      await db.update(emailOutbox).set({ sentAt: now() }).where(eq(emailOutbox.id, id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.warn({ emailId: id, err: message }, 'SMTP delivery failed; the message stays in the outbox');
      await db
        .update(emailOutbox)
        .set({ error: message.slice(0, 1000) })
        .where(eq(emailOutbox.id, id))
        .catch(() => undefined);
    }
  }

  /**
   * Records the message and hands it to SMTP in the background: how long a mail server takes must not show in the
   * response time of a call (it would tell whether an account exists).
   */
  async function send(email: OutgoingEmail): Promise<{ id: number }> {
    const rows = await db
      .insert(emailOutbox)
      .values({ to: email.to, subject: email.subject, text: email.text, createdAt: now() })
      .returning({ id: emailOutbox.id });
    const id = rows[0]!.id;
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
  async function outbox({ to, limit }: { to?: string | undefined; limit: number }) {
    const query = db.select().from(emailOutbox);
    const filtered = to ? query.where(ilike(emailOutbox.to, to.replace(/[\\%_]/g, '\\$&'))) : query;
    return filtered.orderBy(desc(emailOutbox.id)).limit(limit);
  }

  return { send, drain, outbox, smtpEnabled: transport !== null };
}
