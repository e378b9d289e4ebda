import { desc, eq, ilike } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';

const { emailOutbox } = schema;

/** The outbox's SQL: every e-mail the site sends is a row first. */

export type OutboxRow = typeof emailOutbox.$inferSelect;

export async function insertOutboxMessage(
  executor: DbOrTx,
  values: Pick<OutboxRow, 'to' | 'subject' | 'text' | 'createdAt'>,
): Promise<number> {
  const rows = await executor.insert(emailOutbox).values(values).returning({ id: emailOutbox.id });
  return rows[0]!.id;
}

/** Records a delivery: sent at a time, or the error (already free of secrets) the mail server gave. */
export async function markOutboxMessage(
  executor: DbOrTx,
  id: number,
  outcome: { sentAt: Date } | { error: string },
): Promise<void> {
  await executor.update(emailOutbox).set(outcome).where(eq(emailOutbox.id, id));
}

/** The newest messages first, optionally only those to one address (case-insensitive, matched literally). */
export function outboxMessages(executor: DbOrTx, { to, limit }: { to?: string | undefined; limit: number }) {
  const query = executor.select().from(emailOutbox);
  const filtered = to ? query.where(ilike(emailOutbox.to, to.replace(/[\\%_]/g, '\\$&'))) : query;
  return filtered.orderBy(desc(emailOutbox.id)).limit(limit);
}
