import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { schema, type Db, type DbOrTx, type Tx } from '@playhouse/db';
import type { StaffPaymentsQuery } from '@playhouse/shared';
import { boundOf } from '../../lib/period';
import { playerMatches } from '../accounts/account-queries';

/* The payments domain's SQL: deposits, the provider events they got, and the back office's reads of both. */

const { payments, paymentEvents, pspSessions, pspEvents, pspWebhookDeliveries, users } = schema;

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type NewPaymentEvent = typeof paymentEvents.$inferInsert;

/** A player's deposit created under this idempotency key, if any. */
export async function findPaymentByKey(executor: DbOrTx, userId: number, idempotencyKey: string) {
  const [row] = await executor
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

/** Writes a new deposit; null when a twin request with the same key wrote it first. */
export async function insertPayment(tx: Tx, values: NewPayment): Promise<PaymentRow | null> {
  const [row] = await tx
    .insert(payments)
    .values(values)
    .onConflictDoNothing({ target: [payments.userId, payments.idempotencyKey] })
    .returning();
  return row ?? null;
}

/** The provider's checkout for a deposit: where the player is sent to pay. */
export async function setCheckout(
  db: Db,
  id: string,
  checkout: { sessionId: string; redirectUrl: string },
  now: Date,
): Promise<PaymentRow> {
  const [updated] = await db
    .update(payments)
    .set({ providerSessionId: checkout.sessionId, redirectUrl: checkout.redirectUrl, updatedAt: now })
    .where(eq(payments.id, id))
    .returning();
  if (!updated) throw new Error(`payment ${id} vanished while its checkout opened`);
  return updated;
}

/** A deposit still pending whose provider could not open a checkout: declined, nothing was paid. */
export async function declineUnreachable(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'declined', failureReason: 'provider_unavailable', updatedAt: now })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')));
}

/** The provider's payment, locked for the caller's transaction while an event decides its fate. */
export async function lockProviderPayment(tx: Tx, id: string, provider: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.provider, provider)))
    .for('update');
  return row;
}

export async function declinePayment(tx: Tx, id: string, failureReason: string, now: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'declined', failureReason, updatedAt: now, settledAt: now })
    .where(eq(payments.id, id));
}

export async function markPaymentSucceeded(tx: Tx, id: string, transferId: number, now: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'succeeded', transferId, updatedAt: now, settledAt: now })
    .where(eq(payments.id, id));
}

/** One deposit; with `userId`, only if it is that player's. */
export async function findPayment(db: Db, id: string, userId?: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), userId === undefined ? undefined : eq(payments.userId, userId)));
  return row;
}

/** A player's deposits, newest first, one page, and how many there are. */
export async function listPlayerPayments(db: Db, userId: number, page: { page: number; pageSize: number }) {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(payments).where(eq(payments.userId, userId)),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Stores a provider event by its id; null when that event id was stored before (a redelivery). */
export async function insertPaymentEvent(tx: Tx, values: NewPaymentEvent): Promise<number | null> {
  const [stored] = await tx
    .insert(paymentEvents)
    .values(values)
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning({ id: paymentEvents.id });
  return stored?.id ?? null;
}

export async function setPaymentEventOutcome(tx: Tx, id: number, outcome: string): Promise<void> {
  await tx.update(paymentEvents).set({ outcome }).where(eq(paymentEvents.id, id));
}

const PAYMENT_SORT_COLUMNS = {
  createdAt: payments.createdAt,
  amount: payments.amount,
  status: payments.status,
} as const;

function staffFilter(query: StaffPaymentsQuery): SQL | undefined {
  const from = boundOf(query.from, 'from');
  const to = boundOf(query.to, 'to');
  return and(
    query.status ? eq(payments.status, query.status) : undefined,
    query.currency ? eq(payments.currency, query.currency) : undefined,
    from ? gte(payments.createdAt, from) : undefined,
    to ? lt(payments.createdAt, to) : undefined,
    query.player ? eq(payments.userId, query.player) : undefined,
    query.q ? playerMatches(query.q) : undefined,
  );
}

/** The back office's list: deposits with their player's login, filtered and sorted, one window, and the total. */
export async function listStaffPayments(db: Db, query: StaffPaymentsQuery, window: { limit: number; offset: number }) {
  const where = staffFilter(query);
  const order = query.dir === 'asc' ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ payment: payments, login: users.email })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(where)
      .orderBy(order(PAYMENT_SORT_COLUMNS[query.sort]), order(payments.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(payments).innerJoin(users, eq(users.id, payments.userId)).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** One payment with its player's login. */
export async function findStaffPayment(db: Db, id: string) {
  const [row] = await db
    .select({ payment: payments, login: users.email })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.id, id));
  return row;
}

/** Every webhook event the api received for a payment, in order, with its outcome. */
export function paymentWebhooks(db: Db, id: string) {
  return db
    .select({
      id: paymentEvents.id,
      eventId: paymentEvents.eventId,
      type: paymentEvents.type,
      outcome: paymentEvents.outcome,
      receivedAt: paymentEvents.receivedAt,
    })
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, id))
    .orderBy(asc(paymentEvents.receivedAt), asc(paymentEvents.id));
}

/** The sandbox provider's delivery attempts of a payment's events (retries, answers, the last error). */
export function sandboxDeliveries(db: Db, id: string) {
  return db
    .select({
      id: pspWebhookDeliveries.id,
      eventId: pspWebhookDeliveries.eventId,
      type: pspEvents.type,
      status: pspWebhookDeliveries.status,
      attempts: pspWebhookDeliveries.attempts,
      lastStatusCode: pspWebhookDeliveries.lastStatusCode,
      lastError: pspWebhookDeliveries.lastError,
      createdAt: pspWebhookDeliveries.createdAt,
      deliveredAt: pspWebhookDeliveries.deliveredAt,
    })
    .from(pspWebhookDeliveries)
    .innerJoin(pspEvents, eq(pspEvents.id, pspWebhookDeliveries.eventId))
    .innerJoin(pspSessions, eq(pspSessions.id, pspEvents.sessionId))
    .where(eq(pspSessions.merchantReference, id))
    .orderBy(asc(pspWebhookDeliveries.createdAt), asc(pspWebhookDeliveries.id));
}
