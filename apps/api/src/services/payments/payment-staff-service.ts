import type { Db } from '@playhouse/db';
import { pageWindow, type StaffPayment, type StaffPaymentDetail, type StaffPaymentsQuery } from '@playhouse/shared';
import { asCurrency, formatAmount } from '../../lib/amounts';
import { NotFoundError } from '../../lib/errors';
import {
  findStaffPayment,
  listStaffPayments,
  paymentWebhooks,
  sandboxDeliveries,
  type PaymentRow,
} from './payment-queries';

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
      const { rows, total } = await listStaffPayments(db, query, pageWindow(query));
      return {
        items: rows.map((row) => toStaffPayment(row.payment, row.login)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /**
     * One payment with every webhook event the api received for it (and its outcome), and the sandbox provider's
     * delivery attempts of its events (retries, the status code the api answered, the last error).
     */
    async detail(id: string): Promise<StaffPaymentDetail> {
      const row = await findStaffPayment(db, id);
      if (!row) throw new NotFoundError('There is no such payment.');
      const [webhooks, deliveries] = await Promise.all([paymentWebhooks(db, id), sandboxDeliveries(db, id)]);
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
