import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';

const { pspSessions, pspEvents, pspWebhookDeliveries } = schema;

/** The sandbox provider's own SQL: its checkout sessions, their events and the webhook queue. */

export type PspSessionRow = typeof pspSessions.$inferSelect;
type SessionChange = Partial<Pick<PspSessionRow, 'status' | 'cardLast4' | 'declineReason' | 'completedAt'>>;
type DeliveryChange = Partial<
  Pick<
    typeof pspWebhookDeliveries.$inferSelect,
    'status' | 'attempts' | 'lastStatusCode' | 'lastError' | 'deliveredAt' | 'nextAttemptAt'
  >
>;

/** A session by id or by the merchant's reference; `lock` takes it `FOR UPDATE`. */
export async function pspSession(
  executor: DbOrTx,
  by: { id: string } | { reference: string },
  lock = false,
): Promise<PspSessionRow | undefined> {
  const where = 'id' in by ? eq(pspSessions.id, by.id) : eq(pspSessions.merchantReference, by.reference);
  const query = executor.select().from(pspSessions).where(where);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Opens a session for a merchant reference unless one is open for it already; answers the reference's session id. */
export async function insertPspSession(
  executor: DbOrTx,
  values: Pick<PspSessionRow, 'id' | 'merchantReference' | 'amount' | 'currency' | 'returnUrl' | 'createdAt'>,
): Promise<string | undefined> {
  await executor.insert(pspSessions).values(values).onConflictDoNothing({ target: pspSessions.merchantReference });
  const [row] = await executor
    .select({ id: pspSessions.id })
    .from(pspSessions)
    .where(eq(pspSessions.merchantReference, values.merchantReference));
  return row?.id;
}

export async function updatePspSession(
  executor: DbOrTx,
  id: string,
  change: SessionChange,
): Promise<PspSessionRow | undefined> {
  const [row] = await executor.update(pspSessions).set(change).where(eq(pspSessions.id, id)).returning();
  return row;
}

/** Records an event about a session and queues one delivery of it. */
export async function insertPspEvent(
  executor: DbOrTx,
  event: typeof pspEvents.$inferInsert,
  delivery: { url: string; at: Date },
): Promise<void> {
  await executor.insert(pspEvents).values(event);
  await queueDeliveries(executor, [event.id], delivery);
}

export async function pspEventIds(executor: DbOrTx, sessionId: string): Promise<string[]> {
  const rows = await executor.select({ id: pspEvents.id }).from(pspEvents).where(eq(pspEvents.sessionId, sessionId));
  return rows.map((row) => row.id);
}

/** Queues a delivery of each event, due at once. */
export async function queueDeliveries(executor: DbOrTx, eventIds: string[], delivery: { url: string; at: Date }) {
  if (eventIds.length === 0) return;
  await executor
    .insert(pspWebhookDeliveries)
    .values(
      eventIds.map((eventId) => ({ eventId, url: delivery.url, nextAttemptAt: delivery.at, createdAt: delivery.at })),
    );
}

/** Deliveries due at `now`, the oldest first, with their events' payloads. */
export function dueDeliveries(executor: DbOrTx, now: Date, limit: number) {
  return executor
    .select({
      id: pspWebhookDeliveries.id,
      url: pspWebhookDeliveries.url,
      attempts: pspWebhookDeliveries.attempts,
      payload: pspEvents.payload,
    })
    .from(pspWebhookDeliveries)
    .innerJoin(pspEvents, eq(pspEvents.id, pspWebhookDeliveries.eventId))
    .where(and(eq(pspWebhookDeliveries.status, 'pending'), lte(pspWebhookDeliveries.nextAttemptAt, now)))
    .orderBy(asc(pspWebhookDeliveries.nextAttemptAt), asc(pspWebhookDeliveries.id))
    .limit(limit);
}

export async function updateDelivery(executor: DbOrTx, id: number, change: DeliveryChange): Promise<void> {
  await executor.update(pspWebhookDeliveries).set(change).where(eq(pspWebhookDeliveries.id, id));
}

export async function pendingDeliveryCount(executor: DbOrTx): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(pspWebhookDeliveries)
    .where(eq(pspWebhookDeliveries.status, 'pending'));
  return row?.count ?? 0;
}
