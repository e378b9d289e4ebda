import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { schema, type Db } from '@playhouse/db';
import { pageWindow, type StaffPayment, type StaffPaymentDetail, type StaffPaymentsQuery } from '@playhouse/shared';
import { asCurrency, formatAmount } from '../../lib/amounts';
import { NotFoundError } from '../../lib/errors';
import { boundOf } from '../../lib/period';
import { playerMatches } from '../accounts/account-queries';

const { payments, paymentEvents, pspSessions, pspEvents, pspWebhookDeliveries, users } = schema;

const PAYMENT_SORT_COLUMNS = {
  createdAt: payments.createdAt,
  amount: payments.amount,
  status: payments.status,
} as const;

type PaymentRow = typeof payments.$inferSelect;

function toStaffPayment(row: PaymentRow, login: string): StaffPayment {
  return {
    id: row.id,
    userId: row.userId,
    login,
    method: row.methodCode,
    provider: row.provider,
    amount: formatAmount(row.amount, row.currency),
    currency: asCurrency(row.currency),
    status: row.status,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

export type PaymentStaffService = ReturnType<typeof createPaymentStaffService>;

/** The back office's read side of payments: the list with filters, and one payment with every webhook it got. */
export function createPaymentStaffService({ db }: { db: Db }) {
  return {
    /** Deposits filtered by status, currency, period and player; a CSV export reads the whole result (pageWindow). */
    async list(query: StaffPaymentsQuery) {
      const from = boundOf(query.from, 'from');
      const to = boundOf(query.to, 'to');
      const where = and(
        query.status ? eq(payments.status, query.status) : undefined,
        query.currency ? eq(payments.currency, query.currency) : undefined,
        from ? gte(payments.createdAt, from) : undefined,
        to ? lt(payments.createdAt, to) : undefined,
        query.player ? eq(payments.userId, query.player) : undefined,
        query.q ? playerMatches(query.q) : undefined,
      );
      const order = query.dir === 'asc' ? asc : desc;
      const window = pageWindow(query);
      const [rows, [count]] = await Promise.all([
        db
          .select({ payment: payments, login: users.email })
          .from(payments)
          .innerJoin(users, eq(users.id, payments.userId))
          .where(where)
          .orderBy(order(PAYMENT_SORT_COLUMNS[query.sort]), order(payments.id))
          .limit(window.limit)
          .offset(window.offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(payments)
          .innerJoin(users, eq(users.id, payments.userId))
          .where(where),
      ]);
      return {
        items: rows.map((row) => toStaffPayment(row.payment, row.login)),
        total: count?.total ?? 0,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /**
     * One payment with every webhook event the api received for it (and its outcome), and the sandbox provider's
     * delivery attempts of its events (retries, the status code the api answered, the last error).
     */
    async detail(id: string): Promise<StaffPaymentDetail> {
      const [row] = await db
        .select({ payment: payments, login: users.email })
        .from(payments)
        .innerJoin(users, eq(users.id, payments.userId))
        .where(eq(payments.id, id));
      if (!row) throw new NotFoundError('There is no such payment.');
      const [webhooks, deliveries] = await Promise.all([
        db
          .select({
            id: paymentEvents.id,
            eventId: paymentEvents.eventId,
            type: paymentEvents.type,
            outcome: paymentEvents.outcome,
            receivedAt: paymentEvents.receivedAt,
          })
          .from(paymentEvents)
          .where(eq(paymentEvents.paymentId, id))
          .orderBy(asc(paymentEvents.receivedAt), asc(paymentEvents.id)),
        db
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
          .orderBy(asc(pspWebhookDeliveries.createdAt), asc(pspWebhookDeliveries.id)),
      ]);
      return {
        payment: toStaffPayment(row.payment, row.login),
        webhooks: webhooks.map((event) => ({ ...event, receivedAt: event.receivedAt.toISOString() })),
        deliveries: deliveries.map((delivery) => ({
          ...delivery,
          createdAt: delivery.createdAt.toISOString(),
          deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
        })),
      };
    },
  };
}
